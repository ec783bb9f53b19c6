/**
 * The year a reader would cite, from what the first pages print about the paper's publication,
 * best source first: a journal's volume line in the page's header or footer; a publication note
 * citing the paper's own authors ("a modified version of Zeileis (2004), published in …"); the
 * copyright line of a preprint's note; a month and year in a publication note ("published online
 * … on Oct. 2015"); a date line under the authors that is not the file's build date; arXiv's
 * margin stamp. Years in reference lists and of other works are never read: only notes about this
 * very document count. When none holds, no year: a wrong year is worse than none.
 */
import type { Author, Field } from '../record';
import type { FrontMatter } from './authors';
import type { PageLines } from './layout';
import { citedYear, copyrightYear, publishedDateYear, type Note } from './notes';
import { copyrightLineYear, publishedLineYear, volumeLineYear, type PrintedDate } from './patterns';

export interface YearInputs {
  pages: readonly PageLines[];
  /** Baseline of the title on page 1, when one was found. */
  titleY?: number;
  notes: readonly Note[];
  firstAuthor?: Author;
  front?: FrontMatter;
  fileDates: readonly Date[];
  arxivYear?: number;
}

/** Share of the page's height at its top and bottom where running heads and footers sit. */
const HEADER_ZONE = 0.12;
const FOOTER_ZONE = 0.12;
/** A date line closer than this to when the file was made (or after it) is the build date. */
const BUILD_DATE_WINDOW_MS = 366 * 24 * 3600 * 1000;

export function findYear(inputs: YearInputs): Field<number> | undefined {
  const page1 = inputs.pages.find((page) => page.page === 1);
  const header = page1 ? headerYear(page1, inputs.titleY) : undefined;
  if (header) return { value: header, source: 'page-text', confidence: 0.9, from: 'journal header, page 1' };
  for (const note of inputs.notes) {
    const year = citedYear(note, inputs.firstAuthor);
    if (year) return { value: year, source: 'page-text', confidence: 0.85, from: `citation note, page ${note.page}` };
  }
  for (const note of inputs.notes) {
    const year = copyrightYear(note);
    if (year) return { value: year, source: 'page-text', confidence: 0.8, from: `copyright line, page ${note.page}` };
  }
  for (const note of inputs.notes) {
    const year = publishedDateYear(note);
    if (year) return { value: year, source: 'page-text', confidence: 0.8, from: `publication note, page ${note.page}` };
  }
  // The lines a journal prints about the article itself: its head, its foot, its front matter.
  const own = page1 ? ownLines(page1, inputs.titleY, inputs.front?.lines ?? []) : [];
  for (const [read, from, confidence] of [
    [publishedLineYear, 'publication date, page 1', 0.8],
    [copyrightLineYear, 'copyright line, page 1', 0.75],
  ] as const) {
    const year = own.map(read).find((found) => found !== undefined);
    if (year) return { value: year, source: 'page-text', confidence, from };
  }
  const date = inputs.front?.date?.date;
  if (date && !isBuildDate(date, inputs.fileDates)) {
    return { value: date.year, source: 'page-text', confidence: inputs.fileDates.length > 0 ? 0.7 : 0.6, from: 'date line, page 1' };
  }
  if (inputs.arxivYear) return { value: inputs.arxivYear, source: 'page-text', confidence: 0.6, from: 'arXiv stamp, page 1' };
  return undefined;
}

/** A journal's volume line above the title, or in the running head or footer of page 1. */
function headerYear(page: PageLines, titleY: number | undefined): number | undefined {
  return ownLines(page, titleY, [])
    .map(volumeLineYear)
    .find((year) => year !== undefined);
}

/** The text of page 1's head (above the title, or the top of the page), foot, and the given front matter lines. */
function ownLines(page: PageLines, titleY: number | undefined, front: readonly number[]): string[] {
  return page.lines
    .filter(
      (line, index) =>
        (titleY !== undefined && line.y < titleY) || line.y <= page.height * HEADER_ZONE || line.y >= page.height * (1 - FOOTER_ZONE) || front.includes(index),
    )
    .map((line) => line.text);
}

/**
 * A vignette rebuilt in 2023 prints "February 6, 2023" under its authors: the day it was built,
 * not the paper's year. A date within a year of when the file was made (or after it) is taken for
 * a build date. With no file dates to compare, a date with a day (what LaTeX's \today prints) is
 * taken for one too; a month and year alone is a date someone chose.
 */
export function isBuildDate(date: PrintedDate, fileDates: readonly Date[]): boolean {
  if (fileDates.length === 0) return date.day !== undefined;
  const printed = Date.UTC(date.year, (date.month ?? 12) - 1, date.day ?? 28);
  return fileDates.some((file) => printed >= file.getTime() - BUILD_DATE_WINDOW_MS);
}
