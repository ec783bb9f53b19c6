/**
 * OCR settings as core sees them (the CLI's flags and the editor's settings map onto this), and
 * the key that ties a cached page to the settings that produced it.
 */
import { createHash } from 'node:crypto';

export type OcrMode = 'auto' | 'off';

export interface OcrSettings {
  /** `auto`: read the pages that have no usable text layer; `off`: report them, as before OCR. */
  mode: OcrMode;
  /** Tesseract language codes, e.g. ['eng'] or ['eng', 'deu']. */
  languages: string[];
  /** Folder holding `<lang>.traineddata` (or `.gz`) for languages other than the packaged English. */
  languageDir?: string;
  /** At most this many pages of one document are OCR'd per run (the rest are reported). */
  maxPagesPerDocument: number;
  /**
   * Pixels of one image: a larger one is never decoded (pdf.js's own decoders would need gigabytes
   * of memory outside any thread's heap limit), and no image handed to Tesseract is enlarged past it.
   */
  maxImagePixels: number;
}

/**
 * 40 megapixels: a Letter or A4 page scanned at 600 dpi (35 Mpx) fits. Tesseract needed about
 * 15 bytes of memory per pixel of an image it read whole (docs/benchmarks.md, "One bad file"), and
 * each OCR thread keeps its WebAssembly heap at its peak.
 */
export const DEFAULT_OCR_MAX_MEGAPIXELS = 40;

export const DEFAULT_OCR_SETTINGS: OcrSettings = {
  mode: 'auto',
  languages: ['eng'],
  maxPagesPerDocument: 200,
  maxImagePixels: DEFAULT_OCR_MAX_MEGAPIXELS * 1_000_000,
};

/**
 * Bumped when the images read or recognition change in a way that changes the text (2: the page's
 * own images instead of a 200 dpi rendering).
 */
const OCR_PIPELINE_VERSION = 'tesseract.js@7.0.0+eng@4.0.0_best_int/2';

/** Settings that change a page's OCR text; the page limit does not, so it is not part of the key. */
export function ocrSettingsKey(settings: OcrSettings): string {
  const parts = [OCR_PIPELINE_VERSION, `lang=${settings.languages.join('+')}`, `dir=${settings.languageDir ?? ''}`];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

/** Parses `eng+deu` / `eng,deu` into codes; an empty list means English. */
export function parseOcrLanguages(value: string): string[] {
  const codes = value
    .split(/[+,\s]+/)
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return codes.length > 0 ? codes : ['eng'];
}
