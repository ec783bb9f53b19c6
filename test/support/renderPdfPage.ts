/**
 * Test tool only (never shipped; @napi-rs/canvas is a devDependency): renders PDF pages to PNG
 * with pdf.js (pdfjs-dist's legacy build) onto @napi-rs/canvas, so tests can make the scanned
 * PDFs OCR reads. The canvas factory and the DOM classes pdf.js needs are handed to it here.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { installPdfjsNode20Polyfills } from '../../src/core/index/pipeline/ocr/pdfjsNode20';

type Napi = typeof import('@napi-rs/canvas');
interface PdfjsRender {
  getDocument(params: Record<string, unknown>): { promise: Promise<RenderDocument>; destroy(): Promise<void> };
}
export interface RenderDocument {
  numPages: number;
  getPage(n: number): Promise<RenderPage>;
}
interface RenderPage {
  getViewport(options: { scale: number }): { width: number; height: number };
  render(options: Record<string, unknown>): { promise: Promise<void> };
  cleanup(): void;
}

let loaded: Promise<{ pdfjs: PdfjsRender; canvas: Napi }> | undefined;

function load(): Promise<{ pdfjs: PdfjsRender; canvas: Napi }> {
  loaded ??= (async () => {
    const canvas = (await import('@napi-rs/canvas')) as Napi;
    const g = globalThis as Record<string, unknown>;
    g.DOMMatrix ??= canvas.DOMMatrix;
    g.Path2D ??= canvas.Path2D;
    g.ImageData ??= canvas.ImageData;
    installPdfjsNode20Polyfills();
    // Bundled, pdf.js warns on load that it cannot build a `require` (it does not need one here:
    // the canvas comes from the factory below); a user would see that line on every index run.
    const warn = console.warn;
    console.warn = () => undefined;
    let pdfjs: PdfjsRender;
    try {
      // pdf.js's "fake worker" (same thread) looks for its worker module here before importing it.
      g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfjsRender;
    } finally {
      console.warn = warn;
    }
    return { pdfjs, canvas };
  })();
  return loaded;
}

export interface OpenedPdf {
  document: RenderDocument;
  close(): Promise<void>;
}

/** pdf.js's data for the 14 standard fonts (the test PDFs draw text in Helvetica without embedding it). */
const standardFontDataUrl = () => `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function openForRendering(source: string | Uint8Array): Promise<OpenedPdf> {
  const { pdfjs, canvas } = await load();
  class CanvasFactory {
    create(width: number, height: number) {
      const c = canvas.createCanvas(Math.max(1, width), Math.max(1, height));
      return { canvas: c, context: c.getContext('2d') };
    }
    reset(entry: { canvas: Canvas }, width: number, height: number) {
      entry.canvas.width = width;
      entry.canvas.height = height;
    }
    destroy(entry: { canvas: Canvas | null }) {
      entry.canvas = null;
    }
  }
  const data = typeof source === 'string' ? new Uint8Array(await readFile(source)) : source;
  const task = pdfjs.getDocument({
    data,
    CanvasFactory,
    isEvalSupported: false,
    verbosity: Number(process.env.PDFJS_VERBOSITY ?? 0),
    stopAtErrors: false,
    disableFontFace: true,
    standardFontDataUrl: standardFontDataUrl(),
  });
  const document = await task.promise;
  return { document, close: () => task.destroy() };
}

export interface RenderedPage {
  png: Buffer;
  /** No pixel darker than mid-grey: nothing for OCR to read. */
  blank: boolean;
}

/** Renders one page at `dpi` on white, as PNG. */
export async function renderPage(pdf: OpenedPdf, pageNumber: number, dpi: number): Promise<RenderedPage> {
  const { canvas } = await load();
  const page = await pdf.document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: dpi / 72 });
    const target = canvas.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = target.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, target.width, target.height);
    await page.render({ canvasContext: context, canvas: target, viewport }).promise;
    const blank = isBlank(context.getImageData(0, 0, target.width, target.height).data);
    return { png: blank ? Buffer.alloc(0) : target.toBuffer('image/png'), blank };
  } finally {
    page.cleanup();
  }
}

/** True when no pixel is darker than mid-grey (sampled every 4th pixel: text strokes are wider). */
function isBlank(rgba: Uint8ClampedArray): boolean {
  for (let i = 0; i < rgba.length; i += 16) {
    if (rgba[i]! + rgba[i + 1]! + rgba[i + 2]! < 384) return false;
  }
  return true;
}
