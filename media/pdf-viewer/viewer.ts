/**
 * The PDF viewer's webview: pdf.js's own PDFViewer (continuous scroll, lazy page rendering with
 * a bounded page cache, text layer, HiDPI canvases, find) plus the part that is ours: open a
 * citation at its page and highlight the passage that was indexed (./locateTarget.ts: located in
 * this pdf.js's text items of the cited pages, or the user's own Zotero highlight where it was
 * drawn); a passage that cannot be located opens at its page with no highlight.
 */
import { pdfjsLib } from './pdfjsGlobal';
import { EventBus, PDFFindController, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PassageTarget, ToViewer, ViewerReport } from '../../src/core/citations/viewerProtocol';
import { citationBarLabel } from '../../src/core/citations/openingNote';
import { wireControls } from './controls';
import { showFailure, askPassword, clearFailure } from './failure';
import { PassageHighlights, spanText, type PageMarks, type PageViewLike } from './highlights';
import { host } from './host';
import { FirstPage } from './firstPage';
import { PageTexts, arrivals, endPreview, pdfBytes, pdfWorker, previewShown } from './loading';
import { DrawAhead, RenderedPages, type RenderedPageView } from './renderedPages';
import { CitationLinkLayer } from './citationLinks';
import { drawnUserHighlights } from './userHighlights';
import { locateTarget } from './locateTarget';
import { idleCleanup } from './idleCleanup';

const assets = document.body.dataset;

const startWorker = () => pdfWorker(assets.worker ?? '');

const container = document.getElementById('viewerContainer') as HTMLDivElement;
const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const findController = new PDFFindController({ eventBus, linkService });
const viewer = new PDFViewer({ container, eventBus, linkService, findController, removePageBorders: false });
linkService.setViewer(viewer);

const highlights = new PassageHighlights();
const citationLinks = new CitationLinkLayer(viewer, eventBus, (mention) => host.postMessage({ type: 'followCitation', mention }));
/** Pages kept drawn out of view: the one just left and the one before (see ./renderedPages.ts). */
const rendered = new RenderedPages(container, 2);
const drawAhead = new DrawAhead(viewer, container);
const firstPage = new FirstPage();
// The first page's picture does not scroll: it goes as soon as the reader does anything.
for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart']) window.addEventListener(type, () => firstPage.remove(), { passive: true, capture: true });
let pdf: PDFDocumentProxy | undefined;
let pageTexts: PageTexts | undefined;
let targets: PassageTarget[] = [];
let active = 0;
/** Bumped on every new target, so a slow locate for an older click is dropped. */
let generation = 0;
let pendingScroll: { generation: number; page: number } | undefined;
/** The page and zoom the document opens at. */
let openingPage = 1;
let openingScale = 'page-width';
/** The note the page shows until the first page is painted (src/vscode/viewer/html.ts). */
const openingNote = document.getElementById('opening');
let report: ViewerReport = {
  page: 0,
  pages: 0,
  scale: 'page-width',
  painted: false,
  timings: { origin: Math.round(performance.timeOrigin), script: Math.round(performance.now()) },
  ...(openingNote
    ? {
        opening: {
          text: openingNote.innerText,
          page: (document.getElementById('pageNumber') as HTMLInputElement).value,
          citation: document.getElementById('citationBar')!.hidden ? '' : document.getElementById('citationLabel')!.textContent!,
          shown: true,
        },
      }
    : {}),
};

/** The page is painted, or a failure or a password prompt shows instead: the opening note goes. */
function removeOpeningNote(): void {
  openingNote?.remove();
  endPreview();
  if (report.opening) report.opening = { ...report.opening, shown: false };
}

wireControls(viewer, eventBus, { step: (delta) => showTarget((active + delta + targets.length) % Math.max(1, targets.length)) });

window.addEventListener('message', (event: MessageEvent<ToViewer>) => receive(event.data));

