/**
 * The page a citation opens at, painted on a canvas of its own as soon as the document is open,
 * before pdf.js's PDFViewer lays out its pages: on the 2,415-page R reference that layout (one box
 * per page, then again at the page-width scale) holds the main thread for 100-200 ms, during which
 * the worker's answers for this page would wait. The cited passage can be highlighted on it (a
 * text layer of its own to measure the boxes on), and the picture moved to show it mid-view. The
 * page is drawn where PDFViewer will put it (same scale, same place, same scroll to the passage),
 * and PDFViewer's own drawing of it reuses the operator list this one asked for (same page object,
 * same intent), so the hand-over costs a second draw, not a second parse.
 */
import type { PageViewport, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { PixelBox } from '../../src/core/citations/viewerProtocol';
import type { PageViewLike } from './highlights';
import type { TextContent } from './loading';
import { PDF_TO_CSS_UNITS, scaleFor, scrollbarWidth } from './pageScale';
import { pdfjsLib } from './pdfjsGlobal';

export class FirstPage {
  private overlay: HTMLDivElement | undefined;
  /** The page's box inside the overlay: the canvas, then a text layer and highlight if asked for. */
  private sheet: HTMLDivElement | undefined;
  private viewport: PageViewport | undefined;
  private task: ReturnType<PDFPageProxy['render']> | undefined;
  /** What was painted and where, for the viewer's report. */
  painted: { page: number; box: PixelBox; viewerBox?: PixelBox } | undefined;

  /**
   * Paints `pageNumber` at `scaleValue` (a number or one of pdf.js's presets) over `container`.
   * Resolves true once it is on screen, false if it was not painted (removed first, or failed:
   * the viewer's own drawing then is the first).
   */
  async paint(doc: PDFDocumentProxy, pageNumber: number, scaleValue: string, container: HTMLElement): Promise<boolean> {
    const overlay = document.createElement('div');
    overlay.id = 'firstPage';
    this.overlay = overlay;
    try {
      const page = await doc.getPage(pageNumber);
      if (this.overlay !== overlay) return false;
      // PDFViewer measures with the vertical scrollbar its pages will bring; the empty container has none yet.
      const scrollbar = scrollbarWidth();
      overlay.style.paddingRight = `${scrollbar}px`;
      const unscaled = page.getViewport({ scale: PDF_TO_CSS_UNITS });
      const viewport = page.getViewport({
        scale: PDF_TO_CSS_UNITS * scaleFor(scaleValue, unscaled, container.clientWidth - scrollbar, container.clientHeight),
      });
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      const sheet = document.createElement('div');
      sheet.className = 'firstPageSheet';
      sheet.style.width = canvas.style.width = `${Math.floor(viewport.width)}px`;
      sheet.style.height = canvas.style.height = `${Math.floor(viewport.height)}px`;
      // What pdf.js's text layer sizes itself by (PDFViewer sets them on its page boxes).
      sheet.style.setProperty('--total-scale-factor', String(viewport.scale));
      sheet.append(canvas);
      // The same intent and annotation mode as PDFViewer's pages, so its draw finds this operator list cached.
      this.task = page.render({
        canvas,
        viewport,
        ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
        annotationMode: pdfjsLib.AnnotationMode.ENABLE_FORMS,
      });
      await this.task.promise;
      if (this.overlay !== overlay) return false;
      overlay.append(sheet);
      container.after(overlay);
      this.sheet = sheet;
      this.viewport = viewport;
      this.painted = { page: pageNumber, box: boxOf(canvas) };
      return true;
    } catch {
      this.remove();
      return false;
    }
  }

  /**
   * The painted page as a page view the highlights can be drawn on, with a text layer built from
   * `text` (the same items and spans as the viewer's text layer, so the boxes measured on it are
   * the ones the viewer's page gets); undefined once the picture is gone.
   */
  async asPageView(text: TextContent | undefined): Promise<PageViewLike | undefined> {
    const { overlay, sheet, viewport, painted } = this;
    if (!overlay || !sheet || !viewport || !painted) return undefined;
    if (!text) return { id: painted.page, div: sheet };
    const div = document.createElement('div');
    div.className = 'textLayer';
    const layer = new pdfjsLib.TextLayer({ textContentSource: text, container: div, viewport });
    sheet.append(div);
    await layer.render();
    if (this.overlay !== overlay) return undefined;
    return { id: painted.page, div: sheet, textLayer: { div, highlighter: { textDivs: layer.textDivs } } };
  }

  /**
   * Moves the picture as PDFViewer's page will be once `mark` (an element on the picture) is
   * scrolled into the middle of the view, as the viewer does with a passage's first box.
   */
  centre(mark: HTMLElement): void {
    const { overlay, sheet, painted } = this;
    if (!overlay || !sheet || !painted) return;
    const frame = overlay.getBoundingClientRect();
    const box = mark.getBoundingClientRect();
    const shift = Math.round(box.top + box.height / 2 - (frame.top + overlay.clientHeight / 2));
    sheet.style.transform = `translateY(${-shift}px)`;
    painted.box = boxOf(sheet.querySelector('canvas')!);
  }

  /**
   * PDFViewer has drawn a page (`drawn`: its page number and canvas), or the reader moved: the
   * viewer shows itself from now on.
   */
  remove(drawn?: { id: number; canvas: HTMLCanvasElement | null }): void {
    if (this.shown && drawn?.canvas && this.painted?.page === drawn.id) this.painted.viewerBox = boxOf(drawn.canvas);
    this.task?.cancel();
    this.task = undefined;
    const canvas = this.overlay?.querySelector('canvas');
    if (canvas) canvas.width = canvas.height = 0; // its pixels go now, not at the next collection
    this.overlay?.remove();
    this.overlay = this.sheet = this.viewport = undefined;
  }

  get shown(): boolean {
    return this.overlay?.isConnected === true;
  }
}

function boxOf(element: HTMLElement): PixelBox {
  const { left, top, width, height } = element.getBoundingClientRect();
  return [left, top, width, height].map((n) => Math.round(n * 10) / 10) as PixelBox;
}
