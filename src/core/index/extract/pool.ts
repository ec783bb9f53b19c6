import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DiscoveredFile } from '../discover';
import type { ExtractedDocument } from '../types';
import { ExtractionError } from './errors';
import { extractFile, type ExtractOptions } from './extractFile';
import { deserializeError, type WorkerRequest, type WorkerResponse } from './protocol';

/** How to start the worker: a bundled .js file, or (tests, tsx) the TypeScript source via tsx. */
export type WorkerScript = { path: string; eval: false } | { code: string; eval: true };

/** After this many crashes without a success in between, the pool gives up on threads. */
const MAX_CONSECUTIVE_CRASHES = 3;

/**
 * Finds the worker entry point. Bundled, `__dirname` is dist/ and the worker is
 * dist/extract-worker.js; from source (mocha/tsx) it is worker.ts beside this file, loaded
 * through tsx's require hook. Undefined when neither exists, so callers extract in-thread.
 */
export function resolveWorkerScript(): WorkerScript | undefined {
  const bundled = join(__dirname, 'extract-worker.js');
  if (existsSync(bundled)) return { path: bundled, eval: false };
  const source = join(__dirname, 'worker.ts');
  if (!existsSync(source)) return undefined;
  try {
    // Resolved here, not in the worker: an eval'd worker resolves modules from the process cwd.
    const tsxHook = require.resolve('tsx/cjs');
    return { code: `require(${JSON.stringify(tsxHook)}); require(${JSON.stringify(source)});`, eval: true };
  } catch {
    return undefined; // running from source without tsx: extract in-thread
  }
}

interface Job {
  id: number;
  file: DiscoveredFile;
  resolve(document: ExtractedDocument): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

/**
 * Extracts PDFs on `size` worker threads (pdf.js parsing is CPU-bound and single-threaded), and
 * Markdown/text in the calling thread (decoding is cheap; a thread hop would cost more). A
 * crashed worker fails only its current file and is replaced.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private consecutiveCrashes = 0;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly script: WorkerScript,
    private readonly limits: Omit<ExtractOptions, 'signal'>,
  ) {}

  extract(file: DiscoveredFile, signal?: AbortSignal): Promise<ExtractedDocument> {
    if (this.closed) return Promise.reject(new Error('extractor is closed'));
    if (file.kind !== 'pdf' || this.consecutiveCrashes >= MAX_CONSECUTIVE_CRASHES) {
      return extractFile(file, { ...this.limits, signal });
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ExtractedDocument>((resolve, reject) => {
      const job: Job = { id: this.nextId++, file, resolve, reject, signal, settled: false };
      if (signal) {
        job.onAbort = () => this.abort(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('extractor is closed'));
    const slots = this.slots.splice(0);
    for (const slot of slots) if (slot.job) this.settle(slot.job, new Error('extractor is closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.slots.find((candidate) => !candidate.job) ?? this.spawn();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      this.post(slot, { type: 'extract', id: job.id, file: job.file, limits: this.limits });
    }
  }

  /** A new worker if the pool is not full yet. */
  private spawn(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const worker = this.script.eval
      ? new Worker(this.script.code, { eval: true })
      : new Worker(this.script.path);
    const slot: Slot = { worker };
    worker.on('message', (response: WorkerResponse) => this.onResponse(slot, response));
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (exitCode) => this.onCrash(slot, new Error(`extract worker exited with code ${exitCode}`)));
    this.slots.push(slot);
    return slot;
  }

  private onResponse(slot: Slot, response: WorkerResponse): void {
    const job = slot.job;
    slot.job = undefined;
    slot.worker.unref(); // an idle pool must not keep a CLI process alive
    this.consecutiveCrashes = 0;
    if (job && job.id === response.id) {
      if (response.type === 'done') this.settle(job, undefined, response.document);
      else this.settle(job, deserializeError(response.error));
    }
    this.pump();
  }

  private onCrash(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already handled ('error' is followed by 'exit'), or closed
    this.slots.splice(index, 1);
    if (this.closed) return;
    this.consecutiveCrashes++;
    const job = slot.job;
    if (job) {
      this.settle(job, new ExtractionError('failed', 'extraction crashed (out of memory?)', { cause: error }));
    }
    if (this.consecutiveCrashes >= MAX_CONSECUTIVE_CRASHES) {
      // Threads do not work here (e.g. the worker script cannot load): finish in this thread.
      for (const queued of this.queue.splice(0)) {
        extractFile(queued.file, { ...this.limits, signal: queued.signal }).then(
          (document) => this.settle(queued, undefined, document),
          (failure: unknown) => this.settle(queued, failure),
        );
      }
      return;
    }
    this.pump();
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((candidate) => candidate.job === job);
    // The worker stops at its next page; the caller need not wait for that.
    if (slot) this.post(slot, { type: 'cancel', id: job.id });
    this.settle(job, job.signal?.reason);
  }

  private post(slot: Slot, request: WorkerRequest): void {
    slot.worker.postMessage(request);
  }

  private settle(job: Job, error: unknown, document?: ExtractedDocument): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (document) job.resolve(document);
    else job.reject(error);
  }
}
