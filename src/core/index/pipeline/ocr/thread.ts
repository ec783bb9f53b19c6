/**
 * OCR thread entry point: takes the scan images of the requested pages of a PDF (`pageScan.ts`)
 * and reads them with Tesseract,
 * one page at a time, answering page by page. Bundled on its own as dist/ocr-worker.js. The
 * Tesseract worker (tesseract.js starts it as a thread of this thread) is kept for the next
 * request with the same languages. Language data is read from `data.langPath` only, and nothing
 * is cached on disk by tesseract.js (`cacheMethod: 'none'`): no download, no file in the cwd.
 */
import { parentPort } from 'node:worker_threads';
import type { OcrRequest, OcrResponse } from './protocol';
import { openForOcr, readPageScan } from './pageScan';
import { normalizePageText } from '../extract/pageText';
import { wordsFromTsv, type OcrWord } from './words';

const port = parentPort;
if (!port) throw new Error('OCR worker must run in a worker thread');

interface TesseractWorker {
  recognize(
    image: Buffer,
    options: object,
    output: { text: boolean; tsv: boolean },
  ): Promise<{ data: { text: string; confidence: number; tsv: string | null } }>;
  terminate(): Promise<unknown>;
}
let tesseract: { key: string; worker: Promise<TesseractWorker> } | undefined;

function tesseractFor(request: OcrRequest): Promise<TesseractWorker> {
  const key = `${request.languages.join('+')}|${request.data.langPath}`;
  if (tesseract?.key !== key) {
    void tesseract?.worker.then((w) => w.terminate()).catch(() => undefined);
    const worker = import('tesseract.js').then((module) => {
      const createWorker =
        (module as unknown as { createWorker: typeof import('tesseract.js').createWorker }).createWorker ??
        (module as unknown as { default: typeof import('tesseract.js') }).default.createWorker;
      return createWorker(request.languages, 1 /* LSTM only */, {
        langPath: request.data.langPath,
        gzip: request.data.gzip,
        cacheMethod: 'none',
      }) as unknown as Promise<TesseractWorker>;
    });
    tesseract = { key, worker };
  }
  return tesseract.worker;
}

let queue = Promise.resolve();
port.on('message', (request: OcrRequest) => {
  queue = queue.then(() => run(request));
});

async function run(request: OcrRequest): Promise<void> {
  const post = (response: OcrResponse) => port!.postMessage(response);
  let pdf;
  try {
    pdf = await openForOcr(request.absPath, request.maxImagePixels);
    for (const page of request.pages) {
      let engine = false;
      try {
        const scan = await readPageScan(pdf, page, request.maxImagePixels);
        if (scan.blank) {
          post({ type: 'page', id: request.id, result: { page, text: '', confidence: 100, blank: true } });
          continue;
        }
        // Started on the first page with ink: a run whose pages are all blank never loads Tesseract.
        const worker = await tesseractFor(request).catch((error: unknown) => {
          engine = true;
          throw error;
        });
        const texts: string[] = [];
        const words: OcrWord[] = [];
        let confidence = 100;
        for (const image of scan.images) {
          // TSV rather than `blocks`: the words' boxes without every symbol's.
          const { data } = await worker.recognize(image.png, {}, { text: true, tsv: true });
          texts.push(data.text);
          words.push(...wordsFromTsv(data.tsv ?? '', image.width, image.height, image.frame));
          // The page is as trustworthy as its worst-read image.
          confidence = Math.min(confidence, data.confidence);
        }
        post({ type: 'page', id: request.id, result: { page, text: normalizePageText(texts.join('\n\n')), confidence, blank: false, words } });
      } catch (error) {
        post({ type: 'page-failed', id: request.id, page, message: error instanceof Error ? error.message : String(error), engine });
      }
    }
    post({ type: 'done', id: request.id });
  } catch (error) {
    post({
      type: 'failed',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
      name: error instanceof Error ? error.name : 'Error',
    });
  } finally {
    await pdf?.close().catch(() => undefined);
  }
}
