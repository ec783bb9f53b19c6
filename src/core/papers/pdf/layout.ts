/**
 * A page's runs as a reader sees them: footnote marks set apart, runs on one baseline joined into
 * lines, a line cut into segments where a wide gap separates columns (authors side by side), and
 * the size most of the page's text is set in. The rules (title, authors, year) read these lines.
 */
import { repairAccents, repairLigatures } from '../normalize';
import type { LayoutRun, PageLayout } from './evidence';

/** Text in one size on one line with no column gap inside. */
export interface Segment {
  text: string;
  x: number;
  width: number;
  size: number;
  font?: string;
}

export interface Line {
  /** Baseline, points from the top. */
  y: number;
  /** The size of the line's largest segment. */
  size: number;
  /** Left to right. */
  segments: Segment[];
  /** The segments' text joined with single spaces. */
  text: string;
}

export interface PageLines {
  page: number;
  width: number;
  height: number;
  lines: Line[];
  /** The size most characters of the first pages are set in (the body text). */
  bodySize: number;
  /** Runs not horizontal (margin stamps). */
  rotated: LayoutRun[];
  ocr: boolean;
}

/** Characters a footnote or affiliation mark is made of: digits, symbols, a letter or two ("a", "b,c"). */
const MARK = /^[\p{N}*∗†‡§¶⋆♯,\s]{1,4}$|^[a-z](?:,[a-z]){0,2}$/u;
const SYMBOLS_ONLY = /^[^\p{L}\p{N}]{1,3}$/u;

/** Text as a reader sees it: ligatures and accents made whole, spacing tidied. */
export function cleanText(text: string): string {
  return repairAccents(repairLigatures(text))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([,;:.)])/g, '$1')
    .replace(/\( /g, '(')
    .trim();
}

/**
 * The pages' lines. The body size is measured over all the pages given: a title page holds little
 * but its title, which must not pass for the body.
 */
export function documentLines(layouts: readonly PageLayout[]): PageLines[] {
  const pages = layouts.map(pageLines);
  const bodySize = bodySizeOf(layouts.flatMap((layout) => layout.runs.filter((run) => !run.rotated)));
  return pages.map((page) => ({ ...page, bodySize }));
}

function pageLines(layout: PageLayout): PageLines {
  const horizontal = layout.runs.filter((run) => !run.rotated);
  const rotated = layout.runs.filter((run) => run.rotated);
  const marks = horizontal.filter((run) => isMark(run, horizontal));
  const kept = horizontal.filter((run) => !marks.includes(run));
  const sorted = [...kept].sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: LayoutRun[][] = [];
  for (const run of sorted) {
    const group = groups[groups.length - 1];
    const head = group?.[0];
    if (group && head && Math.abs(run.y - head.y) <= 0.3 * Math.max(run.size, head.size)) group.push(run);
    else groups.push([run]);
  }
  const lines = groups.map((group) => lineOf(group, marks)).filter((line) => line.text !== '');
  return { page: layout.page, width: layout.width, height: layout.height, lines, bodySize: 0, rotated, ocr: layout.ocr === true };
}

/**
 * A footnote or affiliation mark: a short run of mark characters set smaller than the text it
 * touches ("Hothorn¹", "∗" after a title), or a lone symbol whatever its size.
 */
function isMark(run: LayoutRun, runs: readonly LayoutRun[]): boolean {
  const text = run.text.trim();
  if (SYMBOLS_ONLY.test(text)) return true;
  if (!MARK.test(text)) return false;
  return runs.some((other) => {
    if (other === run || other.size < run.size * 1.15) return false;
    const touchesAfter = run.x >= other.x + other.width - 2 && run.x <= other.x + other.width + other.size;
    const touchesBefore = run.x + run.width <= other.x + 2 && run.x + run.width >= other.x - other.size;
    return (touchesAfter || touchesBefore) && Math.abs(run.y - other.y) <= other.size;
  });
}

/**
 * Runs on one line are one segment when they touch (closer than this, in ems: an OT1 accent
 * overlaps its letter, a word goes on in another font) or when a footnote mark set apart stood
 * between them ("Hothorn¹, Kurt Hornik"). Names set side by side may be as close as a word space,
 * so any other gap keeps them apart.
 */
const TOUCHING = 0.15;

function lineOf(runs: LayoutRun[], marks: readonly LayoutRun[]): Line {
  const ordered = [...runs].sort((a, b) => a.x - b.x);
  const segments: Segment[] = [];
  for (const run of ordered) {
    const last = segments[segments.length - 1];
    const size = Math.max(run.size, last?.size ?? 0);
    const gap = last ? run.x - (last.x + last.width) : 0;
    const markBetween =
      last !== undefined &&
      gap < 1.5 * size &&
      marks.some((mark) => mark.x >= last.x + last.width - 1 && mark.x + mark.width <= run.x + 1 && Math.abs(mark.y - run.y) <= size);
    if (last && (gap < TOUCHING * size || markBetween) && Math.abs(run.size - last.size) <= 0.15 * size) {
      last.text += (gap > 0.12 * size ? ' ' : '') + run.text;
      last.width = Math.max(last.width, run.x + run.width - last.x);
    } else {
      segments.push({ text: run.text, x: run.x, width: run.width, size: run.size, ...(run.font ? { font: run.font } : {}) });
    }
  }
  for (const segment of segments) segment.text = cleanText(segment.text);
  const visible = segments.filter((segment) => segment.text !== '');
  return {
    y: Math.min(...runs.map((run) => run.y)),
    size: Math.max(...visible.map((segment) => segment.size), 0),
    segments: visible,
    text: visible.map((segment) => segment.text).join(' '),
  };
}

/** The size carrying the most characters, in half points. */
function bodySizeOf(runs: readonly LayoutRun[]): number {
  const weight = new Map<number, number>();
  for (const run of runs) {
    const key = Math.round(run.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + run.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, total] of weight) {
    if (total > bestWeight) [best, bestWeight] = [size, total];
  }
  return best;
}

/** Two sizes the same to a reader (a title set in one size, measured in two). */
export function sameSize(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.5, 0.04 * Math.max(a, b));
}

/** A line's text centred on the page (title pages centre their front matter). */
export function isCentred(line: Line, pageWidth: number): boolean {
  const first = line.segments[0];
  const last = line.segments[line.segments.length - 1];
  if (!first || !last) return false;
  const centre = (first.x + last.x + last.width) / 2;
  return Math.abs(centre - pageWidth / 2) <= 0.06 * pageWidth;
}
