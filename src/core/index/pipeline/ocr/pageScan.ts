/**
 * A scanned page's own images, ready for Tesseract, with no renderer: pdf.js (pdfjs-dist's legacy
 * build, which runs in Node) lists the page's operators and decodes its images with its pure-JS
 * decoders into raw pixels (`isOffscreenCanvasSupported: false`, so no canvas is ever asked for);
 * `pageImages.ts` decides which images make up the scan and how they lie on the page, and each
 * becomes an upright greyscale PNG. Runs in the OCR thread.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { installPdfjsNode20Polyfills } from './pdfjsNode20';
import { imagePlacements, orientationOf, scanImages, type ImageOps } from './pageImages';
import { isBlank, orient, rescale, scaleFactorFor, toGrey, type DecodedImage } from './greyImage';
import { encodeGreyPng } from './png';
import type { ImageFrame } from './words';

interface ObjectStore {
  get(id: string, callback: (value: unknown) => void): void;
}
interface PdfjsModule {
  getDocument(params: Record<string, unknown>): { promise: Promise<PdfDocument>; destroy(): Promise<void> };
  OPS: ImageOps;
}
interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
}
interface PdfPage {
  getViewport(options: { scale: number }): { width: number; height: number; transform: number[] };
  getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }>;
  objs: ObjectStore;
  commonObjs: ObjectStore;
  cleanup(): void;
}

let loaded: Promise<PdfjsModule> | undefined;

function load(): Promise<PdfjsModule> {
  loaded ??= (async () => {
    installPdfjsNode20Polyfills();
    // pdf.js's display layer builds one `new DOMMatrix()` when it loads (for drawing, which never
    // happens here); without a canvas library Node has none. An empty class lets it load, and any
    // drawing would still fail loudly on the missing methods.
    const g = globalThis as Record<string, unknown>;
    g.DOMMatrix ??= class DOMMatrix {};
    // Bundled, pdf.js warns on load that it cannot build a `require` to find a canvas library for
    // its DOM polyfills; nothing here draws, and a user would see that line on every index run.
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      // pdf.js's "fake worker" (same thread) looks for its worker module here before importing it.
      g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfjsModule;
    } finally {
      console.warn = warn;
    }
  })();
  return loaded;
}

export interface OpenedPdf {
  document: PdfDocument;
  close(): Promise<void>;
}

/**
 * pdf.js's data for the 14 standard fonts (parsing a page's operators may load one): shipped
 * beside the viewer's webview bundle, or pdfjs-dist's own from source.
 */
function standardFontDataUrl(): string | undefined {
  const shipped = join(__dirname, 'webview', 'standard_fonts');
  if (existsSync(shipped)) return `${shipped}/`;
  try {
    return `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  } catch {
    return undefined;
  }
}

/**
 * `maxImagePixels`: pdf.js leaves larger images out of a page's operators instead of decoding them
 * (a 30000 x 30000 scan is 3.6 GB as pdf.js's RGBA, outside any thread's heap limit).
 */
export async function openForOcr(source: string | Uint8Array, maxImagePixels?: number): Promise<OpenedPdf> {
  const pdfjs = await load();
  const data = typeof source === 'string' ? new Uint8Array(await readFile(source)) : source;
  const task = pdfjs.getDocument({
    data,
    ...(maxImagePixels ? { maxImageSize: maxImagePixels } : {}),
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    isEvalSupported: false,
    verbosity: Number(process.env.PDFJS_VERBOSITY ?? 0),
    stopAtErrors: false,
    disableFontFace: true,
    standardFontDataUrl: standardFontDataUrl(),
  });
  const document = await task.promise;
  return { document, close: () => task.destroy() };
}

/** The enlargement factor, lowered until the enlarged image fits in `maxPixels` (a reduction is kept). */
export function withinPixels(factor: number, pixels: number, maxPixels: number): number {
  let fitting = factor;
  while (fitting > 1 && pixels * fitting * fitting > maxPixels) fitting--;
  return fitting;
}

/** One image of the scan, as Tesseract reads it, and where it lies on the page. */
export interface ScanImage {
  png: Buffer;
  width: number;
  height: number;
  /** Its bounding box in fractions of the page (pdf.js's viewport at rotation 0, y down). */
  frame: ImageFrame;
}

export interface PageScan {
  /** The images of the scan with ink on them, in reading order. */
  images: ScanImage[];
  /** No scan image with a pixel darker than mid-grey: nothing for OCR to read. */
  blank: boolean;
}

/** pdf.js keeps images shared between pages (ids `g_…`) in `commonObjs`, the rest in `objs`. */
function imageData(page: PdfPage, source: string | object): Promise<DecodedImage | null> {
  if (typeof source !== 'string') return Promise.resolve(source as DecodedImage);
  const store = source.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => store.get(source, (value) => resolve(value as DecodedImage | null)));
}

/**
 * The page's scan images as PNGs Tesseract reads without a canvas; none enlarged past
 * `maxImagePixels` (an 8000 x 8000 scan on a 200,000-pt page would be enlarged fourfold into a
 * gigapixel image, which Tesseract's WebAssembly heap cannot hold).
 */
export async function readPageScan(pdf: OpenedPdf, pageNumber: number, maxImagePixels = Number.POSITIVE_INFINITY): Promise<PageScan> {
  const pdfjs = await load();
  const page = await pdf.document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const { fnArray, argsArray } = await page.getOperatorList();
    const placements = scanImages(imagePlacements(fnArray, argsArray, pdfjs.OPS, viewport.transform), viewport.width, viewport.height);
    const images: ScanImage[] = [];
    let undecodable = 0;
    for (const placement of placements) {
      const decoded = await imageData(page, placement.source);
      if (!decoded?.data) {
        undecodable++; // pdf.js could not decode it (it warns); the other images still count
        continue;
      }
      const upright = orient(toGrey(decoded), orientationOf(placement.matrix));
      const dpi = Math.min(upright.width / (placement.width / 72), upright.height / (placement.height / 72));
      const image = rescale(upright, withinPixels(scaleFactorFor(dpi), upright.width * upright.height, maxImagePixels));
      if (isBlank(image)) continue;
      const frame = {
        left: placement.left / viewport.width,
        top: placement.top / viewport.height,
        width: placement.width / viewport.width,
        height: placement.height / viewport.height,
      };
      images.push({ png: encodeGreyPng(image.width, image.height, image.pixels), width: image.width, height: image.height, frame });
    }
    if (placements.length > 0 && undecodable === placements.length) throw new Error('its scanned image could not be decoded (damaged or unsupported image)');
    return { images, blank: images.length === 0 };
  } finally {
    page.cleanup();
  }
}
