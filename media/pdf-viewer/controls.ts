/**
 * Toolbar, find bar and keyboard of the PDF viewer. Everything goes through pdf.js's PDFViewer
 * (page, scale) and its find controller (events on the event bus), so the controls and the
 * viewer never disagree about where the reader is.
 */
import type { EventBus, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

export interface CitationNavigation {
  step(delta: 1 | -1): void;
}

const byId = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`viewer markup lacks #${id}`);
  return el as T;
};

export function wireControls(viewer: PDFViewer, eventBus: EventBus, citations: CitationNavigation): void {
  const pageInput = byId<HTMLInputElement>('pageNumber');
  const pageCount = byId<HTMLSpanElement>('pageCount');
  const scaleSelect = byId<HTMLSelectElement>('scaleSelect');

  eventBus.on('pagesinit', () => {
    pageCount.textContent = `of ${viewer.pagesCount}`;
    pageInput.max = String(viewer.pagesCount);
  });
  eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => {
    pageInput.value = String(pageNumber);
  });
  eventBus.on('scalechanging', ({ presetValue, scale }: { presetValue?: string; scale: number }) => {
    const custom = byId<HTMLOptionElement>('customScale');
    if (presetValue && [...scaleSelect.options].some((o) => o.value === presetValue)) {
      scaleSelect.value = presetValue;
    } else {
      custom.textContent = `${Math.round(scale * 100)}%`;
      custom.value = String(scale);
      scaleSelect.value = custom.value;
    }
  });

  const goTo = (page: number) => {
    if (Number.isFinite(page)) viewer.currentPageNumber = Math.min(Math.max(1, Math.round(page)), viewer.pagesCount);
  };
  pageInput.addEventListener('change', () => goTo(Number(pageInput.value)));
  pageInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      goTo(Number(pageInput.value));
      viewer.container.focus();
    }
  });
  byId('previousPage').addEventListener('click', () => viewer.previousPage());
  byId('nextPage').addEventListener('click', () => viewer.nextPage());

  const zoom = (direction: 1 | -1) => {
    const current = viewer.currentScale;
    const next = direction > 0 ? ZOOM_STEPS.find((s) => s > current + 0.01) : [...ZOOM_STEPS].reverse().find((s) => s < current - 0.01);
    if (next) viewer.currentScaleValue = String(next);
  };
  byId('zoomIn').addEventListener('click', () => zoom(1));
  byId('zoomOut').addEventListener('click', () => zoom(-1));
  scaleSelect.addEventListener('change', () => {
    viewer.currentScaleValue = scaleSelect.value;
  });

  byId('previousCitation').addEventListener('click', () => citations.step(-1));
  byId('nextCitation').addEventListener('click', () => citations.step(1));

  const find = wireFind(eventBus);

  document.addEventListener('keydown', (e) => {
    const mod = e.ctrlKey || e.metaKey;
    const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    let handled = true;
    if (mod && e.key.toLowerCase() === 'f') find.open();
    else if (e.key === 'F3' || (mod && e.key.toLowerCase() === 'g')) find.again(e.shiftKey);
    else if (mod && (e.key === '=' || e.key === '+')) zoom(1);
    else if (mod && e.key === '-') zoom(-1);
    else if (mod && e.key === '0') viewer.currentScaleValue = 'page-width';
    else if (e.key === 'Escape' && find.isOpen()) find.close();
    else if (inField) handled = false;
    else if (e.key === 'ArrowRight' || e.key === 'n' || e.key === 'j') viewer.nextPage();
    else if (e.key === 'ArrowLeft' || e.key === 'p' || e.key === 'k') viewer.previousPage();
    else if (e.key === 'Home') goTo(1);
    else if (e.key === 'End') goTo(viewer.pagesCount);
    else if (e.key === ']') citations.step(1);
    else if (e.key === '[') citations.step(-1);
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  });
}

interface FindBar {
  open(): void;
  close(): void;
  again(previous: boolean): void;
  isOpen(): boolean;
}

function wireFind(eventBus: EventBus): FindBar {
  const bar = byId<HTMLDivElement>('findbar');
  const input = byId<HTMLInputElement>('findInput');
  const result = byId<HTMLSpanElement>('findResult');
  const dispatch = (type: '' | 'again', findPrevious = false) => {
    eventBus.dispatch('find', {
      source: null,
      type,
      query: input.value,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious,
      matchDiacritics: false,
    });
  };
  input.addEventListener('input', () => dispatch(''));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      dispatch('again', e.shiftKey);
    }
  });
  byId('findPrevious').addEventListener('click', () => dispatch('again', true));
  byId('findNext').addEventListener('click', () => dispatch('again', false));
  const closeBar = () => {
    bar.hidden = true;
    eventBus.dispatch('findbarclose', { source: null });
  };
  byId('findClose').addEventListener('click', closeBar);

  eventBus.on('updatefindmatchescount', ({ matchesCount }: { matchesCount: { current: number; total: number } }) => {
    result.textContent = matchesCount.total > 0 ? `${matchesCount.current} of ${matchesCount.total}` : input.value ? 'No results' : '';
  });
  // FindState: 0 found, 1 not found, 2 wrapped, 3 pending.
  eventBus.on('updatefindcontrolstate', ({ state, matchesCount }: { state: number; matchesCount?: { current: number; total: number } }) => {
    if (state === 1) result.textContent = 'No results';
    else if (state === 3) result.textContent = 'Searching…';
    else if (matchesCount && matchesCount.total > 0) result.textContent = `${matchesCount.current} of ${matchesCount.total}${state === 2 ? ' (wrapped)' : ''}`;
  });

  return {
    open() {
      bar.hidden = false;
      input.focus();
      input.select();
      if (input.value) dispatch('again');
    },
    close: closeBar,
    again(previous) {
      if (bar.hidden) this.open();
      else dispatch('again', previous);
    },
    isOpen: () => !bar.hidden,
  };
}
