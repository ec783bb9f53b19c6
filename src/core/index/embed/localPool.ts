/**
 * Embeds on worker threads, each with its own single-threaded ONNX session: on this CPU
 * backend two sessions on two cores beat one session with two intra-op threads. The pool hands
 * one batch at a time to whichever worker is idle. Worker startup mirrors the PDF extraction
 * pool (../extract/pool.ts): a bundled dist/embed-worker.js, or the .ts source through tsx.
 */
import type { Worker } from 'node:worker_threads';
import { deserializeError, type SerializedError } from '../workers/threadErrors';
import { startWorker } from '../workers/startWorker';
import { workerScript, type WorkerScript } from '../workers/workerEntry';
import { EmbedFailedError, LocalModelMissingError, LocalRuntimeMissingError } from './errors';

export interface EmbedWorkerData {
  modelDir: string;
  model: string;
  threads: number;
}
export interface EmbedWorkerRequest {
  id: number;
  texts: string[];
}
export type EmbedWorkerResponse = { type: 'done'; id: number; vectors: Float32Array[] } | { type: 'failed'; id: number; error: SerializedError };

/** A worker died (not a failed batch): the caller should embed in its own thread instead. */
export class EmbedWorkerCrashError extends Error {
  readonly code = 'embed-worker-crashed';
  constructor(options?: { cause?: unknown }) {
    super('embedding worker thread crashed', options);
    this.name = 'EmbedWorkerCrashError';
  }
}

/** dist/embed-worker.js, or localWorker.ts from source; undefined when neither exists (embed in-thread). */
export function resolveEmbedWorkerScript(): WorkerScript | undefined {
  return workerScript('embed');
}

interface Job {
  id: number;
  texts: string[];
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

export class LocalEmbedPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Set once a worker crashed: every later call fails fast so the caller falls back in-thread. */
  crashed = false;

  constructor(
    private readonly size: number,
    private readonly script: WorkerScript,
    private readonly data: EmbedWorkerData,
  ) {}

  /** Embeds one batch (one forward pass) on the next idle worker. */
  run(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.closed || this.crashed) return Promise.reject(new EmbedWorkerCrashError());
    return new Promise<Float32Array[]>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, texts, resolve, reject, signal });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new EmbedWorkerCrashError());
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.job?.reject(new EmbedWorkerCrashError());
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed && !this.crashed) {
      const slot = this.slots.find((candidate) => !candidate.job) ?? this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      // Aborted while queued: skip it rather than spend a forward pass on it.
      if (job.signal?.aborted) {
        job.reject(job.signal.reason);
        continue;
      }
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, texts: job.texts } satisfies EmbedWorkerRequest);
    }
  }

  private spawn(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const slot: Slot = {
      worker: startWorker<EmbedWorkerResponse>(
        this.script,
        'embed',
        { message: (response) => this.onResponse(slot, response), died: (error) => this.onCrash(slot, error) },
        { workerData: this.data },
      ),
    };
    this.slots.push(slot);
    return slot;
  }

  private onResponse(slot: Slot, response: EmbedWorkerResponse): void {
    const job = slot.job;
    slot.job = undefined;
    slot.worker.unref(); // an idle pool must not keep a CLI process alive
    if (job && job.id === response.id) {
      if (response.type === 'done') job.resolve(response.vectors);
      else job.reject(this.toEmbedderError(response.error));
    }
    this.pump();
  }

  private onCrash(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return; // already handled ('error' is followed by 'exit'), or closed
    this.slots.splice(index, 1);
    this.crashed = true;
    const failure = new EmbedWorkerCrashError({ cause: error });
    slot.job?.reject(failure);
    for (const job of this.queue.splice(0)) job.reject(failure);
  }

  /** Rebuilds the typed error the worker threw (classes do not cross threads). */
  private toEmbedderError(data: SerializedError): Error {
    const error = deserializeError(data);
    if (data.code === 'local-model-missing') return new LocalModelMissingError(this.data.modelDir, data.message, { cause: error });
    if (data.code === 'local-runtime-missing') return new LocalRuntimeMissingError({ cause: error });
    // An EmbedFailedError from the worker wraps onnxruntime's error: report that one's message.
    const detail = data.code === 'embed-failed' && data.cause ? data.cause.message : data.message;
    return new EmbedFailedError(`local model ${this.data.model}: ${detail}`, { cause: error });
  }
}
