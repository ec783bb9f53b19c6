import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../workers/startWorker';
import { workerScript, type WorkerScript } from '../../workers/workerEntry';
import type { DiscoveredFile, ExtractedDocument } from '../../types';
import { DEFAULT_FILE_LIMITS } from '../fileLimits';
import { extractFile, extractPaperEvidence, READERS, type ExtractOptions } from './extractFile';
import type { PaperEvidence } from './paperEvidence';
import { partsWithPages } from './pdf';
import { assembleJob, jobProgress, newJob, threadDeath, timeoutError, type FileJob, type Task, type WorkerPoolOptions } from './poolJob';
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

/**
 * After a PDF's time limit, how long its threads have to answer with the pages they read before
 * they are stopped (a page that never ends, or a parse before the first page).
 */
const STOP_GRACE_MS = 5_000;

/** dist/extract-worker.js, or worker.ts from source; undefined when neither exists (extract in-thread). */
export function resolveWorkerScript(): WorkerScript | undefined {
  return workerScript('extract');
}

export type { FileProgress, WorkerPoolOptions } from './poolJob';

interface Slot {
  worker: Worker;
  task?: Task;
}

/**
 * Extracts PDFs, HTML and DOCX on `size` worker threads, each under a heap limit, with a deadline
 * per file: a file that would exhaust memory or time stops its thread (which is replaced), not
 * the process. Markdown/text are read in the calling thread. Each PDF is split into page ranges
 * read by all workers at once (see `partPageRange`), so one long manual does not leave the other
 * cores idle; the parts are joined here, once, in page order.
 */
