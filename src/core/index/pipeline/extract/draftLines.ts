/**
 * The readable text of a draft (a LaTeX or Quarto / R Markdown source, ./latex.ts and
 * ./quarto.ts) as the Markdown-like lines the chunker reads, each with the [first, last] line of
 * the source it came from (`ExtractedDocument.sourceLines`): a chunk cites the lines of the
 * `.tex` file the user opens, not lines of this text. Headings are `#` lines (each starts a
 * section), paragraphs are separated by one blank line, code sits between ``` fences.
 */
import type { BlockText } from './blockText';

/** A draft's text as extraction returns it: the lines, their source lines, what to tell the user, whether the text limit cut it. */
export interface DraftText extends BlockText {
  warnings: string[];
  cut: boolean;
}

/** A prose line the chunker would misread as a heading or a fence: `\# of runs` printed as "# of runs". */
const MARKUP_START = /^(?:\s{0,3}#{1,6}(?:\s|$)|\s{0,3}(?:```|~~~))/;

export class DraftLines {
  private readonly lines: string[] = [];
  private readonly ranges: Array<[number, number]> = [];
  private current = '';
  private first = 0;
  private last = 0;
  private chars = 0;

  constructor(private readonly maxChars = Number.POSITIVE_INFINITY) {}

  /** True once the text reached `maxChars`: the caller stops reading, and the rest is not indexed. */
  get full(): boolean {
    return this.chars >= this.maxChars;
  }

  /** Prose from source line `line`, appended to the current line (runs of spaces become one). */
  add(text: string, line: number): void {
    if (text === '') return;
    const piece = text.replace(/[ \t\r\f\v]+/g, ' ');
    if (this.current === '') {
      const trimmed = piece.trimStart();
      if (trimmed === '') return;
      this.current = trimmed;
      this.first = line;
      this.last = line;
      return;
    }
    this.current += this.current.endsWith(' ') && piece.startsWith(' ') ? piece.slice(1) : piece;
    this.last = Math.max(this.last, line);
  }

  /** The current line's text so far (a caller joining "- " to a list item reads it). */
  get pending(): string {
    return this.current;
  }

  /** Ends the current line of prose; a line with no text yet ends nothing (a line of only `\label{…}` is no paragraph break). */
  endLine(): void {
    const text = this.current.trimEnd();
    this.current = '';
    if (text === '') return;
    this.push(MARKUP_START.test(text) ? `\\${text.trimStart()}` : text, this.first, this.last);
  }

  /** A paragraph break: the current line ends, and one blank line follows (never two, never at the top). */
  paragraph(line: number): void {
    this.endLine();
    if (this.lines.length > 0 && this.lines[this.lines.length - 1] !== '') this.push('', line, line);
  }

  /** A line of its own, as given (a heading, a fence, a line of code): the current line ends first. */
  own(text: string, first: number, last = first): void {
    this.endLine();
    this.push(text, first, last);
  }

  /** A heading line (`#` repeated `level` times), set apart by blank lines. */
  heading(level: number, title: string, first: number, last: number): void {
    const text = title.replace(/\s+/g, ' ').trim();
    if (text === '') return;
    this.paragraph(first);
    this.push(`${'#'.repeat(Math.min(6, Math.max(1, level)))} ${text}`, first, last);
    this.push('', last, last);
  }

  finish(): BlockText & { cut: boolean } {
    this.endLine();
    while (this.lines.length > 0 && this.lines[this.lines.length - 1] === '') {
      this.lines.pop();
      this.ranges.pop();
    }
    return { text: this.lines.join('\n'), sourceLines: this.ranges, cut: this.full };
  }

  private push(text: string, first: number, last: number): void {
    if (this.full) return;
    const room = this.maxChars - this.chars;
    const kept = text.length + 1 > room ? text.slice(0, Math.max(0, room - 1)) : text;
    this.lines.push(kept);
    this.ranges.push([first, Math.max(first, last)]);
    this.chars += kept.length + 1;
  }
}

/** 1-based line numbers of character offsets in `text` (a binary search over the line starts). */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}
