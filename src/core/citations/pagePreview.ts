/**
 * A cited PDF page as text placed where pdf.js puts it, with the cited passage marked: what the
 * viewer shows while pdf.js is still starting in its webview (a second or more for a large manual
 * on a slow machine). The extension reads the page's text items in a worker thread, usually right
 * after the answer that cites the page, and writes this page into the viewer's HTML, so the reader
 * sees the passage on its page as the panel opens; the painted page replaces it.
 *
 * Pure: the extension builds it, the tests check it.
 */
import { escapeHtml } from './escapeHtml';
import { locatePassage, type LocatorPage } from './locate';

/** A text run as pdf.js getTextContent() gives it; marked-content entries have no `str`. */
export interface PreviewTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  fontName?: string;
  hasEOL?: boolean;
}
/** pdf.js's styles entry of a font: its fallback family and metrics. */
export interface PreviewFontStyle {
  fontFamily?: string;
  ascent?: number;
  descent?: number;
  vertical?: boolean;
}
export interface PreviewPageText {
  page: number;
  items: readonly PreviewTextItem[];
  styles: Readonly<Record<string, PreviewFontStyle>>;
  /** pdf.js's viewport at scale 1: the page's size in points and the PDF-to-page transform. */
  viewport: { width: number; height: number; transform: number[] };
}

export interface PreviewSpan {
  text: string;
  /** Left and top edge, font size and width: points, from the page's top left corner. */
  left: number;
  top: number;
  size: number;
  width: number;
  family: 'serif' | 'sans-serif' | 'monospace';
  /** [start, end) UTF-16 offsets of `text` that are part of the cited passage. */
  marks?: Array<[number, number]>;
}

export interface PagePreview {
  page: number;
  width: number;
  height: number;
  spans: PreviewSpan[];
  /** Whether the passage was located on this page (otherwise nothing is marked). */
  located: boolean;
}

/** A page with more runs than this is left to the painted page: its preview would be a large piece of HTML. */
const MAX_SPANS = 3000;
/** Runs turned by more than this (radians) are left out: the preview places text upright only. */
const MAX_ANGLE = 0.01;

/**
 * The preview of `pages[0]` with `passage` marked, located across all of `pages` (the citation's
 * pages, as the viewer locates it). Undefined when the page has no text to show (a scan) or too much.
 */
export function pagePreview(pages: readonly PreviewPageText[], passage: string | undefined): PagePreview | undefined {
  const shown = pages[0];
  if (!shown) return undefined;
  const locatorPages: LocatorPage[] = pages.map((p) => ({ page: p.page, items: p.items }));
  const location = passage ? locatePassage(passage, locatorPages) : null;
  const marksOf = new Map<number, Array<[number, number]>>();
  for (const span of location?.spans ?? []) {
    if (span.page !== shown.page) continue;
    const marks = marksOf.get(span.item) ?? [];
    marks.push([span.start, span.end]);
    marksOf.set(span.item, marks);
  }
  const spans: PreviewSpan[] = [];
  shown.items.forEach((item, index) => {
    const span = placed(item, shown);
    if (!span) return;
    const marks = marksOf.get(index);
    spans.push(marks ? { ...span, marks } : span);
  });
  if (spans.length === 0 || spans.length > MAX_SPANS) return undefined;
  return { page: shown.page, width: round(shown.viewport.width), height: round(shown.viewport.height), spans, located: marksOf.size > 0 };
}

/** Where pdf.js's text layer puts an item (its TextLayer's #appendText, upright text only). */
function placed(item: PreviewTextItem, page: PreviewPageText): Omit<PreviewSpan, 'marks'> | undefined {
  const { str, transform, width, fontName } = item;
  if (typeof str !== 'string' || !str.trim() || !transform || transform.length < 6 || width === undefined) return undefined;
  const style = (fontName && page.styles[fontName]) || {};
  const tx = multiply(page.viewport.transform, transform);
  if (style.vertical || Math.abs(Math.atan2(tx[1]!, tx[0]!)) > MAX_ANGLE) return undefined;
  const size = Math.hypot(tx[2]!, tx[3]!);
  if (!(size > 0)) return undefined;
  const ascent = style.ascent ? style.ascent : style.descent ? 1 + style.descent : 0.8;
  return {
    text: str,
    left: round(tx[4]!),
    top: round(tx[5]! - size * ascent),
    size: round(size),
    width: round(width),
    family: style.fontFamily === 'monospace' || style.fontFamily === 'serif' ? style.fontFamily : 'sans-serif',
  };
}

/** pdf.js's Util.transform: m1 applied after m2. */
function multiply(m1: number[], m2: number[]): number[] {
  const [a1, b1, c1, d1, e1, f1] = m1 as [number, number, number, number, number, number];
  const [a2, b2, c2, d2, e2, f2] = m2 as [number, number, number, number, number, number];
  return [a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2, a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1];
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The preview as HTML: a sheet in the page's proportions whose runs are placed and sized in
 * percent of its width (the viewer's stylesheet and its page's first script fit and centre it).
 */
export function pagePreviewHtml(preview: PagePreview): string {
  const pct = (n: number) => `${round((100 * n) / preview.width)}`;
  const spans = preview.spans.map((span) => {
    const style = `left:${pct(span.left)}%;top:${round((100 * span.top) / preview.height)}%;--size:${pct(span.size)};--width:${pct(span.width)}`;
    return `<span class="${span.family}" style="${style}">${marked(span)}</span>`;
  });
  return `<div class="previewSheet" data-page="${preview.page}" data-width="${preview.width}" data-height="${preview.height}" style="aspect-ratio:${preview.width}/${preview.height}">${spans.join('')}</div>`;
}

function marked(span: PreviewSpan): string {
  if (!span.marks) return escapeHtml(span.text);
  let html = '';
  let at = 0;
  for (const [start, end] of [...span.marks].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start) continue;
    html += `${escapeHtml(span.text.slice(at, start))}<mark>${escapeHtml(span.text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(span.text.slice(at));
}
