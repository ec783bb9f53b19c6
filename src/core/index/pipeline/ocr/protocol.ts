import type { LanguageData } from './languageData';
import type { OcrWord } from './words';

/** Main thread -> OCR thread: read these pages of one PDF. */
export interface OcrRequest {
  type: 'ocr';
  id: number;
  absPath: string;
  pages: number[];
  languages: string[];
  data: LanguageData;
  /** Images over this many pixels are not decoded, and none is enlarged past it. */
  maxImagePixels: number;
}

/** One page's result. `blank`: no scan image with anything dark on it, so Tesseract was not asked. */
export interface OcrPageResult {
  page: number;
  text: string;
  /** Tesseract's mean word confidence, 0-100 (100 for a blank page). */
  confidence: number;
  blank: boolean;
  /** The words read, with their boxes on the page (absent in cache entries written before boxes were kept). */
  words?: OcrWord[];
}

/** OCR thread -> main thread. */
export type OcrResponse =
  | { type: 'page'; id: number; result: OcrPageResult }
  /** `engine`: Tesseract could not start (its files, its data), not the page's fault: read again next run. */
  | { type: 'page-failed'; id: number; page: number; message: string; engine: boolean }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string; name: string };
