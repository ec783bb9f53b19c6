import type { DiscoveredFile } from '../discover';
import type { ExtractedDocument } from '../types';
import { extractFile, type ExtractOptions } from './extractFile';

export { ExtractionError, failureFromError, isAbortError, type ExtractionErrorCode } from './errors';
export { extractFile, DEFAULT_MAX_PDF_BYTES, DEFAULT_MAX_TEXT_BYTES, type ExtractOptions } from './extractFile';

/** Turns discovered files into text. Throws ExtractionError per bad file; `failureFromError` maps it. */
export interface Extractor {
  extract(file: DiscoveredFile, signal?: AbortSignal): Promise<ExtractedDocument>;
  close(): Promise<void>;
}

export interface ExtractorOptions {
  /** Worker threads for PDFs; 0 extracts in the calling thread. */
  workers?: number;
  maxPdfBytes?: number;
  maxTextBytes?: number;
}

/** An extractor that works in the calling thread. */
export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const limits: ExtractOptions = { maxPdfBytes: options.maxPdfBytes, maxTextBytes: options.maxTextBytes };
  return {
    extract: (file, signal) => extractFile(file, { ...limits, signal }),
    close: async () => undefined,
  };
}
