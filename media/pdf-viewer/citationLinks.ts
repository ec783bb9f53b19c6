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
  textLayer?: { div: HTMLDivElement } | null;
}

/** Left, top, width, height in percent of the page. */
type PercentBox = [number, number, number, number];

export class CitationLinkLayer {
  private references = new Map<number, CitedReference>();
  private mentions: CitationLink[] = [];
  /** Mention indexes by page. */
  private onPage = new Map<number, number[]>();
  /** Each mention's boxes once placed on its page's text layer, in percent of the page. */
  private placed = new Map<number, PercentBox[]>();
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
    this.placed.clear();
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
      let boxes = this.placed.get(index);
      if (!boxes) {
        const stored = mention.boxes.map(([left, top, right, bottom]): PercentBox => [
          (left / width) * 100,
          (top / height) * 100,
          ((right - left) / width) * 100,
          ((bottom - top) / height) * 100,
        ]);
        const onText = view.textLayer?.div ? onTextLayer(view.textLayer.div, mention.text, stored) : null;
        boxes = onText ?? stored;
        if (onText) this.placed.set(index, boxes);
      }
      for (const [left, top, boxWidth, boxHeight] of boxes) {
        const link = document.createElement('a');
        link.className = reference.library ? 'lra-citation lra-in-library' : 'lra-citation';
        link.href = '#';
        link.dataset.mention = String(index);
        link.setAttribute('aria-label', `${mention.text}: ${reference.name}`);
        link.style.left = `${left}%`;
        link.style.top = `${top}%`;
        link.style.width = `${boxWidth}%`;
        link.style.height = `${boxHeight}%`;
        link.addEventListener('mouseenter', () => this.showTip(link, reference));
        // Focus by keyboard shows it too; focus by a click does not (the click's own action follows).
        link.addEventListener('focus', () => link.matches(':focus-visible') && this.showTip(link, reference));
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

/**
 * The stored boxes come from the index's reading of the page, whose character widths are
 * estimates; the text layer has the glyphs' own. A citation printed on one line is looked for in
 * the text-layer spans on that line, and the occurrence nearest the stored box gives the link its
 * box. Null when it is not found there (the stored boxes are used).
 */
function onTextLayer(textLayer: HTMLElement, text: string, stored: PercentBox[]): PercentBox[] | null {
  if (stored.length !== 1 || !text) return null;
  const frame = textLayer.getBoundingClientRect();
  if (frame.width === 0 || frame.height === 0) return null;
  const [left, top, width, height] = stored[0]!;
  const centreX = frame.left + ((left + width / 2) / 100) * frame.width;
  const centreY = frame.top + ((top + height / 2) / 100) * frame.height;
  let best: { box: DOMRect; distance: number } | undefined;
  for (const span of textLayer.querySelectorAll('span')) {
    const node = span.firstChild;
    if (span.childElementCount > 0 || node?.nodeType !== Node.TEXT_NODE) continue;
    const line = span.getBoundingClientRect();
    if (centreY < line.top || centreY > line.bottom) continue;
    const content = node.textContent ?? '';
    for (let at = content.indexOf(text); at >= 0; at = content.indexOf(text, at + 1)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      const box = range.getBoundingClientRect();
      const distance = Math.abs(box.left + box.width / 2 - centreX);
      if (box.width > 0 && (!best || distance < best.distance)) best = { box, distance };
    }
  }
  if (!best || best.distance > (width / 100) * frame.width) return null;
  const { box } = best;
  return [
    [
      ((box.left - frame.left) / frame.width) * 100,
      ((box.top - frame.top) / frame.height) * 100,
      (box.width / frame.width) * 100,
      (box.height / frame.height) * 100,
    ],
  ];
}
