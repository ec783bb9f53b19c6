/**
 * Turns an extracted document into a flat list of "units" (a line, or a piece of an overlong line)
 * that the chunker packs into chunks. Each unit knows where it comes from (page or line number),
 * the heading in force, and how good a place it is to start a new chunk.
 */
import type { ExtractedDocument } from '../types';

/** How good a chunk boundary just before a unit is. Higher is better. */
export const Break = {
  /** Mid-sentence. */
  Line: 1,
  /** The previous line ended a sentence. */
  Sentence: 2,
  /** A new paragraph (after a blank line or a short last line of a paragraph). */
  Paragraph: 3,
  /** A new physical page. */
  Page: 4,
  /** A section heading: always starts a new chunk (Markdown/text). */
  Heading: 5,
} as const;
export type Break = (typeof Break)[keyof typeof Break];

export interface Unit {
  text: string;
  /** 1-based physical page (PDFs), else null. */
  page: number | null;
  /** 1-based line (Markdown/text), else null. */
  line: number | null;
  /** True for the second and later pieces of a line that was longer than a chunk. */
  continuesLine: boolean;
  /** Markdown/text: where the unit's text sits in the whole file, so chunk text is an exact slice. */
  start: number;
  end: number;
  breakBefore: Break;
  isHeading: boolean;
  /** Nearest heading at this unit (the unit itself when it is a heading). */
  heading: string | null;
}

