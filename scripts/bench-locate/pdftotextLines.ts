/**
 * The independent reference for "located on the right lines": poppler's `pdftotext -bbox-layout`
 * word boxes (another PDF text engine than pdf.js), grouped in its lines.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { foldText } from '../../src/core/citations/fold';
import type { Box } from './pdfPages';

export interface PdftotextLine extends Box {
  /** The line's words, folded (fold.ts) and joined. */
  folded: string;
  text: string;
}

const run = promisify(execFile);
const LINE = /<line xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/line>/g;
const WORD = /<word [^>]*>([^<]*)<\/word>/g;

/** The lines of pages `first..last` (all pages when omitted), by page number. */
export async function pdftotextLines(path: string, first?: number, last?: number): Promise<Map<number, PdftotextLine[]>> {
  const range = first === undefined ? [] : ['-f', String(first), '-l', String(last ?? first)];
  const { stdout } = await run('pdftotext', ['-q', ...range, '-bbox-layout', path, '-'], { maxBuffer: 1024 * 1024 * 1024 });
  const pages = new Map<number, PdftotextLine[]>();
  stdout
    .split('<page ')
    .slice(1)
    .forEach((xml, index) => {
      const lines: PdftotextLine[] = [];
      for (const match of xml.matchAll(LINE)) {
        const text = [...match[5]!.matchAll(WORD)].map((w) => unescapeXml(w[1]!)).join(' ');
        lines.push({ x0: Number(match[1]), y0: Number(match[2]), x1: Number(match[3]), y1: Number(match[4]), text, folded: foldText(text) });
      }
      pages.set((first ?? 1) + index, lines);
    });
  return pages;
}

/** Share of a located line's letters and digits that must be found, word by word, in the pdftotext lines under it. */
export const CONFIRMED_SHARE = 0.8;

/**
 * Whether a located line sits where pdftotext puts its text: the pdftotext lines that overlap its
 * box (at least half of the lower one's height, and horizontally) hold its words. Word by word
 * and not all of them, because the two engines read some glyphs differently: pdf.js reads TeX's
 * math symbols by their codes (∀ as "8", ∈ as "2", braces as "f" "g") and drops unmapped
 * ligatures ("speci ed"); pdftotext leaves out text set at an angle. So only words that pdftotext
 * has somewhere on the page are compared, and only words of two or more letters and digits (one
 * character is found anywhere). Null when no word is left to compare.
 */
export function onRightLines(box: Box, text: string, lines: readonly PdftotextLine[]): boolean | null {
  const page = lines.map((line) => line.folded).join(' ');
  const words = text
    .split(/\s+/)
    .map(foldText)
    .filter((w) => w.length >= 2 && page.includes(w));
  const total = words.reduce((n, w) => n + w.length, 0);
  if (total === 0) return null;
  const joined = lines
    .filter((line) => {
      const vertical = Math.min(box.y1, line.y1) - Math.max(box.y0, line.y0);
      const horizontal = Math.min(box.x1, line.x1 + 1) - Math.max(box.x0, line.x0 - 1);
      return vertical >= 0.5 * Math.min(box.y1 - box.y0, line.y1 - line.y0) && horizontal >= 0;
    })
    // pdftotext may cut one visual line in two (columns, wide gaps): the pieces left to right.
    .sort((l, r) => l.x0 - r.x0)
    .map((line) => line.folded)
    .join('');
  const found = words.filter((w) => joined.includes(w)).reduce((n, w) => n + w.length, 0);
  return found >= CONFIRMED_SHARE * total;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
