/**
 * A page's running text for finding citations: its lines joined (a line-break hyphen before a
 * lower-case letter dropped), every character mapped back to its line and place, so a citation
 * found in the text gets its boxes on the page, and the sentence it stands in.
 */
import type { Box, TextLine } from './types';

export interface PageText {
  text: string;
  /** Plain letters for matching names: one character per character of `text`, accents dropped. */
  folded: string;
  /** For each character: its line (index into `lines`) and place in the line's text; -1 for a joint. */
  line: Int32Array;
  at: Int32Array;
  lines: readonly TextLine[];
}

export function pageText(lines: readonly TextLine[]): PageText {
  const texts: string[] = [];
  let total = 0;
  lines.forEach((l, li) => {
    const next = lines[li + 1];
    // "Hor-" / "nik": the hyphen goes, the word is whole again.
    const hyphenated = next !== undefined && /\p{L}-$/u.test(l.text) && /^\p{Ll}/u.test(next.text);
    const text = hyphenated ? l.text.slice(0, -1) : l.text;
    texts.push(text, hyphenated || next === undefined ? '' : ' ');
    total += text.length + (hyphenated || next === undefined ? 0 : 1);
  });
  const line = new Int32Array(total);
  const at = new Int32Array(total);
  let k = 0;
  for (let li = 0; li < lines.length; li++) {
    const text = texts[li * 2]!;
    for (let i = 0; i < text.length; i++, k++) {
      line[k] = li;
      at[k] = i;
    }
    if (texts[li * 2 + 1]) {
      line[k] = -1;
      at[k] = -1;
      k++;
    }
  }
  const text = texts.join('');
  return { text, folded: foldChars(text), line, at, lines };
}

/** Accents off, one character for one ("Chaussé" -> "Chausse", "ø" -> "o"), so places stay the same. */
export function foldChars(text: string): string {
  // Most pages are plain ASCII: nothing to fold.
  if (!/[^\x00-\x7f]/.test(text)) return text;
  let out = '';
  for (const c of text) {
    if (c.charCodeAt(0) < 128) out += c;
    else {
      const base = c.normalize('NFD')[0] ?? c;
      out += base.charCodeAt(0) < 128 ? base : (SIMPLE[c] ?? c);
    }
    // Astral characters take two code units in `text`: keep the lengths equal.
    if (c.length === 2) out += ' ';
  }
  return out;
}

const SIMPLE: Record<string, string> = { ß: 's', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', æ: 'a', Æ: 'A', œ: 'o', Œ: 'O', '’': "'", '‘': "'" };

/** The boxes of text[start, end): one per line it runs over. */
export function boxesOf(page: PageText, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let i = start;
  while (i < end) {
    const li = page.line[i]!;
    if (li < 0) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < end && (page.line[j + 1] === li || page.line[j + 1] === -1)) j++;
    while (page.line[j] === -1) j--;
    const line = page.lines[li]!;
    const x0 = xAt(line, page.at[i]!);
    const x1 = xAt(line, page.at[j]! + 1);
    const round = (v: number) => Math.round(v * 10) / 10;
    boxes.push([round(x0), round(line.y - line.size * 0.8), round(Math.max(x1, x0 + 1)), round(line.y + line.size * 0.25)]);
    i = j + 1;
  }
  return boxes;
}

/** Where a character of a line starts: its span's left edge plus its share of the span's width. */
function xAt(line: TextLine, index: number): number {
  let span = line.spans[0]!;
  let spanEnd = line.text.length;
  for (let s = 0; s < line.spans.length; s++) {
    if (line.spans[s]!.start <= index) {
      span = line.spans[s]!;
      spanEnd = line.spans[s + 1]?.start ?? line.text.length;
    }
  }
  const length = Math.max(1, spanEnd - span.start);
  return span.x + (span.width * Math.min(length, index - span.start)) / length;
}

/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATION = /(?:\b(?:al|e\.g|i\.e|cf|vs|etc|Fig|Figs|Eq|Eqs|Sec|Ch|pp|p|No|Vol|Dr|Mr|Mrs|Prof|St|resp|approx)|\b\p{Lu})$/u;

/**
 * The sentence around text[start, end), at most `max` characters: from the last sentence end
 * before it (or a line set in another size: a title, a heading) to the next one after it.
 */
export function sentenceAround(page: PageText, start: number, end: number, max: number): string {
  const { text } = page;
  const size = sizeAt(page, start);
  let from = start;
  const floor = Math.max(0, start - max / 2);
  while (from > floor) {
    const c = text[from - 1]!;
    if (/[.!?]/.test(c) && /\s/.test(text[from] ?? ' ') && !ABBREVIATION.test(text.slice(Math.max(0, from - 8), from - 1))) break;
    if (page.line[from - 1] === -1 && Math.abs(sizeAt(page, from - 2) - size) > size * 0.1) break;
    from--;
  }
  let to = end;
  const ceiling = Math.min(text.length, end + max / 2);
  while (to < ceiling) {
    const c = text[to]!;
    to++;
    if (/[.!?]/.test(c) && /\s|$/.test(text[to] ?? ' ') && !ABBREVIATION.test(text.slice(Math.max(0, to - 9), to - 1))) break;
    if (page.line[to] === -1 && Math.abs(sizeAt(page, to + 1) - size) > size * 0.1) break;
  }
  return text.slice(from, to).replace(/\s+/g, ' ').trim();
}

function sizeAt(page: PageText, at: number): number {
  const line = page.line[Math.max(0, Math.min(at, page.line.length - 1))]!;
  return line >= 0 ? page.lines[line]!.size : 0;
}
