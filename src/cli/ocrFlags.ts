/** `index`'s OCR flags, and the summary lines saying what OCR did. */
import { DEFAULT_OCR_SETTINGS, describePages, parseOcrLanguages, type OcrSettings, type OcrSummary } from '../core/index';
import { UsageError } from './options';

export const ocrOptions = {
  ocr: { type: 'string' },
  'ocr-lang': { type: 'string' },
  'ocr-lang-dir': { type: 'string' },
  'ocr-max-pages': { type: 'string' },
  'ocr-max-megapixels': { type: 'string' },
} as const;

export function ocrSettingsFromFlags(values: {
  ocr?: string;
  'ocr-lang'?: string;
  'ocr-lang-dir'?: string;
  'ocr-max-pages'?: string;
  'ocr-max-megapixels'?: string;
}): OcrSettings {
  const mode = values.ocr ?? DEFAULT_OCR_SETTINGS.mode;
  if (mode !== 'auto' && mode !== 'off') throw new UsageError(`--ocr must be auto or off, not '${mode}'`);
  const maxPages = values['ocr-max-pages'] === undefined ? DEFAULT_OCR_SETTINGS.maxPagesPerDocument : Number(values['ocr-max-pages']);
  if (!Number.isInteger(maxPages) || maxPages < 0) throw new UsageError(`--ocr-max-pages must be a whole number, not '${values['ocr-max-pages']}'`);
  const megapixels = values['ocr-max-megapixels'] === undefined ? DEFAULT_OCR_SETTINGS.maxImagePixels / 1_000_000 : Number(values['ocr-max-megapixels']);
  if (!Number.isFinite(megapixels) || megapixels <= 0) {
    throw new UsageError(`--ocr-max-megapixels must be a number of megapixels greater than 0, not '${values['ocr-max-megapixels']}'`);
  }
  return {
    mode,
    languages: values['ocr-lang'] === undefined ? DEFAULT_OCR_SETTINGS.languages : parseOcrLanguages(values['ocr-lang']),
    languageDir: values['ocr-lang-dir'],
    maxPagesPerDocument: maxPages,
    maxImagePixels: Math.round(megapixels * 1_000_000),
  };
}

/** "OCR: 17 pages read (5 from the cache)", then the pages per document, and what OCR could not read. */
export function ocrSummaryLines(summary: OcrSummary | undefined): string[] {
  if (!summary || (summary.pages === 0 && summary.documents.length === 0)) return [];
  const lines = [`  OCR: ${summary.pages} page(s) read (${summary.cached} from the cache, ${summary.recognized} recognised this run)`];
  for (const doc of summary.documents) {
    if (doc.read.length > 0) lines.push(`    ${doc.path}: ${describePages(doc.read)}`);
    if (doc.unreadable.length > 0) lines.push(`    ${doc.path}: OCR could not read ${describePages(doc.unreadable)}`);
  }
  return lines;
}
