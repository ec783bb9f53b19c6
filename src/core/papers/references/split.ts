/**
 * A reference list's lines cut into entries. Numbered lists start an entry at each label in
 * sequence ("[1]", "2."); others by their layout: a hanging indent (an entry's first line flush
 * left, the rest indented: most styles), else a wider gap between entries than between lines.
 * Each column of a two-column page has its own left edge. An entry's text is its lines joined:
 * a line-break hyphen goes when the document spells the word whole, a URL or DOI broken over
 * lines is joined without a space.
 */
import type { SectionLine } from './section';
import type { TextLine } from './types';

/** An entry's text, where it starts, and which font each stretch of it is set in. */
export interface RawEntry {
  label?: string;
  text: string;
  page: number;
  /** Stretches of `text` by font: [start, end) and the font's id (absent for OCR'd text). */
  fonts: Array<{ start: number; end: number; font?: string }>;
  /** The text was cut at MAX_RAW characters. */
  cut: boolean;
  /** The lines it was read from (for boxes and limits). */
  lines: SectionLine[];
}

/** An entry's text is kept to this many characters; the rest of a runaway entry is dropped. */
export const MAX_RAW = 2000;
/** Entries read from one list at most. */
export const MAX_ENTRIES = 5000;

const LABEL = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})\.(?=\s)|\((\d{1,4})\)(?=\s))\s*/;

export function splitEntries(lines: readonly SectionLine[], words: { has(word: string): boolean }): { entries: RawEntry[]; numbered: boolean } {
  const columns = columnsOf(lines);
  const numbered = isNumbered(lines);
  const starts = numbered ? numberedStarts(lines) : layoutStarts(lines, columns);
  const entries: RawEntry[] = [];
  let current: SectionLine[] = [];
  const flush = () => {
    if (current.length > 0 && entries.length < MAX_ENTRIES) entries.push(joinLines(current, words));
    current = [];
  };
  lines.forEach((line, i) => {
    if (starts[i]) flush();
    if (current.length > 0 || starts[i]) current.push(line);
  });
  flush();
  return { entries, numbered };
}

function labelOf(text: string): number | null {
  const m = LABEL.exec(text);
  return m ? Number(m[1] ?? m[2] ?? m[3]) : null;
}

/** Most labelled lines count up from 1 or 2. */
function isNumbered(lines: readonly SectionLine[]): boolean {
  let next = 1;
  let hits = 0;
  for (const { line } of lines) {
    const label = labelOf(line.text);
    if (label === null) continue;
    if (label === next || (hits === 0 && label <= 2)) {
      hits++;
      next = label + 1;
    }
  }
  return hits >= 2;
}

function numberedStarts(lines: readonly SectionLine[]): boolean[] {
  let next = 1;
  return lines.map(({ line }, i) => {
    const label = labelOf(line.text);
    if (label !== null && (label === next || (i === 0 && label <= 2) || (label > next && label <= next + 3))) {
      next = label + 1;
      return true;
    }
    return i === 0;
  });
}

/** 0 for a line in a page's left column (or a one-column page), 1 for its right column. */
function columnsOf(lines: readonly SectionLine[]): number[] {
  const twoColumn = new Map<number, boolean>();
  const byPage = new Map<number, SectionLine[]>();
  for (const l of lines) byPage.set(l.pageIndex, [...(byPage.get(l.pageIndex) ?? []), l]);
  for (const [page, pageLines] of byPage) {
    const width = Math.max(...pageLines.map((l) => l.line.right));
    const right = pageLines.filter((l) => l.line.x > width * 0.45).length;
    const left = pageLines.filter((l) => l.line.right < width * 0.6).length;
    twoColumn.set(page, right >= 3 && left >= 3 && right + left >= pageLines.length * 0.8);
  }
  return lines.map((l) => {
    if (!twoColumn.get(l.pageIndex)) return 0;
    const width = Math.max(...byPage.get(l.pageIndex)!.map((x) => x.line.right));
    return l.line.x > width * 0.45 ? 1 : 0;
  });
}

/**
 * Entry starts by layout: each column's left edge, then a hanging indent (flush lines start
 * entries) or, with every line flush, a gap wider than the column's usual line spacing.
 */
function layoutStarts(lines: readonly SectionLine[], columns: readonly number[]): boolean[] {
  const groups = new Map<string, number[]>();
  lines.forEach((l, i) => {
    const k = `${l.pageIndex}:${columns[i]}`;
    groups.set(k, [...(groups.get(k) ?? []), i]);
  });
  const flush = lines.map(() => false);
  let indented = 0;
  for (const members of groups.values()) {
    const xs = members.map((i) => lines[i]!.line.x).sort((a, b) => a - b);
    // The left edge: the lowest x shared by a few lines (one stray line further left does not move it).
    const edge = xs.find((x, k) => xs.filter((y) => Math.abs(y - x) < 1.5).length >= Math.min(2, xs.length) || k === xs.length - 1)!;
    for (const i of members) {
      const l = lines[i]!.line;
      if (l.x - edge < Math.max(2, l.size * 0.4)) flush[i] = true;
      else indented++;
    }
  }
  if (indented >= lines.length * 0.1) return flush;
  const gaps = gapStarts(lines, columns);
  if (gaps.filter(Boolean).length >= 2) return gaps;
  return patternStarts(lines);
}

