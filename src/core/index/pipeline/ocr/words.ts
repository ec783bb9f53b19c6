/**
 * The words Tesseract read, with their boxes on the page, so the PDF viewer can highlight an
 * OCR'd passage (such a page has no text layer to measure). Tesseract's TSV output gives each
 * word's box in the pixels of the image it read; the image's frame on the page (where
 * `pageImages.ts` found it painted) turns that into fractions of the page as pdf.js shows it at
 * rotation 0 (crop box and /Rotate applied, y down), which hold at any zoom.
 */

import type { OcrWord } from '../../../papers/pdf/ocrLayout';

export type { OcrWord };

/** Where an image read by OCR lies on the page, in fractions of the page. */
export interface ImageFrame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Four decimals: a tenth of a pixel on a page drawn 1,000 pixels wide, and short cache files. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The words of Tesseract's TSV (level 5 rows: level, page, block, paragraph, line, word, left,
 * top, width, height, confidence, text) in reading order, mapped from an image of
 * `imageWidth` x `imageHeight` pixels lying upright in `frame`.
 */
export function wordsFromTsv(tsv: string, imageWidth: number, imageHeight: number, frame: ImageFrame): OcrWord[] {
  const words: OcrWord[] = [];
  for (const line of tsv.split('\n')) {
    const fields = line.split('\t');
    if (fields[0] !== '5' || fields.length < 12) continue;
    const text = fields.slice(11).join('\t').trim();
    const [left, top, width, height] = fields.slice(6, 10).map(Number) as [number, number, number, number];
    if (text === '' || ![left, top, width, height].every(Number.isFinite)) continue;
    const x = (px: number) => round(frame.left + (px / imageWidth) * frame.width);
    const y = (px: number) => round(frame.top + (px / imageHeight) * frame.height);
    words.push({ text, box: [x(left), y(top), x(left + width), y(top + height)] });
  }
  return words;
}

export function isOcrWord(value: unknown): value is OcrWord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.text === 'string' && Array.isArray(v.box) && v.box.length === 4 && v.box.every((n) => typeof n === 'number');
}