export class WorkerPool {
  /** What the pool did (the benchmark prints it; tests check that files were really split). */
  readonly stats = { files: 0, splitFiles: 0, tasks: 0, cancelledTasks: 0, terminated: 0 };
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly splitPdfs: boolean;
  private readonly fileTimeoutMs: number;
  private readonly workerMemoryMb: number;
  private nextId = 1;
  private consecutiveCrashes = 0;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly script: WorkerScript,
    private readonly limits: Omit<ExtractOptions, 'signal'>,
    private readonly options: WorkerPoolOptions = {},
  ) {
    this.splitPdfs = options.splitPdfs ?? true;
    this.fileTimeoutMs = options.fileTimeoutMs ?? DEFAULT_FILE_LIMITS.fileTimeoutMs;
    this.workerMemoryMb = options.workerMemoryMb ?? DEFAULT_FILE_LIMITS.workerMemoryMb;
  }

  extract(file: DiscoveredFile, signal?: AbortSignal): Promise<ExtractedDocument> {
    if (this.closed) return Promise.reject(new Error('extractor is closed'));
    if (!READERS[file.kind].onThreads || this.inThread()) {
      return extractFile(file, { ...this.limits, signal });
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ExtractedDocument>((resolve, reject) => {
      const partCount = this.splitPdfs && file.kind === 'pdf' ? this.size * PARTS_PER_WORKER : 1;
      const job = newJob(file, partCount, resolve, reject, signal);
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
        // A thread may be deep in one synchronous parse: stopping it is the only way to stop at once.
        job.onAbort = () => this.fail(job, signal.reason, { terminate: true });
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
      const job = newJob(file, 1, resolve, reject, signal);
      job.tasks.push({ request: { type: 'paper-evidence', id: this.nextId++, file, limits: this.limits }, job });
      if (signal) {
        job.onAbort = () => this.fail(job, signal.reason, { terminate: true });
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
      // Its signal fired and its own abort handler has not run yet (several files share one signal).
      if (task.job.signal?.aborted) {
        this.fail(task.job, task.job.signal.reason, { terminate: true });
        continue;
      }
      slot.task = task;
      slot.worker.ref();
      this.stats.tasks++;
      this.startDeadline(task.job);
      const request = task.job.file.kind === 'pdf' ? { ...task.request, stopAt: task.job.stopAt } : task.request;
      slot.worker.postMessage(request);
    }
  }

  /** The file's clock starts when a thread first works on it, not while it waits in the queue. */
  private startDeadline(job: FileJob): void {
    if (job.deadline || job.settled) return;
    job.stopAt = Date.now() + this.fileTimeoutMs;
    job.deadline = setTimeout(() => this.onDeadline(job), this.fileTimeoutMs);
    job.deadline.unref();
  }

  /**
   * A PDF keeps the pages read so far ("only the first N of M pages indexed"): its running parts
   * stop after their current page by themselves (`stopAt`), its parts not started (or still
   * opening the document) are dropped, and whatever has not answered STOP_GRACE_MS later is
   * stopped with its thread. HTML and DOCX (one parse,
   * nothing to keep half of) and a PDF past its grace fail as `timeout`.
   */
  private onDeadline(job: FileJob): void {
    if (job.settled) return;
    if (job.file.kind !== 'pdf' || job.stopped) {
      const error = timeoutError(this.fileTimeoutMs);
      this.fail(job, error, { terminate: true });
      return;
    }
    job.stopped = true;
    const drop = (task: Task) => job.tasks.splice(job.tasks.indexOf(task), 1);
    for (let index = this.queue.length - 1; index >= 0; index--) {
      const task = this.queue[index]!;
      if (task.job !== job) continue;
      this.queue.splice(index, 1);
      drop(task);
    }
    for (const slot of [...this.slots]) {
      const task = slot.task;
      if (task?.job !== job) continue;
      if (!task.opened) {
        // Still opening the document: no page of it to keep, and no page boundary to stop at.
        this.terminate(slot);
        drop(task);
      }
    }
    if (job.tasks.length === 0) {
      this.onDeadline(job); // nothing was read: the file fails as `timeout`
    } else {
      job.deadline = setTimeout(() => this.onDeadline(job), STOP_GRACE_MS);
      job.deadline.unref();
      this.assembleWhenRead(job);
    }
    this.pump();
  }

  /** Stops a thread at once; it is forgotten first, so its exit is not taken for a crash. */
  private terminate(slot: Slot): void {
    this.slots.splice(this.slots.indexOf(slot), 1);
    this.stats.terminated++;
    void slot.worker.terminate();
  }

  /** A new worker if the pool is not full yet. */
  private spawn(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const slot: Slot = {
      worker: startWorker<WorkerResponse>(
        this.script,
        'extract',
        {
          message: (response) => this.onResponse(slot, response),
          died: (error) => this.onCrash(slot, error),
          ...(this.options.onOutput ? { output: this.options.onOutput } : {}),
        },
        { resourceLimits: { maxOldGenerationSizeMb: this.workerMemoryMb } },
      ),
    };
    this.slots.push(slot);
    return slot;
  }

  private onResponse(slot: Slot, response: WorkerResponse): void {
    if (response.type === 'opened') {
      // The worker goes on reading its part; the file's other parts can start now.
      if (slot.task?.request.id === response.id) {
        slot.task.opened = true;
        slot.task.job.total = response.numPages;
        this.expand(slot.task.job, response.numPages);
      }
      this.pump();
      return;
    }
    if (response.type === 'progress') {
      if (slot.task?.request.id === response.id) this.progress(slot.task.job, response.id, response.pages);
      return;
    }
    const task = slot.task;
    slot.task = undefined;
    slot.worker.unref(); // an idle pool must not keep a CLI process alive
    this.consecutiveCrashes = 0;
    // A part stopped by a cancel (another part of its file failed).
    if (response.type === 'failed' && response.error.name === 'AbortError') this.stats.cancelledTasks++;
    if (task && task.request.id === response.id) this.complete(task, response);
    this.pump();
  }

  private progress(job: FileJob, taskId: number, pages: number): void {
    const progress = jobProgress(job, taskId, pages);
    if (progress) this.options.onProgress?.(progress);
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
      if (!job.stopped) this.expand(job, part.numPages);
      job.parts.push(part);
      this.assembleWhenRead(job);
    }
  }

  /** Joins a split PDF once every part still expected has answered. */
  private assembleWhenRead(job: FileJob): void {
    if (job.settled || job.parts.length < job.tasks.length || job.parts.length === 0) return;
    try {
      this.settle(job, undefined, assembleJob(job, { ...this.limits, fileTimeoutMs: this.fileTimeoutMs }));
    } catch (error) {
      this.settle(job, error);
    }
  }

  /**
   * Sends out the parts after the first, now that the page count is known: as many as have pages
   * (partPageRange), ahead of other files so the first part's reader is not left alone with it.
   */
  private expand(job: FileJob, numPages: number): void {
    if (job.expanded || job.settled || job.stopped) return;
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
    void runExtractRequest(task.request, { signal: task.job.signal }).then((response) => this.complete(task, response));
  }

  private onCrash(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already handled ('error' is followed by 'exit'), terminated, or closed
    this.slots.splice(index, 1);
    if (this.closed) return;
    const { failure, fileToBlame } = threadDeath(error, this.workerMemoryMb);
    // A file too big for its thread is that file's problem; other deaths may mean threads cannot run here.
    if (!fileToBlame) this.consecutiveCrashes++;
    if (slot.task) this.fail(slot.task.job, failure, { terminate: true });
    if (this.inThread()) {
      // Threads do not work here (e.g. the worker script cannot load): finish in this thread.
      for (const task of this.queue.splice(0)) this.runInThread(task);
      return;
    }
    this.pump();
  }

  /**
   * Settles the file with `error` and stops its other parts: queued ones are dropped, running ones
   * told to stop at their next page, or (`terminate`: a cancel, a deadline, a crash) their threads
   * stopped at once and replaced when work comes.
   */
  private fail(job: FileJob, error: unknown, { terminate = false } = {}): void {
    if (job.settled) return;
    this.settle(job, error);
    for (let index = this.queue.length - 1; index >= 0; index--) {
      if (this.queue[index]!.job === job) this.queue.splice(index, 1);
    }
    for (const slot of [...this.slots]) {
      if (slot.task?.job !== job) continue;
      if (terminate) {
        this.terminate(slot);
      } else {
        slot.worker.postMessage({ type: 'cancel', id: slot.task.request.id });
      }
    }
    if (terminate) this.pump();
  }

  private settle(job: FileJob, error: unknown, document?: ExtractedDocument): void {
    if (job.settled) return;
    job.settled = true;
    job.parts = []; // the pages are in `document` now (or no longer needed)
    if (job.deadline) clearTimeout(job.deadline);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (document) job.resolve(document);
    else job.reject(error);
  }
}