function receive(message: ToViewer): void {
  switch (message.type) {
    case 'load':
      targets = message.targets;
      active = message.active;
      void open(message.url, message.fileName, message.restore);
      break;
    case 'show':
      targets = message.targets;
      // Before the pages are laid out, the layout shows the active target (see open).
      if (pdf && viewer.pagesCount > 0) showTarget(message.active);
      else active = message.active;
      break;
    case 'fail':
      fail(message.reason, message.message);
      break;
    case 'citationLinks':
      citationLinks.set(message.links);
      break;
    case 'preview':
      break; // shown by the page's first script (./early.ts), which also runs before this bundle
  }
}

async function open(url: string, fileName: string, restore: { page: number; scale: string } | undefined, password?: string): Promise<void> {
  document.title = fileName;
  // The file and the worker load side by side. Whole-file reads measured faster here than
  // pdf.js's range requests, each of which goes through the extension host.
  const bytes = pdfBytes(url);
  pdfjsLib.GlobalWorkerOptions.workerPort = await startWorker();
  let data: Uint8Array;
  try {
    data = await bytes;
  } catch (error) {
    fail('unreadable', `This PDF could not be loaded: ${(error as Error).message ?? error}.`);
    return;
  }
  const task = pdfjsLib.getDocument({
    data,
    // CMaps and standard fonts are fetched by this page (through the webview's resource loader).
    useWorkerFetch: false,
    ...(password !== undefined ? { password } : {}),
    cMapUrl: assets.cmaps,
    cMapPacked: true,
    standardFontDataUrl: assets.fonts,
    wasmUrl: assets.wasm,
    enableXfa: false,
    // With the whole file in memory this only stops the viewer from asking the worker for every
    // page as soon as one is painted (2,414 round trips on the R reference, and their page
    // objects kept): a page is fetched when it comes into view.
    disableAutoFetch: true,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      const wrong = password !== undefined;
      removeOpeningNote();
      report = { ...report, error: { kind: 'encrypted', message: 'This PDF is password-protected.' } };
      host.postMessage({ type: 'report', report });
      askPassword(fileName, wrong, (entered) => void open(url, fileName, restore, entered));
      return;
    }
    fail('damaged', `This PDF could not be read: ${(error as Error).message ?? error}. It may be damaged or not a PDF.`);
    return;
  }
  clearFailure();
  report.timings = { ...report.timings, ...arrivals, opened: Math.round(performance.now()) };
  pdf = doc;
  pageTexts = new PageTexts(doc);
  const opening = (openingPage = clampPage(targets[active]?.page ?? restore?.page ?? 1, doc));
  openingScale = restore?.scale ?? 'page-width';
  // The cited page is painted on its own and its passage marked on it before PDFViewer lays out
  // its pages: that layout (2,415 page boxes on the R reference) holds this thread for 100-200 ms,
  // during which the worker's answers for the painting would wait.
  let onPicture: Located | undefined;
  if (await firstPage.paint(doc, opening, openingScale, container)) {
    markPainted();
    onPicture = await highlightPicture(doc);
  }
  eventBus.on(
    'pagesinit',
    () => {
      // The cited page first, then the zoom: setting the zoom renders the current page at once,
      // and that should be the one the user asked for, not page 1.
      viewer.currentPageNumber = opening;
      viewer.currentScaleValue = openingScale;
      if (targets.length > 0) showTarget(active, onPicture?.target === targets[active] ? onPicture.marks : undefined);
      sendReport();
    },
    { once: true },
  );
  viewer.setDocument(doc);
  linkService.setDocument(doc, null);
}

/** A target and where its passage was found. */
interface Located {
  target: PassageTarget;
  marks: PageMarks[];
}

/**
 * Locates the cited passage and draws it on the first page's picture, measured on a text layer of
 * its own; the viewer's page reuses those boxes. Undefined when there is nothing to draw.
 */
