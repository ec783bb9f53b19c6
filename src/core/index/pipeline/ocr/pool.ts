/**
 * OCR threads, at most `size` (default: as many as PDF extraction uses, min(2, cores)). A
 * document's pages are shared out among the threads (each thread opens the PDF once and reads its
 * pages in order); other documents wait their turn. Cancelling terminates the threads working for
 * that document at once (a page can take seconds), and the next request starts a fresh one.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../workers/startWorker';
import { workerScript, type WorkerScript } from '../../workers/workerEntry';
import type { LanguageData } from './languageData';
import type { OcrPageResult, OcrRequest, OcrResponse } from './protocol';

/** dist/ocr-worker.js beside the bundle; from source, thread.ts through tsx's require hook. */
export function resolveOcrThreadScript(): WorkerScript | undefined {
  return workerScript('ocr');
}

export interface OcrJob {
  absPath: string;
  pages: number[];
  languages: string[];
  data: LanguageData;
  /** Images over this many pixels are not decoded; none is enlarged past it (ocr/settings.ts). */
  maxImagePixels: number;
}

export interface OcrPoolOptions {
  /** What the threads print, Tesseract's raw diagnostics among it: the log's, never the terminal's. */
  onOutput?: (line: string) => void;
  /** JavaScript heap of each OCR thread, MB. */
  memoryMb?: number;
}

export interface OcrJobResult {
  pages: OcrPageResult[];
  /** Pages that could not be decoded or read. */
  failed: number[];
  /** Of `failed`, those Tesseract could not start for (not the page's fault). */
  engineFailed: number[];
}

interface Pending {
  request: OcrRequest;
  /** A page read, or the number of one that failed (`engine`: Tesseract could not start). */
  onPage(result: OcrPageResult | number, engine?: boolean): void;
  resolve(): void;
  reject(error: unknown): void;
}

interface Lane {
  worker: Worker;
  current?: Pending;
}

export class OcrPool {
  /** Pages sent to Tesseract (blank pages included); tests count these to prove a cache hit. */
  readonly stats = { pages: 0 };
  private readonly lanes: Lane[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly script: WorkerScript,
    private readonly options: OcrPoolOptions = {},
  ) {}

  /** Reads `job.pages`; `onPage` hears each page as it is done (for progress). Rejects on abort. */
  async recognize(job: OcrJob, onPage: (result: OcrPageResult | number) => void, signal?: AbortSignal): Promise<OcrJobResult> {
    signal?.throwIfAborted();
    const result: OcrJobResult = { pages: [], failed: [], engineFailed: [] };
    const shares = Math.max(1, Math.min(this.size, job.pages.length));
    const parts = Array.from({ length: shares }, (_, index) => job.pages.filter((_, i) => i % shares === index));
    const mine: Pending[] = [];
    const record = (page: OcrPageResult | number, engine = false) => {
      if (typeof page !== 'number') result.pages.push(page);
      else {
        result.failed.push(page);
        if (engine) result.engineFailed.push(page);
      }
      this.stats.pages++;
      onPage(page);
    };
    const runs = parts.map(
      (pages) =>
        new Promise<void>((resolve, reject) => {
          const request: OcrRequest = {
            type: 'ocr',
            id: this.nextId++,
            absPath: job.absPath,
            pages,
            languages: job.languages,
            data: job.data,
            maxImagePixels: job.maxImagePixels,
          };
          const pending: Pending = { request, onPage: record, resolve, reject };
          mine.push(pending);
          this.queue.push(pending);
        }),
    );
    const onAbort = () => this.cancel(mine, signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.pump();
    try {
      await Promise.all(runs);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    result.pages.sort((a, b) => a.page - b.page);
    result.failed.sort((a, b) => a - b);
    result.engineFailed.sort((a, b) => a - b);
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('OCR is closed'));
    const lanes = this.lanes.splice(0);
    for (const lane of lanes) lane.current?.reject(new Error('OCR is closed'));
    await Promise.all(lanes.map((lane) => lane.worker.terminate()));
  }

  private cancel(mine: Pending[], reason: unknown): void {
    for (const pending of mine) {
      const queued = this.queue.indexOf(pending);
      if (queued >= 0) this.queue.splice(queued, 1);
      const lane = this.lanes.find((candidate) => candidate.current === pending);
      if (lane) {
        this.lanes.splice(this.lanes.indexOf(lane), 1);
        lane.current = undefined;
        void lane.worker.terminate();
      }
      pending.reject(reason);
    }
    this.pump();
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const lane = this.lanes.find((candidate) => !candidate.current) ?? this.spawn();
      if (!lane) return;
      const pending = this.queue.shift() as Pending;
      lane.current = pending;
      lane.worker.ref();
      lane.worker.postMessage(pending.request);
    }
  }

  private spawn(): Lane | undefined {
    if (this.lanes.length >= this.size) return undefined;
    const lane: Lane = {
      worker: startWorker<OcrResponse>(
        this.script,
        'OCR',
        {
          message: (response) => this.onResponse(lane, response),
          died: (error) => this.onExit(lane, error),
          ...(this.options.onOutput ? { output: this.options.onOutput } : {}),
        },
        this.options.memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb } } : {},
      ),
    };
    this.lanes.push(lane);
    return lane;
  }

  private onResponse(lane: Lane, response: OcrResponse): void {
    const pending = lane.current;
    if (!pending || pending.request.id !== response.id) return;
    if (response.type === 'page') pending.onPage(response.result);
    else if (response.type === 'page-failed') pending.onPage(response.page, response.engine);
    else {
      lane.current = undefined;
      lane.worker.unref(); // an idle OCR thread must not keep a CLI process alive
      if (response.type === 'done') pending.resolve();
      else pending.reject(Object.assign(new Error(response.message), { name: response.name }));
      this.pump();
    }
  }

  private onExit(lane: Lane, error: Error): void {
    const index = this.lanes.indexOf(lane);
    if (index < 0) return; // terminated on purpose (cancel, close)
    this.lanes.splice(index, 1);
    lane.current?.reject(error);
    lane.current = undefined;
    this.pump();
  }
}
