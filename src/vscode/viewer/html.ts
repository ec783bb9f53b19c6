/**
 * The viewer webview's page. Everything it loads comes from the extension's own dist/webview
 * folder through `asWebviewUri`; the Content-Security-Policy allows nothing else: no network,
 * scripts only with this page's nonce, pdf.js's worker from a blob wrapper (how pdf.js starts a
 * worker whose script is on another origin), WebAssembly for its image decoders, no eval.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ToViewer } from '../../core/citations/viewerProtocol';
import { escapeHtml } from '../../core/citations/escapeHtml';
import { citationBarLabel, openingNote } from '../../core/citations/openingNote';

/** JSON that cannot end the <script> element it is written in. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The toolbar and the panel as they should read while the document opens (the viewer's script
 * keeps them up to date from then on): the cited page in the page box, the citation bar, and a
 * note naming the page being opened with the start of the cited passage.
 */
function openingState(first: ToViewer, preview: string | undefined): { page: number; label?: string; several: boolean; note: string } {
  if (first.type !== 'load') return { page: 1, several: false, note: '' };
  const target = first.targets[first.active];
  const { line, quote } = openingNote(first.fileName, target, first.restore?.page);
  // With the page's preview the passage shows on its page: the note is only a line beneath it.
  const note = preview
    ? `<div id="preview" aria-hidden="true">${preview}</div>\n<div id="opening" class="withPreview" role="status"><p>${escapeHtml(line)}</p></div>\n`
    : `<div id="opening" role="status"><p>${escapeHtml(line)}</p>${quote ? `<blockquote>${escapeHtml(quote)}</blockquote>` : ''}</div>\n`;
  return {
    page: target?.page ?? first.restore?.page ?? 1,
    ...(target ? { label: citationBarLabel(first.targets, first.active) } : {}),
    several: first.targets.length > 1,
    note,
  };
}

const built = new Map<string, string>();

/**
 * A file of dist/webview/ written into the page, read once: the page's first script
 * (media/pdf-viewer/early.ts) and the styles the page needs before its stylesheet arrives
 * (media/pdf-viewer/opening.css). Neither may end the element it is written in.
 */
function inlined(extensionUri: vscode.Uri, name: string, element: 'script' | 'style'): string {
  let text = built.get(name);
  if (text === undefined) {
    text = readFileSync(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', name).fsPath, 'utf8').replace(new RegExp(`</${element}`, 'gi'), `<\\/${element}`);
    built.set(name, text);
  }
  return text;
}

/**
 * The viewer's page for its first message; `preview`: the opening page's preview (HTML from
 * src/core/citations/pagePreview.ts), shown until pdf.js paints the page.
 */
export function viewerHtml(webview: vscode.Webview, extensionUri: vscode.Uri, first: ToViewer, preview?: string): string {
  const asset = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', ...path)).toString();
  const nonce = randomBytes(16).toString('base64');
  const opening = openingState(first, preview);
  const single = opening.several ? '' : ' disabled';
  const source = webview.cspSource;
  const csp = [
    "default-src 'none'",
    `img-src ${source} data: blob:`,
    // pdf.js sets inline styles on the text layer and adds font-face rules at run time.
    `style-src ${source} 'unsafe-inline'`,
    `font-src ${source} data: blob:`,
    `script-src 'nonce-${nonce}' ${source} 'wasm-unsafe-eval'`,
    `worker-src blob: ${source}`,
    `connect-src ${source}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${
  // The page's first script starts the PDF's and the worker's downloads and shows the preview (media/pdf-viewer/early.ts).
  first.type === 'load'
    ? `<script nonce="${nonce}" data-pdf="${escapeHtml(first.url)}" data-worker="${escapeHtml(asset('pdf.worker.min.mjs'))}">${inlined(extensionUri, 'pdf-early.js', 'script')}</script>\n`
    : ''
}<style>${inlined(extensionUri, 'pdf-opening.css', 'style')}</style>
<title>PDF</title>
</head>
<body data-scale="${escapeHtml((first.type === 'load' && first.restore?.scale) || 'page-width')}" data-worker="${asset('pdf.worker.min.mjs')}" data-cmaps="${asset('cmaps')}/" data-fonts="${asset('standard_fonts')}/" data-wasm="${asset('wasm')}/">
<div id="toolbar" role="toolbar">
  <button id="previousPage" title="Previous page (←)" aria-label="Previous page">‹</button>
  <input id="pageNumber" type="number" min="1" value="${opening.page}" title="Page (Enter to go)" aria-label="Page number">
  <span id="pageCount"></span>
  <button id="nextPage" title="Next page (→)" aria-label="Next page">›</button>
  <span class="separator"></span>
  <button id="zoomOut" title="Zoom out (Ctrl+-)" aria-label="Zoom out">−</button>
  <select id="scaleSelect" title="Zoom" aria-label="Zoom">
    <option value="page-width">Fit width</option>
    <option value="page-fit">Fit page</option>
    <option value="auto">Automatic</option>
    <option value="0.5">50%</option>
    <option value="0.75">75%</option>
    <option value="1">100%</option>
    <option value="1.25">125%</option>
    <option value="1.5">150%</option>
    <option value="2">200%</option>
    <option value="3">300%</option>
    <option id="customScale" value="custom" hidden></option>
  </select>
  <button id="zoomIn" title="Zoom in (Ctrl+=)" aria-label="Zoom in">+</button>
  <span class="separator"></span>
  <div id="citationBar"${opening.label === undefined ? ' hidden' : ''}>
    <button id="previousCitation" title="Previous citation ([)" aria-label="Previous citation"${single}>↑</button>
    <span id="citationLabel">${escapeHtml(opening.label ?? '')}</span>
    <button id="nextCitation" title="Next citation (])" aria-label="Next citation"${single}>↓</button>
  </div>
  <span id="notice" hidden></span>
</div>
<div id="findbar" role="search" hidden>
  <input id="findInput" type="text" placeholder="Find in document" aria-label="Find in document">
  <span id="findResult"></span>
  <button id="findPrevious" title="Previous match (Shift+Enter)" aria-label="Previous match">↑</button>
  <button id="findNext" title="Next match (Enter)" aria-label="Next match">↓</button>
  <button id="findClose" title="Close (Escape)" aria-label="Close find">×</button>
</div>
<div id="viewerContainer" tabindex="0"><div id="viewer" class="pdfViewer"></div></div>
${opening.note}${preview ? `<script nonce="${nonce}">window.viewerEarly.showPreview();</script>\n` : ''}<div id="failure" hidden></div>
<script type="application/json" id="firstMessage">${inScript(first)}</script>
<!-- At the end: what is above shows without waiting for it (the page's own styles are above). -->
<link rel="stylesheet" href="${asset('pdf-viewer.css')}">
<script type="module" nonce="${nonce}" src="${asset('pdf-viewer.js')}"></script>
</body>
</html>`;
}
