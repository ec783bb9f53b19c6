/**
 * A page's lines, with where each part is printed and in which font, from pdf.js's text items
 * (a text page) or from the words OCR read (a scan). The reference reader needs the layout a
 * plain page text loses: a hanging indent starts an entry, a font change marks a title or a
 * journal, and a citation's boxes let the viewer make it a link.
 */
import type { OcrWord } from '../pdf/ocrLayout';
import { isRawItem, pageFrame, type PageGeometry } from '../pdf/textItems';
import { repairAccents, repairLigatures } from '../normalize';
import type { PageLines, TextLine } from './types';

/** Lines kept per page, characters per line: a page of a reasonable paper stays far below both. */
const MAX_LINES_PER_PAGE = 4000;
const MAX_LINE_CHARS = 4000;

const round = (value: number) => Math.round(value * 10) / 10;
/** An OT1 ligature code, a ligature character or a spacing accent: the few items that need repair. */
const NEEDS_REPAIR = /[\x1b-\x1f\ufb00-\ufb06\u00b4`\u00a8\u02c6-\u02dd\u00b8\u00af]/;

/**
 * One page's lines from pdf.js's text items, in the order the page draws them (a typeset page's
 * reading order: a two-column page gives its left column's lines, then its right's). Items on
 * one baseline less than about an em apart make one line; a wider gap starts another (a column,
 * a table cell). Text that is not horizontal (a margin stamp, a rotated label) is left out.
 */
export function pageLinesFromTextContent(pageNumber: number, page: PageGeometry, content: { items: readonly unknown[] }): PageLines {
  const { width, height, toPage } = pageFrame(page);
  const lines: TextLine[] = [];
  let line: TextLine | undefined;
  let spaceBefore = false;
  for (const item of content.items) {
    if (!isRawItem(item)) continue;
    if (item.str.trim() === '') {
      spaceBefore = true;
      continue;
    }
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    const size = Math.hypot(c, d);
    if (!(size > 0) || Math.abs(b) > Math.abs(a) * 0.01 || a <= 0) continue;
    const [x, y] = toPage(e, f);
    const font = item.fontName?.replace(/^g_d\d+_/, '');
    // Old TeX fonts' ligature codes and spacing accents made whole per item, so spans keep their places.
    const text = (NEEDS_REPAIR.test(item.str) ? repairAccents(repairLigatures(item.str)) : item.str).replace(/\s+/g, ' ');
    if (line && continues(line, x, y, size)) {
      if (line.text.length < MAX_LINE_CHARS) {
        const gap = x - line.right;
        const space = (spaceBefore || gap > Math.min(size, line.size) * 0.15) && !line.text.endsWith(' ') && !text.startsWith(' ');
        if (space) line.text += ' ';
        const last = line.spans[line.spans.length - 1]!;
        if (last.font === font && Math.abs(x - (last.x + last.width)) < size * 0.6) last.width = round(Math.max(last.width, x + item.width - last.x));
        else line.spans.push({ start: line.text.length, x: round(x), width: round(item.width), ...(font ? { font } : {}) });
        line.text += text;
        line.right = round(Math.max(line.right, x + item.width));
        // The line's size and baseline are its body text's: a superscript mark does not move them.
        if (size > line.size) {
          line.size = round(size);
          line.y = round(y);
        }
      }
    } else {
      if (lines.length >= MAX_LINES_PER_PAGE) break;
      line = {
        text,
        x: round(x),
        right: round(x + item.width),
        y: round(y),
        size: round(size),
        spans: [{ start: 0, x: round(x), width: round(item.width), ...(font ? { font } : {}) }],
      };
      lines.push(line);
    }
    spaceBefore = false;
  }
  for (const l of lines) {
    l.text = l.text.trimEnd();
    // An accent pdf.js gave as an item of its own ("Sankhy¯" + "a") is joined to its letter here.
    if (/[\u00b4\u00a8\u02c6\u02dc\u00b8\u02c7\u02d8\u02d9\u02da\u02dd\u00af] ?\p{L}/u.test(l.text)) repairLineAccents(l);
  }
  return { page: pageNumber, width: round(width), height: round(height), lines: lines.filter((l) => l.text.trim() !== '') };
}

/** Accents made whole across items, span starts moved with the characters they shrink by. */
function repairLineAccents(line: TextLine): void {
  let text = '';
  const starts = line.spans.map((span) => span.start);
  const moved = line.spans.map(() => 0);
  for (let i = 0; i < line.text.length;) {
    const m = /^([\u00b4\u00a8\u02c6\u02dc\u00b8\u02c7\u02d8\u02d9\u02da\u02dd\u00af]) ?(\p{L})/u.exec(line.text.slice(i, i + 4));
    if (m) {
      text += repairAccents(m[0].replace(' ', ''));
      const shrink = m[0].length - 1;
      starts.forEach((start, s) => {
        if (start > i) moved[s]! += Math.min(shrink, start - i);
      });
      i += m[0].length;
    } else {
      text += line.text[i];
      i++;
    }
  }
  line.spans.forEach((span, s) => (span.start -= moved[s]!));
  line.text = text;
}

/** The item goes on the line: on its baseline (or a raised or lowered mark beside it) and not past a column gap. */
function continues(line: TextLine, x: number, y: number, size: number): boolean {
  const gap = x - line.right;
  const em = Math.max(size, line.size);
  const sameBaseline = Math.abs(y - line.y) <= em * 0.25 || (size < line.size * 0.85 && Math.abs(y - line.y) <= line.size * 0.5);
  return sameBaseline && gap < em * 1.5 && gap > -em * 0.5;
}

/**
 * A scanned page's lines from the words OCR read (boxes in fractions of the page): words that
 * overlap vertically make a line, left to right; lines top to bottom, a wide gap splitting a line
 * in two (columns). A line's size is its words' median box height over the share of an em a
 * word's letters span.
 */
export function pageLinesFromOcrWords(pageNumber: number, words: readonly OcrWord[], width: number, height: number): PageLines {
  const boxes = words
    .map((w) => ({ text: w.text.trim(), left: w.box[0] * width, top: w.box[1] * height, right: w.box[2] * width, bottom: w.box[3] * height }))
    .filter((w) => w.text !== '' && w.bottom > w.top)
    .sort((p, q) => p.top - q.top || p.left - q.left);
  const rows: (typeof boxes)[] = [];
  for (const word of boxes) {
    const row = rows.find((candidate) => {
      const first = candidate[0]!;
      const overlap = Math.min(first.bottom, word.bottom) - Math.max(first.top, word.top);
      return overlap > 0.5 * Math.min(first.bottom - first.top, word.bottom - word.top);
    });
    if (row) row.push(word);
    else rows.push([word]);
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((p, q) => p.left - q.left);
    const size = median(row.map((w) => (w.bottom - w.top) / (/[\p{Lu}\p{N}bdfhklt]/u.test(w.text) ? 0.72 : 0.48) / (/[gjpqy]/.test(w.text) ? 1.3 : 1)));
    let current: TextLine | undefined;
    for (const word of row) {
      if (current && word.left - current.right < size * 1.5) {
        current.text += ' ';
        current.spans.push({ start: current.text.length, x: round(word.left), width: round(word.right - word.left) });
        current.text += word.text;
        current.right = round(word.right);
      } else {
        current = {
          text: word.text,
          x: round(word.left),
          right: round(word.right),
          y: round(word.bottom),
          size: round(size),
          spans: [{ start: 0, x: round(word.left), width: round(word.right - word.left) }],
        };
        lines.push(current);
      }
    }
    if (lines.length >= MAX_LINES_PER_PAGE) break;
  }
  // Columns: a page whose lines split at one gap reads its left column first.
  lines.sort((p, q) => columnOf(p, width) - columnOf(q, width) || p.y - q.y || p.x - q.x);
  return { page: pageNumber, width: round(width), height: round(height), lines, ocr: true };
}

function columnOf(line: TextLine, width: number): number {
  return line.x >= width * 0.5 && line.right > width * 0.55 ? 1 : 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
