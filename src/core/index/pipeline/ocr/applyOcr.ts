/**
 * The OCR step of indexing one PDF: the pages extraction left to OCR (no text layer, or too little
 * text for their area) are read from the cache or by the OCR threads, and their text replaces the
 * page's when it has more to say. Decides what extraction used to decide alone: the warnings about
 * pages without text, and `no-text` when no page has any.
 */
import { ExtractionError } from '../extract/errors';
import { describePages } from '../extract/pageText';
import type { ExtractedDocument } from '../../types';
import type { OcrCache } from './cache';
import type { LanguageData } from './languageData';
import type { OcrPool } from './pool';
import type { OcrPageResult } from './protocol';
import type { OcrSettings } from './settings';
import { pageLinesFromOcrWords } from '../../../papers/references/lines';
import type { PageLines } from '../../../papers/references/types';

export interface OcrContext {
  settings: OcrSettings;
  data: LanguageData;
  pool: OcrPool;
  cache: OcrCache;
  /** Told as each page is read: "OCR page 3/17 of scanned/x.pdf" (the third of 17 done). */
  onProgress(message: string): void;
  signal?: AbortSignal;
}

/** What OCR did for one document, for the run's summary. */
export interface OcrOutcome {
  /** Pages whose text now comes from OCR. */
  read: number[];
  /** Of `read`, pages taken from the cache (no OCR this run). */
  cached: number;
  /** Pages OCR could not read (image decoding or recognition failed). */
  unreadable: number[];
  /** Candidate pages left out by the page limit. */
  overLimit: number[];
  /** Why OCR failed for the whole document (the PDF could not be opened, the OCR thread died). */
  error?: string;
  /** Of `unreadable`, the pages that failed for a reason not their own, to read again next run (`ExtractedDocument.ocrRetry`). */
  retry: number[];
}

export async function applyOcr(doc: ExtractedDocument, absPath: string, contentHash: string, context: OcrContext): Promise<OcrOutcome> {
  const candidates = doc.ocrCandidates ?? [];
  delete doc.ocrCandidates;
  const outcome: OcrOutcome = { read: [], cached: 0, unreadable: [], overLimit: [], retry: [] };
  const chosen = candidates.slice(0, context.settings.maxPagesPerDocument);
  outcome.overLimit = candidates.slice(chosen.length);

  const results: OcrPageResult[] = [];
  const misses: number[] = [];
  for (const page of chosen) {
    const hit = await context.cache.get(contentHash, page);
    if (hit) results.push(hit);
    else misses.push(page);
  }
  const fromCache = new Set(results.map((result) => result.page));
  if (misses.length > 0) {
    let done = 0;
    const job = { absPath, pages: misses, languages: context.settings.languages, data: context.data, maxImagePixels: context.settings.maxImagePixels };
    const written: Array<Promise<void>> = [];
    try {
      const read = await context.pool.recognize(
        job,
        (page) => {
          done++;
          if (typeof page !== 'number') written.push(context.cache.put(contentHash, page));
          context.onProgress(`OCR page ${done}/${misses.length} of ${doc.path}`);
        },
        context.signal,
      );
      results.push(...read.pages);
      outcome.unreadable = read.failed;
      outcome.retry = read.engineFailed;
    } catch (error) {
      if (context.signal?.aborted) throw error;
      // The PDF could not be opened, or the OCR thread died: its text layer stands.
      outcome.unreadable = misses;
      outcome.retry = misses;
      outcome.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
    } finally {
      // Pages read before a cancel are kept: the next run does not read them again.
      await Promise.all(written);
    }
  }

  const confidence: Array<{ page: number; confidence: number }> = [];
  for (const result of results.sort((a, b) => a.page - b.page)) {
    const layer = doc.pages[result.page - 1] ?? '';
    if (result.text !== '' && letters(result.text) > letters(layer)) {
      doc.pages[result.page - 1] = result.text;
      if (doc.pageLines) withOcrLines(doc.pageLines, result);
      confidence.push({ page: result.page, confidence: result.confidence });
      outcome.read.push(result.page);
      if (fromCache.has(result.page)) outcome.cached++;
    }
  }
  if (confidence.length > 0) doc.ocrPages = confidence;
  if (outcome.retry.length > 0) doc.ocrRetry = outcome.retry;

  const textless = candidates.filter((page) => (doc.pages[page - 1] ?? '') === '');
  if (doc.pages.every((text) => text === '')) {
    throw new ExtractionError(
      'no-text',
      outcome.unreadable.length > 0
        ? `no extractable text, and OCR could not read its pages${outcome.error ? ` (${outcome.error})` : ''}`
        : 'no extractable text: OCR found none either (blank pages?)',
    );
  }
  const unread = textless.filter((page) => !outcome.unreadable.includes(page) && !outcome.overLimit.includes(page));
  if (unread.length > 0) doc.warnings.push(`${describePages(unread)} ${unread.length > 1 ? 'have' : 'has'} no text (OCR found none)`);
  if (outcome.unreadable.length > 0) {
    doc.warnings.push(`${describePages(outcome.unreadable)} could not be read by OCR${outcome.error ? ` (${outcome.error})` : ''}`);
  }
  const limitedTextless = outcome.overLimit.filter((page) => textless.includes(page));
  if (limitedTextless.length > 0) {
    doc.warnings.push(
      `${describePages(limitedTextless)} not read by OCR (limit ${context.settings.maxPagesPerDocument} pages per document: raise --ocr-max-pages)`,
    );
  }
  return outcome;
}

/** The page's lines from the words OCR read (the reference reader's layout of a scan), in the text layer's place. */
export function withOcrLines(pageLines: PageLines[], result: Pick<OcrPageResult, 'page' | 'words'>): void {
  if (!result.words?.length) return;
  const at = pageLines.findIndex((lines) => lines.page === result.page);
  const size = pageLines[at] ?? { width: 612, height: 792 };
  const lines = pageLinesFromOcrWords(result.page, result.words, size.width, size.height);
  if (at >= 0) pageLines[at] = lines;
  else pageLines.push(lines);
}

function letters(text: string): number {
  return text.replace(/\s+/g, '').length;
}
