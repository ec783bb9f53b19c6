import type { PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';

/**
 * A tighter bound on the pages kept rendered than pdf.js's own. PDFViewer keeps the last 10
 * rendered pages (a fixed size, not an option), and each costs far more than its canvas's pixels:
 * on the 2,415-page R reference at 1,400 px wide, resetting the 10 kept pages freed 285 MB of the
 * renderer, with their canvases 96 MB of pixels. So pages that are out of view are let go once
 * more than a few of them are kept; the few recent ones stay, so going back to the page just
 * left shows it at once.
 */
export interface RenderedPageView {
  id: number;
  div: HTMLElement;
  /** pdf.js's PDFPageView.destroy: drops the canvas and layers, and the page's operator list. */
  destroy(): void;
}

export class RenderedPages {
  /** Least recently drawn first. */
  private readonly order: RenderedPageView[] = [];

  constructor(
    private readonly container: HTMLElement,
    /** Pages kept rendered besides those in view. */
    private readonly keepOutOfView: number,
  ) {}

  /** A page finished drawing: it becomes the most recent, and the oldest out of view are let go. */
  drawn(view: RenderedPageView): void {
    const at = this.order.indexOf(view);
    if (at >= 0) this.order.splice(at, 1);
    this.order.push(view);
    const shown = this.container.getBoundingClientRect();
    let outOfView = this.order.filter((v) => !inView(v.div, shown)).length;
    for (const old of [...this.order]) {
      if (outOfView <= this.keepOutOfView) break;
      if (inView(old.div, shown)) continue;
      old.destroy();
      this.order.splice(this.order.indexOf(old), 1);
      outOfView--;
    }
  }

  /** The pages drawn now, and which of them are in view (for the viewer's report). */
  report(): { pages: number[]; inView: number[] } {
    const shown = this.container.getBoundingClientRect();
    const drawn = [...this.container.querySelectorAll<HTMLElement>('.page[data-page-number]')].filter((page) => page.querySelector('canvas'));
    const number = (page: HTMLElement) => Number(page.dataset.pageNumber);
    return { pages: drawn.map(number), inView: drawn.filter((page) => inView(page, shown)).map(number) };
  }
}

function inView(page: HTMLElement, shown: DOMRect): boolean {
  const box = page.getBoundingClientRect();
  return box.bottom > shown.top && box.top < shown.bottom && box.right > shown.left && box.left < shown.right;
}

/**
 * pdf.js draws the page after the visible ones ahead of time, so scrolling finds it ready. After
 * a jump (a citation, the page box) that page is seldom the next one read, and it is one more
 * canvas and text layer to drop: on the R reference, 40 jumps left the renderer 120 MB larger
 * with it than without (standalone page, 1,400 px wide). So it is drawn ahead once the reader
 * scrolls (wheel, touch, keys, the scrollbar), not after a jump.
 */
export class DrawAhead {
  private scrolling = false;

  constructor(viewer: PDFViewer, container: HTMLElement) {
    const queue = viewer.renderingQueue;
    if (!queue) return;
    const highestPriority = queue.getHighestPriority.bind(queue);
    queue.getHighestPriority = (visible: { views: { view: unknown }[] }, ...rest: [unknown[], boolean, boolean?, boolean?]) => {
      const next: unknown = highestPriority(visible, ...rest);
      if (this.scrolling || !next) return next;
      return visible.views.some(({ view }) => view === next || (view as { detailView?: unknown }).detailView === next) ? next : null;
    };
    for (const type of ['wheel', 'touchmove', 'keydown', 'pointerdown']) container.addEventListener(type, () => (this.scrolling = true), { passive: true });
  }

  /** The viewer moved to a page by itself (a citation, the page box): no drawing ahead until the reader scrolls. */
  jumped(): void {
    this.scrolling = false;
  }
}
