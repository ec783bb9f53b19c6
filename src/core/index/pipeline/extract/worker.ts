/**
 * Worker-thread entry point: does the requests the pool sends (a file, or one part of a PDF), one
 * at a time, and, in a thread of its own, the PDF viewer's page previews (previewThread.ts). Bundled on its own as dist/extract-worker.js (see esbuild.mjs), next to the cli and
 * extension bundles that start it.
 */
import { parentPort } from 'node:worker_threads';
import { serializeError, type PreviewWorkerResponse, type WorkerRequest, type WorkerResponse } from './protocol';
import { readPagePreview } from './previewPages';
import { runExtractRequest } from './runRequest';

const port = parentPort;
if (!port) throw new Error('extract worker must run in a worker thread');

const running = new Map<number, AbortController>();
/** A long PDF's progress, at most this often (the pool passes it on at most once a second). */
const PROGRESS_INTERVAL_MS = 500;

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'cancel') {
    running.get(request.id)?.abort();
    return;
  }
  if (request.type === 'preview') {
    void readPagePreview(request.request).then(
      (preview) => port.postMessage({ type: 'preview', id: request.id, ...(preview ? { preview } : {}) } satisfies PreviewWorkerResponse),
      (error: unknown) => port.postMessage({ type: 'failed', id: request.id, error: serializeError(error) } satisfies PreviewWorkerResponse),
    );
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  const opened = (numPages: number) => port.postMessage({ type: 'opened', id: request.id, numPages } satisfies WorkerResponse);
  let pages = 0;
  // The first report after a while: a short file says nothing.
  let reported = performance.now();
  const page = () => {
    pages++;
    const now = performance.now();
    if (now - reported < PROGRESS_INTERVAL_MS) return;
    reported = now;
    port.postMessage({ type: 'progress', id: request.id, pages } satisfies WorkerResponse);
  };
  void runExtractRequest(request, { signal: controller.signal, onPdfOpened: opened, onPdfPage: page }).then((response) => {
    running.delete(request.id);
    port.postMessage(response);
  });
});
