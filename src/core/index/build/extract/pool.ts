import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../workers/startWorker';
import { workerScript, type WorkerScript } from '../../workers/workerEntry';
import type { DiscoveredFile, ExtractedDocument } from '../../types';
import { ExtractionError } from './errors';
import { extractFile, extractPaperEvidence, type ExtractOptions } from './extractFile';
import type { PaperEvidence } from './paperEvidence';
import { assemblePdfText, partsWithPages, type PdfPart } from './pdf';
import { deserializeError, partFromMessage, type ExtractRequest, type WorkerResponse } from './protocol';
import { runExtractRequest } from './runRequest';

export type { WorkerScript } from '../../workers/workerEntry';

/**
 * Parts per worker for each PDF. Equal page ranges are not equal work (one half of a manual can
 * take twice as long as the other), so more, smaller parts keep every worker busy to the end;
 * each extra part re-reads the document's structure and fonts, which measured as noise.
 */
const PARTS_PER_WORKER = 2;

/** After this many crashes without a success in between, the pool gives up on threads. */
const MAX_CONSECUTIVE_CRASHES = 3;

/** dist/extract-worker.js, or worker.ts from source; undefined when neither exists (extract in-thread). */
export function resolveWorkerScript(): WorkerScript | undefined {
  return workerScript('extract');
}

export interface WorkerPoolOptions {
  /**
   * Split each PDF into one part per worker, read in parallel (default true). Off, a large PDF
   * near the end of a run keeps one core busy while the other idles.
   */
  splitPdfs?: boolean;
}

/** One file the caller is waiting for, done by one task (whole file) or one task per part. */
interface FileJob {
  file: DiscoveredFile;
  /** Parts the file may be split into; 1: read whole. */
  partCount: number;
  /** Its other parts are out (or there are none): set once the page count is known. */
  expanded: boolean;
  tasks: Task[];
  parts: PdfPart[];
  resolve(document: ExtractedDocument): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
}

interface Task {
  request: ExtractRequest;
  job: FileJob;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

/**
 * Extracts PDFs on `size` worker threads (pdf.js parsing is CPU-bound and single-threaded), and
 * Markdown/text in the calling thread (decoding is cheap; a thread hop would cost more). Each PDF
 * is split into page ranges read by all workers at once (see `partPageRange`), so one long manual
 * does not leave the other cores idle; the parts are joined here, once, in page order. A crashed
 * worker fails only its current file and is replaced.
 */
export class WorkerPool {
  /** What the pool did (the benchmark prints it; tests check that files were really split). */
  readonly stats = { files: 0, splitFiles: 0, tasks: 0, cancelledTasks: 0 };
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly splitPdfs: boolean;
  private nextId = 1;
  private consecutiveCrashes = 0;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly script: WorkerScript,
    private readonly limits: Omit<ExtractOptions, 'signal'>,
    options: WorkerPoolOptions = {},
  ) {
    this.splitPdfs = options.splitPdfs ?? true;
  }

