/**
 * One PDF's pages as the viewer's pdf.js text layer sees them (marked content included,
 * pdf.js's Unicode normalisation off), with the page geometry to turn a located span into a box
 * in pdftotext's coordinates: points, origin at the top left of the crop box.
 */
import { readFile } from 'node:fs/promises';
import type { LocatedSpan, LocatorItem, LocatorPage } from '../../src/core/citations/locate';

interface TextItem extends LocatorItem {
  transform?: number[];
  width?: number;
  height?: number;
}
interface Viewport {
  convertToViewportPoint(x: number, y: number): number[];
}
interface PdfjsPage {
  getViewport(options: { scale: number }): Viewport;
  getTextContent(options: Record<string, unknown>): Promise<{ items: TextItem[] }>;
  cleanup(): void;
}
interface PdfjsDocument {
  numPages: number;
  getPage(n: number): Promise<PdfjsPage>;
}
interface Pdfjs {
  getDocument(params: Record<string, unknown>): { promise: Promise<PdfjsDocument>; destroy(): Promise<void> };
}

/** x0 < x1, y0 < y1, top-left origin. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface LoadedPage extends LocatorPage {
  items: TextItem[];
  viewport: Viewport;
}

// pdf.js's text layer places a run with the font's ascent, 0.8 of the font size when the font
// does not say (DEFAULT_FONT_ASCENT); the rest of the em is below the baseline.
const ASCENT = 0.8;

let pdfjs: Promise<Pdfjs> | undefined;

export class PdfPages {
  private readonly pages = new Map<number, LoadedPage>();

  private constructor(
    private readonly task: ReturnType<Pdfjs['getDocument']>,
    private readonly document: PdfjsDocument,
  ) {}

  static async open(path: string): Promise<PdfPages> {
    pdfjs ??= import('unpdf').then(async (unpdf) => (await unpdf.getResolvedPDFJS()) as unknown as Pdfjs);
    const task = (await pdfjs).getDocument({ data: new Uint8Array(await readFile(path)), isEvalSupported: false, verbosity: 0 });
    return new PdfPages(task, await task.promise);
  }

  get numPages(): number {
    return this.document.numPages;
  }

  /** Pages `from..to` (clamped to the document), as the locator takes them. */
  async range(from: number, to: number): Promise<LocatorPage[]> {
    const pages: LocatorPage[] = [];
    for (let n = Math.max(1, from); n <= Math.min(to, this.numPages); n++) pages.push(await this.page(n));
    return pages;
  }

  /** The box of a span: its share of the item's run along the baseline, one em high. */
  box(span: LocatedSpan): Box | null {
    const page = this.pages.get(span.page);
    const item = page?.items[span.item];
    const [a, b, c, d, e, f] = item?.transform ?? [];
    if (!page || !item?.str || a === undefined || b === undefined || c === undefined || d === undefined || e === undefined || f === undefined) return null;
    const length = item.str.length;
    const size = Math.hypot(c, d) || item.height || 0;
    // Along the run (a, b) and across it (c, d), in user space, whatever the text's rotation.
    const along = Math.hypot(a, b) || 1;
    const [ux, uy] = [a / along, b / along];
    const [vx, vy] = size ? [c / Math.hypot(c, d), d / Math.hypot(c, d)] : [-uy, ux];
    const width = item.width ?? 0;
    const corners: number[][] = [];
    for (const offset of [span.start, span.end]) {
      for (const rise of [-(1 - ASCENT) * size, ASCENT * size]) {
        const x = e + (ux * (width * offset)) / length + vx * rise;
        const y = f + (uy * (width * offset)) / length + vy * rise;
        corners.push(page.viewport.convertToViewportPoint(x, y));
      }
    }
    const xs = corners.map((p) => p[0]!);
    const ys = corners.map((p) => p[1]!);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  }

  async close(): Promise<void> {
    await this.task.destroy();
  }

  private async page(n: number): Promise<LoadedPage> {
    let page = this.pages.get(n);
    if (!page) {
      const pdfPage = await this.document.getPage(n);
      const content = await pdfPage.getTextContent({ includeMarkedContent: true, disableNormalization: true });
      page = { page: n, items: content.items, viewport: pdfPage.getViewport({ scale: 1 }) };
      this.pages.set(n, page);
    }
    return page;
  }
}
