/**
 * The thread that reads the PDF viewer's page previews (previewPages.ts): an extraction worker
 * of its own, started on the first request and stopped after a few idle minutes, so the
 * documents it keeps open cost nothing once the reader has moved on.
 */
import type { Worker } from 'node:worker_threads';
import type { PagePreview } from '../../../citations/pagePreview';
import { startWorker } from '../../workers/startWorker';
import { workerScript } from '../../workers/workerEntry';
import { deserializeError, type PreviewWorkerRequest, type PreviewWorkerResponse } from './protocol';
import type { PreviewRequest } from './previewPages';

const IDLE_MS = 5 * 60_000;

export class PagePreviewThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(preview: PagePreview | undefined): void; reject(error: Error): void }>();
  private idle: ReturnType<typeof setTimeout> | undefined;

  /** The page's preview; undefined when it has no text to show. Rejects when the PDF cannot be read. */
  read(request: PreviewRequest): Promise<PagePreview | undefined> {
    let worker: Worker;
    try {
      worker = this.started();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const id = this.nextId++;
    clearTimeout(this.idle);
    worker.ref(); // a request on its way keeps the process alive; an idle thread does not
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'preview', id, request } satisfies PreviewWorkerRequest);
    });
  }

  dispose(): void {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.failAll(new Error('the preview thread was stopped'));
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const script = workerScript('extract');
    if (!script) throw new Error('the extraction worker script is missing');
    const worker = startWorker<PreviewWorkerResponse>(script, 'preview', {
      message: (response) => this.answer(response),
      died: (error) => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        this.failAll(error);
      },
    });
    this.worker = worker;
    return worker;
  }

  private answer(response: PreviewWorkerResponse): void {
    const waiting = this.waiting.get(response.id);
    if (!waiting) return;
    this.waiting.delete(response.id);
    if (response.type === 'preview') waiting.resolve(response.preview);
    else waiting.reject(deserializeError(response.error));
    if (this.waiting.size === 0) {
      this.worker?.unref();
      this.idle = setTimeout(() => this.dispose(), IDLE_MS);
      this.idle.unref?.();
    }
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