  extract(file: DiscoveredFile, signal?: AbortSignal): Promise<ExtractedDocument> {
    if (this.closed) return Promise.reject(new Error('extractor is closed'));
    if (file.kind !== 'pdf' || this.inThread()) {
      return extractFile(file, { ...this.limits, signal });
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ExtractedDocument>((resolve, reject) => {
      const partCount = this.splitPdfs ? this.size * PARTS_PER_WORKER : 1;
      const job: FileJob = { file, partCount, expanded: partCount === 1, tasks: [], parts: [], resolve, reject, signal, settled: false };
      // One task first: its page count decides how many more parts the file gets (expand), so a
      // short PDF is opened once, not once per part.
      const id = this.nextId++;
      const request: ExtractRequest =
        partCount === 1
          ? { type: 'extract', id, file, limits: this.limits }
          : { type: 'extract-part', id, file, part: { index: 0, count: partCount }, limits: this.limits };
      job.tasks.push({ request, job });
      this.stats.files++;
      if (signal) {
        job.onAbort = () => this.fail(job, signal.reason);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(...job.tasks);
      this.pump();
    });
  }

  /** A PDF's paper evidence alone, on a worker (an index made before paper records gains them). */
  async paperEvidence(file: DiscoveredFile, signal?: AbortSignal): Promise<PaperEvidence | undefined> {
    if (this.closed) throw new Error('extractor is closed');
    if (this.inThread()) return (await extractPaperEvidence(file, { ...this.limits, signal })).paper;
    signal?.throwIfAborted();
    const document = await new Promise<ExtractedDocument>((resolve, reject) => {
      const job: FileJob = { file, partCount: 1, expanded: true, tasks: [], parts: [], resolve, reject, signal, settled: false };
      job.tasks.push({ request: { type: 'paper-evidence', id: this.nextId++, file, limits: this.limits }, job });
      if (signal) {
        job.onAbort = () => this.fail(job, signal.reason);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(...job.tasks);
      this.pump();
    });
    return document.paper;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task.job, new Error('extractor is closed'));
    const slots = this.slots.splice(0);
    for (const slot of slots) if (slot.task) this.settle(slot.task.job, new Error('extractor is closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private inThread(): boolean {
    return this.consecutiveCrashes >= MAX_CONSECUTIVE_CRASHES;
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.slots.find((candidate) => !candidate.task) ?? this.spawn();
      if (!slot) return;
      const task = this.queue.shift() as Task;
      slot.task = task;
      slot.worker.ref();
      this.stats.tasks++;
      slot.worker.postMessage(task.request);
    }
  }

  /** A new worker if the pool is not full yet. */
  private spawn(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const slot: Slot = {
      worker: startWorker<WorkerResponse>(this.script, 'extract', {
        message: (response) => this.onResponse(slot, response),
        died: (error) => this.onCrash(slot, error),
      }),
    };
    this.slots.push(slot);
    return slot;
  }

  private onResponse(slot: Slot, response: WorkerResponse): void {
    if (response.type === 'opened') {
      // The worker goes on reading its part; the file's other parts can start now.
      if (slot.task?.request.id === response.id) this.expand(slot.task.job, response.numPages);
      this.pump();
      return;
    }
    const task = slot.task;
    slot.task = undefined;
    slot.worker.unref(); // an idle pool must not keep a CLI process alive
    this.consecutiveCrashes = 0;
    // A part stopped by a cancel (the caller aborted, or another part of its file failed).
    if (response.type === 'failed' && response.error.name === 'AbortError') this.stats.cancelledTasks++;
    if (task && task.request.id === response.id) this.complete(task, response);
    this.pump();
  }

  /** A task's answer, from a worker or from the in-thread fallback. */
  private complete(task: Task, response: WorkerResponse): void {
    const job = task.job;
    if (job.settled) return; // failed or cancelled meanwhile: a late part is dropped
    if (response.type === 'failed') {
      // The first failing part decides; the file is reported once.
      this.fail(job, deserializeError(response.error));
    } else if (response.type === 'done') {
      this.settle(job, undefined, response.document);
    } else if (response.type === 'part') {
      const part = partFromMessage(response.part);
      // In-thread fallback: no 'opened' message came first.
      this.expand(job, part.numPages);
      job.parts.push(part);
      if (job.parts.length < job.tasks.length) return;
      try {
        const { pages, warnings, ocrCandidates, paper } = assemblePdfText(job.parts, { leaveToOcr: this.limits.leaveTextlessToOcr });
        this.settle(job, undefined, {
          path: job.file.path,
          kind: job.file.kind,
          pages,
          warnings,
          ...(ocrCandidates?.length ? { ocrCandidates } : {}),
          ...(paper ? { paper } : {}),
        });
      } catch (error) {
        this.settle(job, error);
      }
    }
  }

  /**
   * Sends out the parts after the first, now that the page count is known: as many as have pages
   * (partPageRange), ahead of other files so the first part's reader is not left alone with it.
   */
  private expand(job: FileJob, numPages: number): void {
    if (job.expanded || job.settled) return;
    job.expanded = true;
    const added: Task[] = [];
    for (let index = 1; index < partsWithPages(numPages, job.partCount); index++) {
      const request: ExtractRequest = { type: 'extract-part', id: this.nextId++, file: job.file, part: { index, count: job.partCount }, limits: this.limits };
      added.push({ request, job });
    }
    if (added.length === 0) return;
    this.stats.splitFiles++;
    job.tasks.push(...added);
    if (this.inThread()) for (const task of added) this.runInThread(task);
    else this.queue.unshift(...added);
  }

  private runInThread(task: Task): void {
    void runExtractRequest(task.request, task.job.signal).then((response) => this.complete(task, response));
  }

  private onCrash(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already handled ('error' is followed by 'exit'), or closed
    this.slots.splice(index, 1);
    if (this.closed) return;
    this.consecutiveCrashes++;
    if (slot.task) {
      this.fail(slot.task.job, new ExtractionError('failed', 'extraction crashed (out of memory?)', { cause: error }));
    }
    if (this.inThread()) {
      // Threads do not work here (e.g. the worker script cannot load): finish in this thread.
      for (const task of this.queue.splice(0)) this.runInThread(task);
      return;
    }
    this.pump();
  }

  /** Settles the file with `error` and stops its other parts: queued ones are dropped, running ones told to stop. */
  private fail(job: FileJob, error: unknown): void {
    if (job.settled) return;
    this.settle(job, error);
    for (let index = this.queue.length - 1; index >= 0; index--) {
      if (this.queue[index]!.job === job) this.queue.splice(index, 1);
    }
    // A running part stops at its next page; the caller need not wait for that.
    for (const slot of this.slots) {
      if (slot.task?.job === job) slot.worker.postMessage({ type: 'cancel', id: slot.task.request.id });
    }
  }

  private settle(job: FileJob, error: unknown, document?: ExtractedDocument): void {
    if (job.settled) return;
    job.settled = true;
    job.parts = []; // the pages are in `document` now (or no longer needed)
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (document) job.resolve(document);
    else job.reject(error);
  }
}
