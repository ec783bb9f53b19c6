/**
 * A scanned page's layout, in the shape of a text page's (evidence.ts), from the words OCR read
 * and the boxes the index's OCR cache keeps for them (fractions of the page).
 */
import { round, type LayoutRun, type PageLayout } from './evidence';

/**
 * A word OCR read and its box: [left, top, right, bottom], fractions of the page's width and
 * height (index/pipeline/ocr/words.ts reads them from Tesseract; the OCR cache keeps them).
 */
export interface OcrWord {
  text: string;
  box: [number, number, number, number];
}

/**
 * A scanned page's layout from its OCR words: words on one line (overlapping vertically, close
 * horizontally) join into runs. A word box is as tall as the word's letters reach, so its height
 * is turned into a font size by what the letters span: x-height only ("use"), up to the cap
 * height ("The"), down to the descender ("gap"); a run's size is its words' median. Specks OCR
 * reads as punctuation are left out.
 */
export function evidenceFromOcrWords(page: number, words: readonly OcrWord[], width: number, height: number): PageLayout {
  const boxes = words
    .map((word) => ({
      text: word.text.trim(),
      left: word.box[0] * width,
      top: word.box[1] * height,
      right: word.box[2] * width,
      bottom: word.box[3] * height,
    }))
    .filter((word) => word.text !== '' && /[\p{L}\p{N}]/u.test(word.text) && word.bottom > word.top);
  const lines: (typeof boxes)[] = [];
  for (const word of boxes) {
    const line = lines.find((candidate) => {
      const last = candidate[candidate.length - 1]!;
      const overlap = Math.min(last.bottom, word.bottom) - Math.max(last.top, word.top);
      return overlap > 0.5 * Math.min(last.bottom - last.top, word.bottom - word.top) && word.left >= last.left;
    });
    if (line) line.push(word);
    else lines.push([word]);
  }
  const runs: LayoutRun[] = [];
  for (const line of lines) {
    const size = median(line.map((word) => fontSizeOfBox(word.text, word.bottom - word.top)));
    let run: (typeof boxes)[number][] = [];
    const flush = () => {
      const first = run[0];
      const last = run[run.length - 1];
      if (!first || !last) return;
      runs.push({
        text: run.map((word) => word.text).join(' '),
        x: round(first.left),
        y: round(median(run.map((word) => word.bottom))),
        size: round(size),
        width: round(last.right - first.left),
      });
    };
    for (const word of line) {
      const previous = run[run.length - 1];
      if (previous && word.left - previous.right < size * 1.5) run.push(word);
      else {
        flush();
        run = [word];
      }
    }
    flush();
  }
  runs.sort((p, q) => p.y - q.y || p.x - q.x);
  return { page, width: round(width), height: round(height), runs, ocr: true };
}

/** Of a font's em, what a word's letters span: x-height ~0.48, cap or ascender ~0.72, descender ~0.22 more. */
function fontSizeOfBox(text: string, boxHeight: number): number {
  const tall = /[\p{Lu}\p{N}bdfhklt]/u.test(text) ? 0.72 : 0.48;
  const deep = /[gjpqy]/.test(text) ? 0.22 : 0;
  return boxHeight / (tall + deep);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
