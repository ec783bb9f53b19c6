/**
 * The page's first script, written inline into its head by the extension
 * (src/vscode/viewer/html.ts, from this file's build, dist/webview/pdf-early.js) and run while
 * the viewer's 600 KB bundle is still loading:
 * - it starts the two downloads the first painted page waits for, the PDF and pdf.js's worker
 *   (created from its script's bytes, see loading.ts), and notes when each arrived;
 * - it shows the cited page's preview (src/core/citations/pagePreview.ts), written into the page
 *   or posted by the extension once it is read: sized as pdf.js will size the painted page (the
 *   same zoom rule as firstPage.ts), each run stretched to the width pdf.js gives it (the fonts
 *   are the browser's, not the PDF's), and moved so the passage's first mark is mid-view, where
 *   the painted page will put it.
 * The viewer's bundle takes all of it over from `window.viewerEarly` (loading.ts).
 */
import { PDF_TO_CSS_UNITS, scaleFor, scrollbarWidth } from './pageScale';

export interface EarlyPage {
  /** The PDF named in the page's first message. */
  pdf: Promise<ArrayBuffer>;
  worker: Promise<Worker>;
  /** When each arrived, and when the preview was shown (ms since the page started); `painted`: the preview may not show any more. */
  at: { pdf?: number; worker?: number; preview?: number; painted?: boolean };
  /** The preview shown: its page and marked text. */
  previewed?: { page: number; marked: string };
  /** Shows the preview written into the page, or `html` (a posted one). */
  showPreview(html?: string): void;
}

const config = document.currentScript?.dataset ?? {};
const at: EarlyPage['at'] = {};
const pdf = fetch(config.pdf ?? '')
  .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`HTTP ${r.status}`))))
  .then((bytes) => {
    at.pdf = performance.now();
    return bytes;
  });
const worker = fetch(config.worker ?? '')
  // As bytes: the script is never decoded into a string on this thread, only by the worker.
  .then((r) => r.blob())
  .then((code) => {
    const started = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
    at.worker = performance.now();
    return started;
  });
// Failures are the viewer's to report, when it takes these over.
pdf.catch(() => undefined);
worker.catch(() => undefined);

const early: EarlyPage = { pdf, worker, at, showPreview };
(window as { viewerEarly?: EarlyPage }).viewerEarly = early;
window.addEventListener('message', (event: MessageEvent<{ type?: string; html?: string }>) => {
  if (event.data?.type === 'preview') showPreview(event.data.html);
});

function showPreview(html?: string): void {
  const container = document.getElementById('viewerContainer');
  if (at.painted || !container) return;
  let box = document.getElementById('preview');
  if (html) {
    if (!box) {
      box = document.createElement('div');
      box.id = 'preview';
      box.setAttribute('aria-hidden', 'true');
      container.after(box);
    }
    box.innerHTML = html;
  }
  const sheet = box?.firstElementChild;
  if (!box || !(sheet instanceof HTMLElement)) return;
  const scrollbar = scrollbarWidth();
  box.style.paddingRight = `${scrollbar}px`;
  const page = { width: Number(sheet.dataset.width) * PDF_TO_CSS_UNITS, height: Number(sheet.dataset.height) * PDF_TO_CSS_UNITS };
  const scale = scaleFor(document.body.dataset.scale || 'page-width', page, container.clientWidth - scrollbar, container.clientHeight);
  const width = Math.floor(page.width * scale);
  sheet.style.width = `${width}px`;
  sheet.style.setProperty('--k', `${width / 100}px`);
  // All widths read, then all written: one layout, not one per run.
  const runs = Array.from(sheet.children) as HTMLElement[];
  const natural = runs.map((run) => run.getBoundingClientRect().width);
  runs.forEach((run, i) => {
    const wanted = (parseFloat(run.style.getPropertyValue('--width')) * width) / 100;
    if (natural[i]! > 0 && wanted > 0) run.style.transform = `scaleX(${wanted / natural[i]!})`;
  });
  const marks = Array.from(sheet.querySelectorAll('mark'));
  if (marks[0]) {
    const frame = box.getBoundingClientRect();
    const mark = marks[0].getBoundingClientRect();
    sheet.style.transform = `translateY(${-Math.round(mark.top + mark.height / 2 - (frame.top + box.clientHeight / 2))}px)`;
  }
  early.previewed = { page: Number(sheet.dataset.page), marked: marks.map((m) => m.textContent).join(' ') };
  requestAnimationFrame(() => (at.preview = performance.now()));
}
