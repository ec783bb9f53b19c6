/**
 * Worker-thread entry point for local embeddings: one single-threaded ONNX session per worker,
 * embedding the batches LocalEmbedPool sends, one at a time. Bundled on its own as
 * dist/embed-worker.js (see esbuild.mjs), next to the cli and extension bundles that start it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from '../workers/threadErrors';
import { loadFeatureExtractor, runExtractor, type LocalWorkerData } from './localModel';
import type { EmbedWorkerRequest, EmbedWorkerResponse } from './localPool';

const port = parentPort;
if (!port) throw new Error('embed worker must run in a worker thread');

const { modelDir, model, threads, dtype } = workerData as LocalWorkerData;
const extractor = loadFeatureExtractor(modelDir, threads, dtype);
extractor.catch(() => undefined); // reported per request below

// Requests arrive one at a time (the pool waits for each answer), so no queue is needed here.
port.on('message', (request: EmbedWorkerRequest) => {
  extractor
    .then((extract) => runExtractor(extract, request.texts, model))
    .then(
      (vectors): EmbedWorkerResponse => ({ type: 'done', id: request.id, vectors }),
      (error: unknown): EmbedWorkerResponse => ({ type: 'failed', id: request.id, error: serializeError(error) }),
    )
    .then((response) => {
      const transfer = response.type === 'done' ? response.vectors.map((v) => v.buffer as ArrayBuffer) : [];
      port.postMessage(response, transfer);
    });
});
