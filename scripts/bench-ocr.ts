/**
 * OCR accuracy and speed: `npm run bench:ocr -- <scanned.pdf>=<original.pdf> ...`.
 * Each image-only page of a scanned PDF (a page without a text layer) is read by the indexer's OCR
 * (the OCR threads, the page's own images decoded by pdf.js, tesseract.js with the packaged English data) and compared
 * with `pdftotext` of the same page of the PDF it was rendered from. Prints, per page, the
 * character error rate (edit distance / reference length, whitespace runs as one space) of the
 * whole page and of its body text (running headers and footers and page numbers left out of both),
 * then OCR pages/s. Numbers are printed, never asserted. Needs poppler's pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_OCR_SETTINGS } from '../src/core/index';
import { DEFAULT_WORKERS, extractFile } from '../src/core/index/pipeline/extract';
import { resolveLanguageData } from '../src/core/index/pipeline/ocr/languageData';
import { OcrPool, resolveOcrThreadScript } from '../src/core/index/pipeline/ocr/pool';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { threads: { type: 'string' } } });

/** Levenshtein distance, two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A line as a running header/footer compares: digits and spacing ignored. */
const furniture = (line: string) => line.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();

function pdftotextPages(pdf: string, pages: number[]): Map<number, string> {
  return new Map(pages.map((page) => [page, execFileSync('pdftotext', ['-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' })]));
}

/**
 * Running headers and footers of the original: lines among the first/last 2 non-empty lines of at
 * least two pages (digits ignored), plus any line that is only a page number.
 */
function furnitureOf(pagesText: string[]): Set<string> {
  const seen = new Map<string, number>();
  for (const text of pagesText) {
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    for (const line of new Set([...lines.slice(0, 2), ...lines.slice(-2)].map(furniture))) seen.set(line, (seen.get(line) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, count]) => count >= 2).map(([line]) => line));
}

function body(text: string, known: Set<string>): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const edge = (index: number) => index < 2 || index >= lines.length - 2;
  return lines.filter((line, index) => !(edge(index) && (known.has(furniture(line)) || /^[#ivxlc]+$/i.test(furniture(line))))).join('\n');
}

async function main(): Promise<void> {
  const script = resolveOcrThreadScript();
  if (!script) throw new Error('no OCR worker: run `node esbuild.mjs` first and use dist/bench-ocr.js');
  const pool = new OcrPool(Number(values.threads ?? DEFAULT_WORKERS), script);
  const data = resolveLanguageData(DEFAULT_OCR_SETTINGS);
  let pagesRead = 0;
  let seconds = 0;
  const all: Array<{ whole: number; body: number }> = [];
  try {
    for (const pair of positionals) {
      const [scanned, original] = pair.split('=').map((p) => resolve(p));
      if (!scanned || !original) throw new Error(`expected <scanned.pdf>=<original.pdf>, got ${pair}`);
      const doc = await extractFile({ path: scanned, absPath: scanned, kind: 'pdf', size: 0, mtimeMs: 0 }, { leaveTextlessToOcr: true });
      const pages = doc.ocrCandidates ?? [];
      const started = performance.now();
      const read = await pool.recognize(
        { absPath: scanned, pages, languages: ['eng'], data, maxImagePixels: DEFAULT_OCR_SETTINGS.maxImagePixels },
        () => undefined,
      );
      seconds += (performance.now() - started) / 1000;
      pagesRead += pages.length;
      const reference = pdftotextPages(original, pages);
      const known = furnitureOf([...reference.values()]);
      console.log(`${pair}: ${pages.length} image-only pages`);
      for (const result of read.pages) {
        const ref = reference.get(result.page) ?? '';
        const whole = editDistance(flat(result.text), flat(ref)) / Math.max(1, flat(ref).length);
        const refBody = flat(body(ref, known));
        const bodyRate = editDistance(flat(body(result.text, known)), refBody) / Math.max(1, refBody.length);
        all.push({ whole, body: bodyRate });
        console.log(
          `  page ${result.page}: CER whole ${(whole * 100).toFixed(2)}%, body ${(bodyRate * 100).toFixed(2)}% (${refBody.length} chars), confidence ${result.confidence.toFixed(0)}`,
        );
      }
      if (read.failed.length > 0) console.log(`  unreadable: ${read.failed.join(', ')}`);
    }
  } finally {
    await pool.close();
  }
  const mean = (key: 'whole' | 'body') => (all.reduce((sum, r) => sum + r[key], 0) / Math.max(1, all.length)) * 100;
  console.log(`mean CER: whole ${mean('whole').toFixed(2)}%, body ${mean('body').toFixed(2)}% over ${all.length} pages`);
  console.log(
    `OCR: ${pagesRead} pages in ${seconds.toFixed(1)} s wall, ${(pagesRead / seconds).toFixed(2)} pages/s (${values.threads ?? DEFAULT_WORKERS} threads)`,
  );
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
