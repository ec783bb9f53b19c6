/**
 * Where a paper's reference list is: after its last "References" heading (or Bibliography,
 * Literature Cited, …), up to the next section (an appendix, the authors' addresses) or the end,
 * over as many pages as it runs; running heads, feet and page numbers left out. A list without a
 * heading is found as a run of numbered entries ("[1]", "[2]", …) near the end.
 */
import type { PageLines, TextLine } from './types';

export interface SectionLine {
  page: number;
  /** Index of the page in the pages read (not the page number). */
  pageIndex: number;
  line: TextLine;
}

export interface ReferenceSection {
  heading: string;
  lines: SectionLine[];
}

/** A heading of a reference list, alone on its line, maybe numbered ("7 References", "VII. REFERENCES"). */
const HEADING =
  /^(?:(?:\d{1,2}|[IVX]{1,5}|[A-Z])(?:\.\d{1,2})*\.?\s+)?(?:references?|bibliography|literature cited|works cited|cited literature|literature|reference list|references and notes|bibliographie|literatur(?:verzeichnis)?|références|referencias|bibliografía|bibliografia)\s*:?$/i;

/** What ends a reference list: the next section of a paper's back matter. */
const NEXT_SECTION =
  /^(?:(?:[A-Z]|\d{1,2})(?:\.\d{1,2})*\.?\s+)?(?:appendix|appendices|affiliations?|acknowledge?ments?|supplementary|supporting information|about the authors?|authors?'? (?:addresses|information|contributions)|biograph(?:y|ies)|index|glossary|footnotes|notes)\b/i;

/** At most this many pages after the heading are read as the list (5,000 entries in small print fit in ~150). */
export const MAX_SECTION_PAGES = 400;

export function findReferenceSection(pages: readonly PageLines[]): ReferenceSection | null {
  const running = runningLines(pages);
  const candidates: Array<{ pageIndex: number; lineIndex: number }> = [];
  pages.forEach((page, pageIndex) =>
    page.lines.forEach((line, lineIndex) => {
      if (line.text.length <= 40 && HEADING.test(line.text.trim()) && !running.has(key(pageIndex, lineIndex))) candidates.push({ pageIndex, lineIndex });
    }),
  );
  // The last heading followed by something list-like: an earlier one is a table of contents or a sentence's word.
  for (const candidate of candidates.reverse()) {
    const lines = linesAfter(pages, candidate.pageIndex, candidate.lineIndex + 1, running);
    if (lines.filter((l) => /\b(1[5-9]\d\d|20\d\d)\b|^\s*\[\d+\]/.test(l.line.text)).length >= 1) {
      return { heading: pages[candidate.pageIndex]!.lines[candidate.lineIndex]!.text.trim(), lines };
    }
  }
  return numberedListWithoutHeading(pages, running);
}

function key(pageIndex: number, lineIndex: number): string {
  return `${pageIndex}:${lineIndex}`;
}

/** The list's lines from a start, up to the next section or the page limit. */
function linesAfter(pages: readonly PageLines[], pageIndex: number, lineIndex: number, running: ReadonlySet<string>): SectionLine[] {
  const lines: SectionLine[] = [];
  let listSize = 0;
  for (let p = pageIndex; p < pages.length && p <= pageIndex + MAX_SECTION_PAGES; p++) {
    const page = pages[p]!;
    for (let l = p === pageIndex ? lineIndex : 0; l < page.lines.length; l++) {
      if (running.has(key(p, l))) continue;
      const line = page.lines[l]!;
      const text = line.text.trim();
      if (lines.length > 0 && endsTheList(line, text, listSize)) return lines;
      lines.push({ page: page.page, pageIndex: p, line });
      // The list's type size: the most common among its first lines.
      if (lines.length === 8) listSize = typicalSize(lines.map((x) => x.line));
    }
  }
  return lines;
}

function endsTheList(line: TextLine, text: string, listSize: number): boolean {
  if (text.length <= 80 && NEXT_SECTION.test(text)) return true;
  // A heading: set larger than the list, short, starting a new section ("A. R code", "7 Appendix").
  return listSize > 0 && line.size >= listSize * 1.15 && text.length <= 80 && /^(?:[A-Z]|\d{1,2})(?:\.\d{1,2})*\.?\s+\p{Lu}/u.test(text);
}

function typicalSize(lines: readonly TextLine[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line.size, (counts.get(line.size) ?? 0) + line.text.length);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * Lines that repeat at the top or bottom of pages (running heads and feet: a title, the authors'
 * names, a journal banner) and bare page numbers there, by page and line index. A line counts
 * when its text, digits aside, is printed at about the same height on two other pages.
 */
export function runningLines(pages: readonly PageLines[]): Set<string> {
  const edge = (page: PageLines, line: TextLine) => line.y < page.height * 0.1 || line.y > page.height * 0.9;
  const shape = (text: string) => text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
  const seen = new Map<string, number>();
  for (const page of pages) {
    const shapes = new Set(page.lines.filter((line) => edge(page, line)).map((line) => `${shape(line.text)}@${Math.round(line.y / 6)}`));
    for (const s of shapes) seen.set(s, (seen.get(s) ?? 0) + 1);
  }
  const running = new Set<string>();
  pages.forEach((page, p) =>
    page.lines.forEach((line, l) => {
      if (!edge(page, line)) return;
      const s = shape(line.text);
      const near = [-1, 0, 1].reduce((n, d) => n + (seen.get(`${s}@${Math.round(line.y / 6) + d}`) ?? 0), 0);
      if (/^[#ivxlc\s|.\-–]*$/.test(s) || near >= 3) running.add(key(p, l));
    }),
  );
  return running;
}

/** A list without a heading: a run of lines labelled [1], [2], … in order, starting in the last half of the document. */
function numberedListWithoutHeading(pages: readonly PageLines[], running: ReadonlySet<string>): ReferenceSection | null {
  for (let p = pages.length - 1; p >= Math.floor(pages.length / 2); p--) {
    const page = pages[p]!;
    for (let l = 0; l < page.lines.length; l++) {
      if (!/^\s*\[1\]\s+\S/.test(page.lines[l]!.text)) continue;
      const lines = linesAfter(pages, p, l, running);
      let next = 2;
      for (const { line } of lines) if (new RegExp(`^\\s*\\[${next}\\]\\s`).test(line.text)) next++;
      if (next >= 4) return { heading: '', lines };
    }
  }
  return null;
}
