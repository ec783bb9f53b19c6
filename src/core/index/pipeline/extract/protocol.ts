import type { DiscoveredFile, ExtractedDocument } from '../../types';
import { ExtractionError, type ExtractionErrorCode } from './errors';
import { deserializeError as deserializeThreadError, serializeError, type SerializedError } from '../../workers/threadErrors';

export { serializeError, type SerializedError };
import type { ExtractOptions } from './extractFile';
import type { PdfPart, PdfPartSpec } from './pdf';
import type { PagePreview } from '../../../citations/pagePreview';
import type { PreviewRequest } from './previewPages';

/**
 * Work for one thread: a whole file, or one part of a PDF split across threads. `stopAt`
 * (`Date.now()` time): the file's time limit, which a PDF's reader checks after every page itself
 * (a message would wait: pdf.js keeps the thread busy with promise callbacks between pages).
 */
export type ExtractRequest =
  | { type: 'extract'; id: number; file: DiscoveredFile; limits: Omit<ExtractOptions, 'signal'>; stopAt?: number }
  | { type: 'extract-part'; id: number; file: DiscoveredFile; part: PdfPartSpec; limits: Omit<ExtractOptions, 'signal'>; stopAt?: number }
  /** A PDF's paper evidence alone (extractFile.ts extractPaperEvidence), answered as a document without pages. */
  | { type: 'paper-evidence'; id: number; file: DiscoveredFile; limits: Omit<ExtractOptions, 'signal'>; stopAt?: number };

/** Main thread -> worker. */
export type WorkerRequest = ExtractRequest | { type: 'cancel'; id: number } | PreviewWorkerRequest;

/** A cited page's preview for the PDF viewer (previewPages.ts): asked of a thread of its own, not the pool's. */
export interface PreviewWorkerRequest {
  type: 'preview';
  id: number;
  request: PreviewRequest;
}
export type PreviewWorkerResponse = { type: 'preview'; id: number; preview?: PagePreview } | { type: 'failed'; id: number; error: SerializedError };

/** A PdfPart as it crosses threads: its page error as data. */
export type PdfPartMessage = Omit<PdfPart, 'firstPageError'> & { firstPageError?: SerializedError };

/** Worker -> main thread. */
export type WorkerResponse =
  | { type: 'done'; id: number; document: ExtractedDocument }
  /** A part's document is open: its page count, before its pages are read (the task goes on). */
  | { type: 'opened'; id: number; numPages: number }
  | { type: 'part'; id: number; part: PdfPartMessage }
  /** Pages read so far by this task (a long PDF's progress; at most twice a second). */
  | { type: 'progress'; id: number; pages: number }
  | { type: 'failed'; id: number; error: SerializedError };

export function partToMessage(part: PdfPart): PdfPartMessage {
  const { firstPageError, ...rest } = part;
  return firstPageError === undefined ? rest : { ...rest, firstPageError: serializeError(firstPageError) };
}

export function partFromMessage(message: PdfPartMessage): PdfPart {
  const { firstPageError, ...rest } = message;
  return firstPageError === undefined ? rest : { ...rest, firstPageError: deserializeError(firstPageError) };
}

/** A failure from a thread, rebuilt as the ExtractionError it was (its code kept). */
export function deserializeError(data: SerializedError): Error {
  return deserializeThreadError(data, (known, cause) =>
    known.extraction && known.code ? new ExtractionError(known.code as ExtractionErrorCode, known.message, cause ? { cause } : undefined) : undefined,
  );
}
