/**
 * The front matter between the title and the abstract: who wrote the paper (in the page's order:
 * row by row, left to right), and a date line if one is printed there. Names are the segments that
 * read as names (names.ts) in the size and font of the first such segment; affiliations, e-mail
 * addresses and anything in another size or font are passed over.
 */
import type { Author } from '../record';
import { sameSize, type Line, type PageLines, type Segment } from './layout';
import { parseNames } from './names';
import { endsFrontMatter, isEmailOrUrl, parseDateLine, type PrintedDate } from './patterns';
import type { TitleFound } from './title';

export interface FrontMatter {
  authors: Author[];
  /** A line that is only a date ("February 6, 2023", "Feb 2005"), as printed. */
  date?: { printed: string; date: PrintedDate };
  /** Indexes of the front matter's lines in `page.lines` (after the title, before the abstract). */
  lines: number[];
}

/** How far below the title the front matter may reach, as a share of the page's height. */
const FRONT_MATTER_DEPTH = 0.45;

export function readFrontMatter(page: PageLines, title: TitleFound): FrontMatter {
  const lines = frontMatterLines(page, title);
  const names: { segment: Segment; authors: Author[] }[] = [];
  let date: FrontMatter['date'];
  for (const index of lines) {
    for (const segment of page.lines[index]!.segments) {
      if (isEmailOrUrl(segment.text)) continue;
      const printed = parseDateLine(segment.text);
      if (printed) {
        date ??= { printed: segment.text, date: printed };
        continue;
      }
      const authors = parseNames(segment.text);
      if (authors) names.push({ segment, authors });
    }
  }
  const first = names[0]?.segment;
  const authors = names
    .filter(({ segment }) => first && sameSize(segment.size, first.size) && (!first.font || !segment.font || segment.font === first.font))
    .flatMap(({ authors: found }) => found);
  return { authors: distinct(authors), ...(date ? { date } : {}), lines };
}

/** The lines after the title up to the abstract, the first heading, or the first paragraph of body text. */
function frontMatterLines(page: PageLines, title: TitleFound): number[] {
  const indexes: number[] = [];
  for (let index = title.lastLine + 1; index < page.lines.length; index++) {
    const line = page.lines[index]!;
    if (line.y > title.y + page.height * FRONT_MATTER_DEPTH) break;
    if (endsFrontMatter(line.text)) break;
    // A long line of names in the body size (a two-column journal's byline) is still front matter.
    if (isBodyText(line, page) && !line.segments.some((segment) => parseNames(segment.text))) break;
    indexes.push(index);
  }
  return indexes;
}

/**
 * A line of running text: in the body size, with a long stretch of text as wide as a column
 * (affiliations side by side are as long in all, but each is narrow).
 */
function isBodyText(line: Line, page: PageLines): boolean {
  return line.size <= page.bodySize * 1.05 && line.segments.some((segment) => segment.text.length >= 50 && segment.width >= page.width * 0.4);
}

function distinct(authors: Author[]): Author[] {
  const seen = new Set<string>();
  return authors.filter((author) => {
    const key = `${author.family}|${author.given}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
