/**
 * Worker-thread entry point: does the requests the pool sends (a file, or one part of a PDF), one
 * at a time. Bundled on its own as dist/extract-worker.js (see esbuild.mjs), next to the cli and
 * extension bundles that start it.
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { runExtractRequest } from './runRequest';

const port = parentPort;
if (!port) throw new Error('extract worker must run in a worker thread');

const running = new Map<number, AbortController>();

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'cancel') {
    running.get(request.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  const opened = (numPages: number) => port.postMessage({ type: 'opened', id: request.id, numPages } satisfies WorkerResponse);
  void runExtractRequest(request, controller.signal, opened).then((response) => {
    running.delete(request.id);
    port.postMessage(response);
  });
});
