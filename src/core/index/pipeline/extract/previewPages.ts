/**
 * Reads the text items of a cited PDF page for the viewer's preview (core/citations/pagePreview):
 * runs in an extraction worker thread, so the extension's own thread never parses a PDF. The last
 * documents read stay open: the citations of one answer are often pages of one manual, and a page
 * of an open document takes a few tens of ms where opening a 2,000-page manual takes hundreds.
 */
import { readFile, stat } from 'node:fs/promises';
import { pagePreview, type PagePreview, type PreviewPageText } from '../../../citations/pagePreview';
import { loadPdfjs, TEXT_ONLY } from './pdf';

/** What pdf.js gives that the preview reads (its own types are not imported into core). */
interface PreviewDocument {
  numPages: number;
  getPage(n: number): Promise<{
    getViewport(options: { scale: number }): { width: number; height: number; transform: number[] };
    getTextContent(options: Record<string, unknown>): Promise<{ items: unknown[]; styles: Record<string, unknown> }>;
    cleanup(): unknown;
  }>;
  destroy(): Promise<void>;
}

export interface PreviewRequest {
  path: string;
  page: number;
  pageEnd?: number;
  /** The cited passage to mark; absent: the page only. */
  text?: string;
}

/** How many documents stay open (the thread itself stops after a few idle minutes: previewThread.ts). */
const KEPT = 2;
/** The pages a passage is located across, at most (as the viewer: the citation's pages). */
const MAX_PAGES = 3;

interface OpenDocument {
  /** Size and modification time when opened: a changed file is opened again. */
  version: string;
  doc: Promise<PreviewDocument>;
}
const open = new Map<string, OpenDocument>();

/** The preview of `request.page`, or undefined when the page has no text to show. */
export async function readPagePreview(request: PreviewRequest): Promise<PagePreview | undefined> {
  const doc = await documentOf(request.path);
  if (request.page < 1 || request.page > doc.numPages) return undefined;
  const last = Math.min(doc.numPages, request.pageEnd ?? request.page, request.page + MAX_PAGES - 1);
  const pages: PreviewPageText[] = [];
  for (let n = request.page; n <= last; n++) {
    const page = await doc.getPage(n);
    // The text layer's own parameters (the viewer's), so the passage is located as the viewer locates it.
    const content = await page.getTextContent({ includeMarkedContent: true, disableNormalization: true });
    const viewport = page.getViewport({ scale: 1 });
    pages.push({ page: n, items: content.items as PreviewPageText['items'], styles: content.styles as PreviewPageText['styles'], viewport });
    page.cleanup();
  }
  return pagePreview(pages, request.text);
}

async function documentOf(path: string): Promise<PreviewDocument> {
  const { size, mtimeMs } = await stat(path);
  const version = `${size}:${mtimeMs}`;
  let entry = open.get(path);
  if (entry?.version !== version) {
    if (entry) close(path, entry);
    entry = { version, doc: openDocument(path) };
    entry.doc.catch(() => open.get(path) === entry && open.delete(path));
  } else {
    open.delete(path); // re-inserted below: the map's order is the order of last use
  }
  open.set(path, entry);
  for (const [oldest, old] of [...open].slice(0, Math.max(0, open.size - KEPT))) close(oldest, old);
  return entry.doc;
}

function close(path: string, entry: OpenDocument): void {
  if (open.get(path) === entry) open.delete(path);
  void entry.doc.then((doc) => doc.destroy()).catch(() => undefined);
}

async function openDocument(path: string): Promise<PreviewDocument> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), ...TEXT_ONLY });
  return (await task.promise) as unknown as PreviewDocument;
}