/**
 * Neither an indent nor gaps (a list set flush and evenly, a scan's uneven edges): an entry
 * starts on a line that opens with a name and soon prints a year, after a line that ended one.
 */
function patternStarts(lines: readonly SectionLine[]): boolean[] {
  return lines.map(({ line }, i) => {
    if (i === 0) return true;
    const previous = lines[i - 1]!.line.text.trimEnd();
    const ended = /[.)]$|\S*(?:doi|https?:|www\.)\S*$/i.test(previous);
    return ended && ENTRY_OPENING.test(line.text);
  });
}

/** "Zeileis A (2004)", "Bennett, K. P. & …(2000)", "L. Breiman. …, 2001.", "R Core Team (2015)": a name, and a year within the first words. */
const ENTRY_OPENING = /^(?:\p{Lu}[\p{L}'’-]*\.?,?\s+){1,8}.{0,160}?(?<!\d)(?:1[5-9]\d\d|20\d\d)(?!\d)/u;

/** Every line flush: an entry starts after a gap wider than the usual spacing of lines. */
function gapStarts(lines: readonly SectionLine[], columns: readonly number[]): boolean[] {
  const gaps: number[] = [];
  lines.forEach((l, i) => {
    const previous = lines[i - 1];
    if (previous && previous.pageIndex === l.pageIndex && columns[i - 1] === columns[i] && l.line.y > previous.line.y) gaps.push(l.line.y - previous.line.y);
  });
  const sorted = [...gaps].sort((a, b) => a - b);
  const usual = sorted[Math.floor(sorted.length * 0.3)] ?? 0;
  return lines.map((l, i) => {
    const previous = lines[i - 1];
    if (!previous || previous.pageIndex !== l.pageIndex || columns[i - 1] !== columns[i] || l.line.y <= previous.line.y) return true;
    return usual > 0 && l.line.y - previous.line.y > usual * 1.3;
  });
}

/** Joins an entry's lines into its text, keeping which font each stretch is in. */
export function joinLines(lines: readonly SectionLine[], words: { has(word: string): boolean }): RawEntry {
  let text = '';
  const fonts: RawEntry['fonts'] = [];
  let cut = false;
  for (const [i, { line }] of lines.entries()) {
    if (text.length >= MAX_RAW) {
      cut = true;
      break;
    }
    let lineText = line.text;
    let offset = 0;
    if (i > 0) {
      const joint = jointBetween(text, lineText, words);
      text = joint.before;
      offset = lineText.length - joint.after.length;
      lineText = joint.after;
      text += joint.separator;
    }
    const base = text.length;
    text += lineText;
    line.spans.forEach((span, s) => {
      const start = Math.max(0, span.start - offset);
      const end = Math.max(0, (line.spans[s + 1]?.start ?? line.text.length) - offset);
      if (end > start) fonts.push({ start: base + start, end: base + end, ...(span.font ? { font: span.font } : {}) });
    });
  }
  if (text.length > MAX_RAW) {
    text = text.slice(0, MAX_RAW);
    cut = true;
  }
  const first = lines[0]!;
  const label = LABEL.exec(first.line.text);
  return {
    ...(label ? { label: label[1] ?? label[2] ?? label[3] } : {}),
    text,
    page: first.page,
    fonts: fonts.filter((f) => f.start < text.length).map((f) => ({ ...f, end: Math.min(f.end, text.length) })),
    cut,
    lines: [...lines],
  };
}

/** A token of a URL or DOI (which a line break does not end). */
const URLISH = /^(?:URL)?(?:doi:|https?:|www\.|10\.\d{4,}\/)|doi\.org\//i;

/** How a line ends and the next begins: a space, nothing (a URL or a hyphenated word), or the hyphen dropped. */
function jointBetween(before: string, after: string, words: { has(word: string): boolean }): { before: string; separator: string; after: string } {
  const next = after.trimStart();
  const firstToken = next.split(/\s/, 1)[0] ?? '';
  const lastToken = /\S+$/.exec(before)?.[0] ?? '';
  if (URLISH.test(lastToken) && firstToken !== '') {
    // Broken after a separator, or before a piece that is no word of prose ("R-project.org/…", "2951574.").
    if (/[/\-_=?#&%~:]$/.test(lastToken) || /[/.\-_=?#&%~\d]/.test(firstToken.replace(/[.,;]$/, '')) || /^\p{Ll}/u.test(firstToken)) {
      return { before, separator: '', after: next };
    }
  }
  const hyphen = /(\p{L}+)-$/u.exec(before);
  if (hyphen && /^\p{L}/u.test(next)) {
    const rest = /^\p{L}+/u.exec(next)![0];
    const whole = `${hyphen[1]}${rest}`.toLowerCase();
    const compound = `${hyphen[1]}-${rest}`.toLowerCase();
    // The document's own spelling decides; unknown to it, a lower-case continuation is a syllable break.
    const drop = words.has(whole) && !words.has(compound) ? true : words.has(compound) ? false : /^\p{Ll}/u.test(next);
    return drop ? { before: before.slice(0, -1), separator: '', after: next } : { before, separator: '', after: next };
  }
  return { before, separator: ' ', after: next };
}

export type { TextLine };