async function highlightPicture(doc: PDFDocumentProxy): Promise<Located | undefined> {
  const target = targets[active];
  if (!target?.text || !pageTexts) return undefined;
  const texts = pageTexts;
  const marks = await locateTarget(doc, pageTexts, target, clampPage(target.page, doc), clampPage(target.pageEnd ?? target.page, doc)).catch(() => null);
  const onPage = marks?.find((m) => m.page === openingPage);
  if (!marks || !onPage || targets[active] !== target) return undefined;
  const view = await firstPage.asPageView(onPage.wordBoxes ? undefined : await texts.get(openingPage));
  if (!view || targets[active] !== target) return undefined;
  highlights.set(marks);
  const first = highlights.draw(view);
  if (first) firstPage.centre(first);
  setNotice(target.stale ? STALE_NOTICE : '');
  reportLocated(target, marks);
  return { target, marks };
}

function fail(kind: 'damaged' | 'missing' | 'unreadable', message: string): void {
  removeOpeningNote();
  report = { ...report, error: { kind, message } };
  showFailure(message, kind);
  host.postMessage({ type: 'report', report });
}

/**
 * Goes to a target's page at once, then highlights the passage when it is located (`located`:
 * already, on the first page's picture).
 */
function showTarget(index: number, located?: PageMarks[]): void {
  const doc = pdf;
  const target = targets[index];
  if (!doc || !target) return;
  active = index;
  const mine = ++generation;
  const first = clampPage(target.page, doc);
  const last = clampPage(target.pageEnd ?? target.page, doc);
  updateCitationBar();
  drawAhead.jumped();
  viewer.currentPageNumber = first;
  setNotice(target.stale ? STALE_NOTICE : '');
  if (located) {
    showLocated(target, located, mine);
    return;
  }
  highlights.set([]);
  if (!target.text) {
    setTarget(target, 'none', [], '', '');
    return;
  }
  void locateTarget(doc, pageTexts, target, first, last).then((marks) => {
    if (mine !== generation) return;
    if (!marks) {
      setNotice(
        `The cited passage could not be found on ${last > first ? `pages ${first}-${last}` : `page ${first}`}; showing the page without a highlight.${target.stale ? ' The PDF changed since it was indexed.' : ''}`,
      );
      setTarget(target, 'not-located', [], '', '');
      return;
    }
    showLocated(target, marks, mine);
  });
}

const STALE_NOTICE = 'This PDF changed since it was indexed: the highlight may be off. Re-index to refresh it.';

/** Highlights a located passage on its pages, drawn or not yet, and scrolls its first box into view once drawn. */
function showLocated(target: PassageTarget, marks: PageMarks[], mine: number): void {
  highlights.set(marks);
  pendingScroll = { generation: mine, page: marks[0]!.page };
  reportLocated(target, marks);
  for (const m of marks) drawIfRendered(m.page);
}

function reportLocated(target: PassageTarget, marks: PageMarks[]): void {
  const text = marks.map((m) => spanText(m.items, m.spans)).join(' ');
  const emphasis = marks
    .map((m) => spanText(m.items, m.emphasis))
    .filter(Boolean)
    .join(' ');
  setTarget(
    target,
    'located',
    marks.map((m) => m.page),
    text,
    emphasis,
    marks.filter((m) => m.wordBoxes && m.color === undefined).map((m) => m.page),
  );
}

eventBus.on('textlayerrendered', ({ source }: { source: PageViewLike }) => onPageDrawn(source));
// pdf.js's parsed fonts and page resources let go when rendering has been idle (./idleCleanup.ts).
const cleanupWhenIdle = idleCleanup(viewer, () => pdf);

eventBus.on('pagerendered', ({ source, isDetailView }: { source: PageViewLike & RenderedPageView; isDetailView?: boolean }) => {
  cleanupWhenIdle();
  if (!isDetailView) {
    firstPage.remove({ id: source.id, canvas: source.div.querySelector('canvas') });
    rendered.drawn(source);
  }
  if (!markPainted()) sendReport(); // what is drawn changed
  onPageDrawn(source);
});