const SENTENCE_END = /[.!?:;)]["'’”]?$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const ATX_HEADING = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
// A line underlined by one repeated punctuation character (reStructuredText, Setext Markdown).
const UNDERLINE = /^\s*([=\-~^*+#])\1{2,}\s*$/;
// PDF heading heuristic: numbered section titles ("4.3.1 The Set Builtin", "Chapter 5: ...").
const PDF_HEADING = /^(?:(?:Chapter|Appendix|Section|Part)\s+[\dA-Z]+[.:]?|\d+(?:\.\d+){0,4}\.?)\s+[A-Z][^.]{1,80}$/;

export function documentUnits(doc: ExtractedDocument, maxUnitLength: number): Unit[] {
  return doc.kind === 'pdf' ? pdfUnits(doc.pages, maxUnitLength) : textUnits(doc.pages.join('\n'), maxUnitLength);
}

function textUnits(content: string, maxUnitLength: number): Unit[] {
  const rawLines = content.split('\n');
  const lines = rawLines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const units: Unit[] = [];
  let heading: string | null = null;
  let inFence = false;
  let pendingBreak: Break = Break.Paragraph;
  let offset = 0;
  for (let i = 0; i < lines.length; offset += (rawLines[i]?.length ?? 0) + 1, i++) {
    const text = lines[i] ?? '';
    if (FENCE.test(text)) inFence = !inFence;
    if (text.trim() === '') {
      pendingBreak = Math.max(pendingBreak, Break.Paragraph) as Break;
      continue;
    }
    // An underline belongs to the heading above it; it is kept in that heading's unit range.
    if (!inFence && UNDERLINE.test(text) && units.at(-1)?.isHeading && units.at(-1)?.line === i) {
      units.push({
        text,
        page: null,
        line: i + 1,
        continuesLine: false,
        start: offset,
        end: offset + text.length,
        breakBefore: Break.Line,
        isHeading: false,
        heading,
      });
      continue;
    }
    const headingText = inFence ? null : headingOf(text, lines[i + 1]);
    if (headingText !== null) heading = headingText;
    const breakBefore = headingText !== null ? Break.Heading : pendingBreak;
    pushLine(units, text, { page: null, line: i + 1, start: offset, breakBefore, isHeading: headingText !== null, heading }, maxUnitLength);
    pendingBreak = SENTENCE_END.test(text.trimEnd()) ? Break.Sentence : Break.Line;
  }
  return units;
}

function headingOf(line: string, next: string | undefined): string | null {
  const atx = ATX_HEADING.exec(line);
  if (atx?.[2]) return atx[2];
  const trimmed = line.trim();
  if (next !== undefined && UNDERLINE.test(next) && trimmed.length > 0 && trimmed.length <= 120) {
    const underlineLength = next.trim().length;
    // A real underline is about as long as its title; this keeps "----" rules under prose out.
    if (Math.abs(underlineLength - trimmed.length) <= 3 || underlineLength >= trimmed.length) return trimmed;
  }
  return null;
}

function pdfUnits(pages: string[], maxUnitLength: number): Unit[] {
  const units: Unit[] = [];
  let heading: string | null = null;
  const pageLines = pages.map((pageText) => pageText.split(/\r?\n/).map((l) => l.trim()));
  const boilerplate = runningLines(pageLines);
  pageLines.forEach((lines, index) => {
    const typical = typicalLength(lines);
    const edges = new Set(edgeIndexes(lines));
    let pendingBreak: Break = Break.Page;
    for (const [lineIndex, text] of lines.entries()) {
      if (text === '') {
        pendingBreak = Math.max(pendingBreak, Break.Paragraph) as Break;
        continue;
      }
      if (edges.has(lineIndex) && boilerplate.has(lineShape(text))) {
        // A running header ("Chapter 5: Shell Variables 89") still tells which section we are in.
        if (PDF_HEADING.test(text.replace(/\s*\d+$/, ''))) heading = text.replace(/\s*\d+$/, '');
        continue;
      }
      const isHeading = PDF_HEADING.test(text);
      if (isHeading) heading = text;
      const breakBefore = isHeading ? (Math.max(pendingBreak, Break.Paragraph) as Break) : pendingBreak;
      pushLine(units, text, { page: index + 1, line: null, start: 0, breakBefore, isHeading, heading }, maxUnitLength);
      // PDF text has no blank lines between paragraphs: a short line ending a sentence is the usual tell.
      const endsSentence = SENTENCE_END.test(text);
      pendingBreak = endsSentence && text.length < typical * 0.8 ? Break.Paragraph : endsSentence ? Break.Sentence : Break.Line;
    }
  });
  return units;
}

/**
 * Running headers and footers ("Auto Multiple Choice 4 / 92") repeat on most pages. Left in, they
 * make every chunk of a manual match the manual's title words and drown the chunk that answers.
 * One is a line (digits ignored) among the first or last EDGE_LINES lines of at least a quarter
 * of the pages of a document of 6+ pages. Only lines at those edge positions are dropped, so a
 * body line that happens to repeat ("Default: 0") stays.
 */
const EDGE_LINES = 3;

function edgeIndexes(lines: string[]): number[] {
  const filled = lines.map((l, i) => (l.length > 0 ? i : -1)).filter((i) => i >= 0);
  return [...new Set([...filled.slice(0, EDGE_LINES), ...filled.slice(-EDGE_LINES)])];
}

function runningLines(pageLines: string[][]): Set<string> {
  const boilerplate = new Set<string>();
  if (pageLines.length < 6) return boilerplate;
  const pagesWith = new Map<string, number>();
  for (const lines of pageLines) {
    const shapes = new Set(
      edgeIndexes(lines)
        .map((i) => lines[i]!)
        .filter((l) => l.length <= 120)
        .map(lineShape),
    );
    for (const shape of shapes) pagesWith.set(shape, (pagesWith.get(shape) ?? 0) + 1);
  }
  for (const [shape, count] of pagesWith) if (count >= pageLines.length / 4 && /\p{L}{2}/u.test(shape)) boilerplate.add(shape);
  return boilerplate;
}

/** A line with its numbers blanked out, so "Page 4 of 92" and "Page 5 of 92" are the same line. */
function lineShape(line: string): string {
  return line.replace(/\d+/g, '#');
}

/** The length of a full line of body text on this page (the 75th percentile of line lengths). */
function typicalLength(lines: string[]): number {
  const lengths = lines
    .map((l) => l.length)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length * 0.75)] ?? 0;
}

type UnitPlace = Omit<Unit, 'text' | 'continuesLine' | 'end'>;

/**
 * Adds one line, cut into pieces at sentence (else word) boundaries when it is longer than a chunk.
 * Units are built field by field in one order (not spread from `place`): one hidden class for
 * every unit, and no per-line copy of `place`'s keys (this ran for every line of every page).
 */
function pushLine(units: Unit[], text: string, place: UnitPlace, maxUnitLength: number): void {
  const { page, line, breakBefore, isHeading, heading } = place;
  if (text.length <= maxUnitLength) {
    units.push({ text, page, line, continuesLine: false, start: place.start, end: place.start + text.length, breakBefore, isHeading, heading });
    return;
  }
  let rest = text;
  let first = true;
  let start = place.start;
  while (rest.length > 0) {
    const cut = rest.length <= maxUnitLength ? rest.length : cutPoint(rest, maxUnitLength);
    units.push({
      text: rest.slice(0, cut),
      page,
      line,
      continuesLine: !first,
      start,
      end: start + cut,
      breakBefore: first ? breakBefore : Break.Sentence,
      isHeading: first && isHeading,
      heading,
    });
    rest = rest.slice(cut);
    start += cut;
    first = false;
  }
}

function cutPoint(text: string, max: number): number {
  const window = text.slice(0, max);
  const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
  if (sentence > max / 2) return sentence + 2;
  const space = window.lastIndexOf(' ');
  return space > max / 2 ? space + 1 : max;
}
