/**
 * What the first painted page waits for, started as early as it can be: the PDF's bytes and
 * pdf.js's worker (both begun by the page's first script while this bundle is still loading,
 * ./early.ts), and the cited page's text, asked for as soon as the document
 * opens so the worker reads it (and loads its fonts) while this thread lays out the pages.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { EarlyPage } from './early';

export type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

/** When the PDF's bytes and the worker were there (ms since the page started), for the report. */
export const arrivals: { bytes?: number; worker?: number } = {};

/** Set by the page's first script (./early.ts) before this bundle runs. */
const early = (window as { viewerEarly?: EarlyPage }).viewerEarly;
let earlyPdfTaken = false;

/**
 * The PDF's bytes: the download the page started, the first time; a fresh read after that (pdf.js
 * takes the buffer over, so a password retry needs its own copy).
 */
export async function pdfBytes(url: string): Promise<Uint8Array> {
  if (early && !earlyPdfTaken) {
    earlyPdfTaken = true;
    const bytes = new Uint8Array(await early.pdf);
    arrivals.bytes = Math.round(early.at.pdf ?? performance.now());
    return bytes;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  arrivals.bytes = Math.round(performance.now());
  return bytes;
}

/**
 * The page's preview of the cited page (written into the page, or posted later and shown by the
 * page's first script): what was shown, and when, for the viewer's report.
 */
export function previewShown(): { page: number; marked: string; at?: number } | undefined {
  return early?.previewed ? { ...early.previewed, ...(early.at.preview !== undefined ? { at: Math.round(early.at.preview) } : {}) } : undefined;
}

/** The page is painted (or a failure shows): the preview goes, and one posted later is not shown. */
export function endPreview(): void {
  if (early) early.at.painted = true;
  document.getElementById('preview')?.remove();
}

let worker: Promise<Worker> | undefined;

/**
 * pdf.js's worker, started from its script's bytes (a blob). A webview's resources are served by
 * its service worker, which a worker script loaded by URL (pdf.js's own way, an `import()` inside
 * a blob) does not reach in every host; the page's own fetch does.
 */
export function pdfWorker(scriptUrl: string): Promise<Worker> {
  worker ??=
    early?.worker ??
    fetch(scriptUrl)
      // As bytes: the script is never decoded into a string on this thread, only by the worker.
      .then((response) => response.blob())
      .then((code) => new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' }));
  return worker.then((started) => {
    arrivals.worker ??= Math.round(early?.at.worker ?? performance.now());
    return started;
  });
}

/**
 * A page's text items with the text layer's own parameters (TextLayerBuilder's), so item indexes
 * and offsets match its spans. Kept for the few pages last asked for: the cited page's text is
 * requested when the document opens and used when the highlight is located.
 */
export class PageTexts {
  private readonly texts = new Map<number, Promise<TextContent>>();
  private static readonly KEPT = 8;

  constructor(private readonly doc: PDFDocumentProxy) {}

  get(page: number): Promise<TextContent> {
    let text = this.texts.get(page);
    if (!text) {
      text = this.doc.getPage(page).then((p) => p.getTextContent({ includeMarkedContent: true, disableNormalization: true }));
      // A failed read is asked again next time, not remembered.
      text.catch(() => this.texts.delete(page));
      this.texts.set(page, text);
      for (const old of [...this.texts.keys()].slice(0, Math.max(0, this.texts.size - PageTexts.KEPT))) this.texts.delete(old);
    }
    return text;
  }
}
