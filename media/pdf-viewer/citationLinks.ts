/**
 * A library PDF's in-text citations as links over pdf.js's pages (src/vscode/viewer/citationLinks.ts
 * sends them, read from the index). Each citation's boxes, stored in points at scale 1, are placed
 * in percent of the page, so zoom needs no re-measuring; pdf.js clears foreign nodes when it
 * re-renders a page, so a page's links are put back each time its text layer is drawn. Hovering
 * (or focusing) one shows its reference entry; a click is sent to the extension, which opens the
 * cited paper or offers to copy the reference. Text from the PDF is only ever set as text.
 */
import type { EventBus, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { CitationLink, CitedReference, PdfCitationLinks } from '../../src/core/citations/viewerProtocol';

/** The parts of pdf.js's PDFPageView used here. */
interface PageView {
  id: number;
  div: HTMLDivElement;
  viewport?: { width: number; height: number; scale: number };
}

export class CitationLinkLayer {
  private references = new Map<number, CitedReference>();
  private mentions: CitationLink[] = [];
  /** Mention indexes by page. */
  private onPage = new Map<number, number[]>();
  private readonly tip: HTMLDivElement;

  constructor(
    private readonly viewer: PDFViewer,
    eventBus: EventBus,
    private readonly follow: (mention: number) => void,
  ) {
    this.tip = document.createElement('div');
    this.tip.id = 'citationTip';
    this.tip.setAttribute('role', 'tooltip');
    this.tip.hidden = true;
    document.body.append(this.tip);
    eventBus.on('textlayerrendered', ({ source }: { source: PageView }) => this.draw(source));
    // A scrolled page moves its link from under the pointer without a mouseleave.
    document.getElementById('viewerContainer')?.addEventListener('scroll', () => this.hideTip(), { passive: true });
  }

  /** The document's citations: drawn on the pages drawn already, and on each page as it is drawn. */
  set(links: PdfCitationLinks): void {
    this.references = new Map(links.references.map((r) => [r.index, r]));
    this.mentions = links.mentions;
    this.onPage.clear();
    links.mentions.forEach((m, i) => this.onPage.set(m.page, [...(this.onPage.get(m.page) ?? []), i]));
    for (let i = 0; i < this.viewer.pagesCount; i++) {
      const view = this.viewer.getPageView(i) as PageView | undefined;
      if (view?.div.querySelector('.textLayer')) this.draw(view);
    }
  }

  private draw(view: PageView): void {
    view.div.querySelector(':scope > .lra-citations')?.remove();
    const indexes = this.onPage.get(view.id);
    const viewport = view.viewport;
    if (!indexes || !viewport || viewport.width === 0 || viewport.height === 0) return;
    // The page's size in points, as the stored boxes measure it.
    const width = viewport.width / viewport.scale;
    const height = viewport.height / viewport.scale;
    const overlay = document.createElement('div');
    overlay.className = 'lra-citations';
    for (const index of indexes) {
      const mention = this.mentions[index]!;
      const reference = this.references.get(mention.entry);
      if (!reference) continue;
      for (const [left, top, right, bottom] of mention.boxes) {
        const link = document.createElement('a');
        link.className = reference.library ? 'lra-citation lra-in-library' : 'lra-citation';
        link.href = '#';
        link.dataset.mention = String(index);
        link.setAttribute('aria-label', `${mention.text}: ${reference.name}`);
        link.style.left = `${(left / width) * 100}%`;
        link.style.top = `${(top / height) * 100}%`;
        link.style.width = `${((right - left) / width) * 100}%`;
        link.style.height = `${((bottom - top) / height) * 100}%`;
        link.addEventListener('mouseenter', () => this.showTip(link, reference));
        link.addEventListener('focus', () => this.showTip(link, reference));
        link.addEventListener('mouseleave', () => this.hideTip());
        link.addEventListener('blur', () => this.hideTip());
        link.addEventListener('click', (event) => {
          event.preventDefault();
          this.hideTip();
          this.follow(index);
        });
        overlay.append(link);
      }
    }
    // Over the text layer: the link takes the pointer there.
    view.div.append(overlay);
  }

  private showTip(link: HTMLElement, reference: CitedReference): void {
    const line = (className: string, text: string) => {
      const el = document.createElement('div');
      el.className = className;
      el.textContent = text;
      return el;
    };
    const lines: HTMLElement[] = [];
    const who = [reference.authors, reference.year ? `(${reference.year})` : ''].filter(Boolean).join(' ');
    if (who) lines.push(line('tipAuthors', who));
    if (reference.title) lines.push(line('tipTitle', reference.title));
    if (reference.venue) lines.push(line('tipVenue', reference.venue));
    // What could not be read into fields is shown as printed.
    if (!reference.title) lines.push(line('tipRaw', reference.raw));
    lines.push(
      line(
        'tipAction',
        reference.library
          ? `In your library: ${reference.library.name ?? reference.library.path}. Click to open it.`
          : 'Not in your library. Click to copy the reference or search the library for it.',
      ),
    );
    this.tip.replaceChildren(...lines);
    this.tip.hidden = false;
    // Below the citation, or above it when there is no room; kept inside the window.
    const at = link.getBoundingClientRect();
    const size = this.tip.getBoundingClientRect();
    const below = at.bottom + 6 + size.height <= window.innerHeight;
    this.tip.style.top = `${Math.max(0, below ? at.bottom + 6 : at.top - 6 - size.height)}px`;
    this.tip.style.left = `${Math.max(4, Math.min(at.left, window.innerWidth - size.width - 4))}px`;
  }

  private hideTip(): void {
    this.tip.hidden = true;
  }
}