/** Reports the first paint; false if it was reported already. */
function markPainted(): boolean {
  if (report.painted) return false;
  removeOpeningNote();
  report.painted = true;
  report.timings.painted = Math.round(performance.now());
  sendReport();
  return true;
}

function drawIfRendered(page: number): void {
  const view = viewer.getPageView(page - 1) as PageViewLike | undefined;
  // Boxes already known (OCR'd words, or measured on the first page's picture) need no text
  // layer: only the page's frame, which exists before it is painted.
  if (view?.textLayer?.highlighter?.textDivs || (view?.div && highlights.knowsBoxes(page))) onPageDrawn(view!);
}

function onPageDrawn(view: PageViewLike): void {
  if (!highlights.has(view.id)) return;
  const first = highlights.draw(view);
  if (report.target && report.target.boxes !== highlights.boxCount) {
    report.target.boxes = highlights.boxCount;
    sendReport();
  }
  if (first && pendingScroll && pendingScroll.page === view.id && pendingScroll.generation === generation) {
    pendingScroll = undefined;
    first.scrollIntoView({ block: 'center', inline: 'nearest' });
    sendReport();
  }
}

function setTarget(
  target: PassageTarget,
  highlight: 'located' | 'not-located' | 'none',
  pages: number[],
  text: string,
  emphasis: string,
  ocrPages: number[] = [],
): void {
  report.target = {
    page: target.page,
    ...(target.pageEnd !== undefined ? { pageEnd: target.pageEnd } : {}),
    highlight,
    highlightedPages: pages,
    highlightedText: text,
    emphasisedText: emphasis,
    ocrPages,
    boxes: highlights.boxCount,
    stale: target.stale === true,
  };
  sendReport();
}

let stateTimer: ReturnType<typeof setTimeout> | undefined;
eventBus.on('pagechanging', () => {
  sendReport();
  clearTimeout(stateTimer);
  stateTimer = setTimeout(() => host.postMessage({ type: 'state', state: { page: viewer.currentPageNumber, scale: String(viewer.currentScaleValue) } }), 300);
});
eventBus.on('scalechanging', () => sendReport());

function sendReport(): void {
  if (!pdf) return;
  const { error: _error, ...rest } = report;
  // Before PDFViewer has laid out its pages, what shows is the first page's picture (./firstPage.ts).
  const laidOut = viewer.pagesCount > 0;
  const preview = previewShown();
  report = {
    ...rest,
    ...(preview
      ? {
          preview: { page: preview.page, marked: preview.marked, shown: document.getElementById('preview') !== null },
          timings: { ...rest.timings, preview: preview.at },
        }
      : {}),
    page: laidOut ? viewer.currentPageNumber : openingPage,
    pages: pdf.numPages,
    scale: laidOut ? String(viewer.currentScaleValue) : openingScale,
    drawn: rendered.report(),
    ...(firstPage.painted ? { firstPage: firstPage.painted } : {}),
  };
  const userHighlights = drawnUserHighlights(container);
  if (report.target && userHighlights.length > 0) report.target.userHighlights = userHighlights;
  host.postMessage({ type: 'report', report });
}

function updateCitationBar(): void {
  const bar = document.getElementById('citationBar')!;
  bar.hidden = targets.length === 0;
  document.getElementById('citationLabel')!.textContent = citationBarLabel(targets, active);
  for (const id of ['previousCitation', 'nextCitation']) (document.getElementById(id) as HTMLButtonElement).disabled = targets.length < 2;
}

function setNotice(text: string): void {
  const notice = document.getElementById('notice')!;
  notice.textContent = text;
  notice.hidden = !text;
}

const clampPage = (page: number, doc: PDFDocumentProxy) => Math.min(Math.max(1, page), doc.numPages);

// Both start at once (or were started by the page): pdf.js's worker and the PDF it was opened with.
void startWorker();
const first = document.getElementById('firstMessage')?.textContent;
if (first) receive(JSON.parse(first) as ToViewer);
host.postMessage({ type: 'ready' });
