import type { DiscoveredFile, ExtractedDocument } from '../../types';
import { availableParallelism } from 'node:os';
import { extractFile, extractPaperEvidence, type ExtractOptions } from './extractFile';
import type { PaperEvidence } from './paperEvidence';
import { resolveWorkerScript, WorkerPool, type FileProgress } from './pool';
import type { FileLimits } from '../fileLimits';

export { ExtractionError, failureFromError, type ExtractionErrorCode } from './errors';
export { extractFile, DEFAULT_MAX_PDF_BYTES, DEFAULT_MAX_TEXT_BYTES, type ExtractOptions } from './extractFile';
export type { FileProgress } from './pool';

/** Turns discovered files into text. Throws ExtractionError per bad file; `failureFromError` maps it. */
export interface Extractor {
  extract(file: DiscoveredFile, signal?: AbortSignal): Promise<ExtractedDocument>;
  /** A PDF's paper evidence alone (metadata and first pages), without its text; undefined when it has none to read. */
  paperEvidence(file: DiscoveredFile, signal?: AbortSignal): Promise<PaperEvidence | undefined>;
  close(): Promise<void>;
}

export interface ExtractorOptions extends Partial<FileLimits> {
  /** Worker threads for PDFs, HTML and DOCX; 0 extracts in the calling thread. */
  workers?: number;
  maxPdfBytes?: number;
  maxTextBytes?: number;
  /** Split each PDF across the worker threads (default true; see WorkerPoolOptions). */
  splitPdfs?: boolean;
  /** Leave PDF pages without a usable text layer to OCR (see ExtractOptions). */
  leaveTextlessToOcr?: boolean;
  /** Read each PDF's paper evidence with its text (see ExtractOptions). */
  readPaper?: boolean;
  /** Keep each PDF's page lines with its text, for the reference lists (see ExtractOptions). */
  readLines?: boolean;
  /** OCR's pixel limit: with `leaveTextlessToOcr`, larger images are never decoded. */
  maxImagePixels?: number;
  /** A long PDF's progress (see WorkerPoolOptions). */
  onProgress?: (progress: FileProgress) => void;
  /** What the extraction threads print (see WorkerPoolOptions). */
  onOutput?: (line: string) => void;
}

/**
 * An extractor that reads PDFs, HTML and DOCX on `workers` threads (default: DEFAULT_WORKERS), or
 * in the calling thread when `workers` is 0 or no worker script can be found.
 */
export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const limits: ExtractOptions = {
    maxPdfBytes: options.maxPdfBytes,
    maxTextBytes: options.maxTextBytes,
    leaveTextlessToOcr: options.leaveTextlessToOcr,
    readPaper: options.readPaper,
    readLines: options.readLines,
    maxImagePixels: options.maxImagePixels,
    maxUnzippedBytes: options.maxUnzippedBytes,
    maxChars: options.maxChars,
    maxPages: options.maxPages,
    fileTimeoutMs: options.fileTimeoutMs,
  };
  const workers = options.workers ?? DEFAULT_WORKERS;
  const script = workers > 0 ? resolveWorkerScript() : undefined;
  if (script) {
    return new WorkerPool(workers, script, limits, {
      splitPdfs: options.splitPdfs,
      fileTimeoutMs: options.fileTimeoutMs,
      workerMemoryMb: options.workerMemoryMb,
      onProgress: options.onProgress,
      onOutput: options.onOutput,
    });
  }
  return {
    extract: (file, signal) => extractFile(file, { ...limits, signal }),
    paperEvidence: async (file, signal) => (await extractPaperEvidence(file, { ...limits, signal })).paper,
    close: async () => undefined,
  };
}

/** Measured in docs/benchmarks.md ("PDF extraction"): two threads on a 2-core machine. */
export const DEFAULT_WORKERS = Math.max(1, Math.min(2, availableParallelism()));
