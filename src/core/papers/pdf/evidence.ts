/**
 * What a PDF says about itself, before any rule decides what paper it is: the Info dictionary, the
 * XMP packet, and the layout of the first pages as runs of text with their position and font size.
 * Plain data (structured-cloneable, two pages of text and positions), so it can cross a worker thread and be kept; the
 * rules (fields.ts) re-run on it when they change without reading the PDF again.
 */
import { isRawItem, pageFrame } from './textItems';

export interface PdfEvidence {
  numPages: number;
  /** The Info dictionary's string entries (Title, Author, Subject, Keywords, Creator, Producer, CreationDate, ModDate…). */
  info: Record<string, string>;
  /** The XMP packet's entries by lower-case name (`dc:title`, `dc:creator`, `prism:doi`…), each as a list; null when the PDF has none. */
  xmp: Record<string, string[]> | null;
  /** The first pages' layout, page 1 first. */
  pages: PageLayout[];
}

export interface PageLayout {
  /** 1-based page number. */
  page: number;
  /** Page size in points, as shown (crop box, rotation applied). */
  width: number;
  height: number;
  /** Runs in the order the page draws them (for a typeset page, reading order). */
  runs: LayoutRun[];
  /** The layout comes from OCR word boxes (a scanned page), not from a text layer. */
  ocr?: boolean;
}

/** A stretch of text on one baseline, in one size, with no wide gap inside. */
export interface LayoutRun {
  text: string;
  /** Left edge, points from the page's left. */
  x: number;
  /** Baseline, points from the TOP of the page. */
  y: number;
  /** Font size in points (from the text matrix; for OCR, the word boxes' height). */
  size: number;
  /** Width in points. */
  width: number;
  /** The font's id within the document ("f4": same id, same font); absent for OCR. */
  font?: string;
  /** Not horizontal (an arXiv stamp up the margin): never part of a title. */
  rotated?: boolean;
}

/** The part of a pdf.js document proxy read here (unpdf's pdf.js, or pdfjs-dist). */
export interface EvidenceDocument {
  numPages: number;
  getMetadata(): Promise<{ info?: unknown; metadata?: unknown }>;
  getPage(pageNumber: number): Promise<EvidencePage>;
}
export interface EvidencePage {
  view?: number[];
  rotate?: number;
  getViewport?(params: { scale: number }): { width: number; height: number; convertToViewportPoint(x: number, y: number): number[] };
  getTextContent(): Promise<TextContentLike>;
}
/**
 * pdf.js's `TextContent`, as far as it is read: the items (`styles` gives only a generic family,
 * "sans-serif" for every font of a TeX paper read with TEXT_ONLY, so the font's id is kept instead).
 */
export interface TextContentLike {
  items: readonly unknown[];
}

export interface ReadEvidenceOptions {
  /** How many pages from the first to read (default 2). */
  pages?: number;
  /**
   * A page's text content when the caller already has it (extraction reads every page anyway),
   * so it is not asked of pdf.js twice.
   */
  textContentOf?: (pageNumber: number) => TextContentLike | undefined;
}

/** Pages read by default: page 1 holds title, authors and most publication notes; page 2 the rest ("A previous version … was published"). */
export const EVIDENCE_PAGES = 2;
/** Caps that keep evidence small whatever the page holds (a page of tiny table text). */
const MAX_RUNS_PER_PAGE = 600;
const MAX_INFO_VALUE = 2000;
/** What pdf.js adds to the Info dictionary of its own: facts about the file, not about the paper. */
const PDFJS_FACTS = new Set([
  'PDFFormatVersion',
  'Language',
  'EncryptFilterName',
  'IsLinearized',
  'IsAcroFormPresent',
  'IsXFAPresent',
  'IsCollectionPresent',
  'IsSignaturesPresent',
  'Custom',
]);

/**
 * Reads a document's evidence. A page that cannot be read is left out (the rules then know less);
 * metadata that cannot be read leaves `info` empty. Never throws for the document's content.
 */
export async function readPdfEvidence(document: EvidenceDocument, options: ReadEvidenceOptions = {}): Promise<PdfEvidence> {
  const { info, xmp } = await readMetadata(document);
  const pages: PageLayout[] = [];
  const count = Math.min(document.numPages, options.pages ?? EVIDENCE_PAGES);
  for (let pageNumber = 1; pageNumber <= count; pageNumber++) {
    try {
      const page = await document.getPage(pageNumber);
      const content = options.textContentOf?.(pageNumber) ?? (await page.getTextContent());
      pages.push(pageLayoutFromTextContent(pageNumber, page, content));
    } catch {
      // a damaged page: no layout for it
    }
  }
  return { numPages: document.numPages, info, xmp, pages };
}

