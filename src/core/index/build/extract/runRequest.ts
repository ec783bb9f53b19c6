import { extractFile, extractPaperEvidence, extractPdfPart } from './extractFile';
import { partToMessage, serializeError, type ExtractRequest, type WorkerResponse } from './protocol';

/**
 * Does one request and answers it as data. The worker thread runs it; so does the pool, in the
 * calling thread, when threads keep crashing, so both paths give the same answers.
 */
export async function runExtractRequest(
  request: ExtractRequest,
  signal?: AbortSignal,
  /** A part's page count, as soon as its document is open (the worker passes it on at once). */
  onPdfOpened?: (numPages: number) => void,
): Promise<WorkerResponse> {
  try {
    if (request.type === 'extract-part') {
      const part = await extractPdfPart(request.file, request.part, { ...request.limits, signal, onPdfOpened });
      return { type: 'part', id: request.id, part: partToMessage(part) };
    }
    const document =
      request.type === 'paper-evidence'
        ? await extractPaperEvidence(request.file, { ...request.limits, signal })
        : await extractFile(request.file, { ...request.limits, signal });
    return { type: 'done', id: request.id, document };
  } catch (error) {
    return { type: 'failed', id: request.id, error: serializeError(error) };
  }
}
