import { extractFile, extractPaperEvidence, extractPdfPart } from './extractFile';
import { partToMessage, serializeError, type ExtractRequest, type WorkerResponse } from './protocol';

/** What the thread running a request hears and tells while it runs. */
export interface RequestHooks {
  signal?: AbortSignal;
  /** A part's page count, as soon as its document is open (the worker passes it on at once). */
  onPdfOpened?: (numPages: number) => void;
  /** Told after each PDF page (the worker reports progress from it). */
  onPdfPage?: () => void;
}

/**
 * Does one request and answers it as data. The worker thread runs it; so does the pool, in the
 * calling thread, when threads keep crashing, so both paths give the same answers.
 */
export async function runExtractRequest(request: ExtractRequest, hooks: RequestHooks = {}): Promise<WorkerResponse> {
  const { signal, onPdfOpened, onPdfPage } = hooks;
  const stopAt = request.stopAt;
  try {
    if (request.type === 'extract-part') {
      const part = await extractPdfPart(request.file, request.part, { ...request.limits, signal, stopAt, onPdfOpened, onPdfPage });
      return { type: 'part', id: request.id, part: partToMessage(part) };
    }
    const document =
      request.type === 'paper-evidence'
        ? await extractPaperEvidence(request.file, { ...request.limits, signal })
        : await extractFile(request.file, { ...request.limits, signal, stopAt, onPdfPage });
    return { type: 'done', id: request.id, document };
  } catch (error) {
    return { type: 'failed', id: request.id, error: serializeError(error) };
  }
}