async function readMetadata(document: EvidenceDocument): Promise<Pick<PdfEvidence, 'info' | 'xmp'>> {
  let raw: { info?: unknown; metadata?: unknown };
  try {
    raw = await document.getMetadata();
  } catch {
    return { info: {}, xmp: null };
  }
  const info: Record<string, string> = {};
  if (typeof raw.info === 'object' && raw.info !== null) {
    const entries = Object.entries(raw.info);
    // pdf.js puts the dictionary's non-standard entries (a `doi`, `PTEX.Fullbanner`) in `Custom`.
    const custom = entries.find(([key]) => key === 'Custom')?.[1];
    const customEntries = typeof custom === 'object' && custom !== null ? Object.entries(custom) : [];
    for (const [key, value] of [...entries, ...customEntries]) {
      // A standard entry wins over a custom one of the same name.
      if (typeof value === 'string' && value.trim() !== '' && !(key in info) && !PDFJS_FACTS.has(key)) info[key] = value.slice(0, MAX_INFO_VALUE);
    }
  }
  return { info, xmp: xmpEntries(raw.metadata) };
}

/** pdf.js's `Metadata` iterates its parsed entries as [name, string | string[]] (older builds: `getAll()`). */
function xmpEntries(metadata: unknown): Record<string, string[]> | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const all = (metadata as { getAll?: () => unknown }).getAll;
  const source: Iterable<unknown> | undefined =
    Symbol.iterator in metadata
      ? (metadata as Iterable<unknown>)
      : typeof all === 'function'
        ? Object.entries((all.call(metadata) as object) ?? {})
        : undefined;
  if (!source) return null;
  const entries: Record<string, string[]> = {};
  for (const entry of source) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const values = (Array.isArray(entry[1]) ? entry[1] : [entry[1]]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (values.length > 0) entries[entry[0].toLowerCase()] = values.map((v) => v.slice(0, MAX_INFO_VALUE));
  }
  return Object.keys(entries).length > 0 ? entries : null;
}

/**
 * One page's runs from pdf.js's text items. Items on one baseline, in one size, with less than
 * a word space or so between them join into one run; a wide gap (columns of author names) starts
 * a new run, as does a change of size (a footnote mark) or baseline.
 */
export function pageLayoutFromTextContent(pageNumber: number, page: Pick<EvidencePage, 'view' | 'getViewport'>, content: TextContentLike): PageLayout {
  const { width, height, toPage } = pageFrame(page);
  const runs: LayoutRun[] = [];
  let current: LayoutRun | undefined;
  let spaceBefore = false;
  for (const item of content.items) {
    if (!isRawItem(item)) continue;
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    if (item.str.trim() === '') {
      spaceBefore = true;
      continue;
    }
    const size = round(Math.hypot(c, d));
    if (!(size > 0)) continue;
    const rotated = Math.abs(b) > Math.abs(a) * 0.01 || a <= 0;
    const [x, y] = toPage(e, f);
    const text = item.str;
    // pdf.js names a font "g_d<document>_f<n>"; the document part changes from one load to the next.
    const font = item.fontName?.replace(/^g_d\d+_/, '');
    if (current && !rotated && !current.rotated && continues(current, x, y, size)) {
      const gap = x - (current.x + current.width);
      const space = (spaceBefore || gap > size * 0.15) && !current.text.endsWith(' ') && !text.startsWith(' ');
      current.text += (space ? ' ' : '') + text;
      current.width = Math.max(current.width, x + item.width - current.x);
    } else {
      if (runs.length >= MAX_RUNS_PER_PAGE) break;
      current = { text, x: round(x), y: round(y), size, width: round(item.width), ...(font ? { font } : {}), ...(rotated ? { rotated: true } : {}) };
      runs.push(current);
    }
    spaceBefore = false;
  }
  for (const run of runs) {
    run.text = run.text.replace(/\s+/g, ' ').trim();
    run.width = round(run.width);
  }
  return { page: pageNumber, width: round(width), height: round(height), runs: runs.filter((run) => run.text !== '') };
}

function continues(run: LayoutRun, x: number, y: number, size: number): boolean {
  const gap = x - (run.x + run.width);
  return Math.abs(size - run.size) <= run.size * 0.05 && Math.abs(y - run.y) <= run.size * 0.2 && gap < run.size * 1.2 && gap > -run.size * 0.5;
}

/** A tenth of a point: finer than any rule looks, and short when stored. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
