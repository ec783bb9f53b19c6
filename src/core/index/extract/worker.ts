/**
 * Worker-thread entry point: extracts the files the pool sends, one at a time. Bundled on its own
 * as dist/extract-worker.js (see esbuild.mjs), next to the cli and extension bundles that start it.
 */
import { parentPort } from 'node:worker_threads';
import { extractFile } from './extractFile';
import { serializeError, type WorkerRequest, type WorkerResponse } from './protocol';

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
  extractFile(request.file, { ...request.limits, signal: controller.signal })
    .then(
      (document): WorkerResponse => ({ type: 'done', id: request.id, document }),
      (error: unknown): WorkerResponse => ({ type: 'failed', id: request.id, error: serializeError(error) }),
    )
    .then((response) => {
      running.delete(request.id);
      port.postMessage(response);
    });
});
