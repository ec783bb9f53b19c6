import { ExtractionError } from './errors';
import { collectWords, dehyphenate } from './dehyphenate';
import { describePages, joinTextItems, normalizePageText } from './pageText';
import { EvidencePages, type PaperEvidence, type PaperEvidenceDocument } from './paperEvidence';

/** Ends the warning for pages that had no text: how an index remembers a PDF that may need OCR. */
const NO_TEXT_LAYER = 'no text layer (scanned?)';

/** True when a stored PDF's warnings say some pages had no text (read without OCR, or OCR found nothing). */
export function hasTextlessPages(warnings: readonly string[]): boolean {
  return warnings.some((warning) => warning.endsWith(NO_TEXT_LAYER));
}

export interface PdfText {
  /** One entry per physical page; index 0 is page 1. */
  pages: string[];
  warnings: string[];
  /**
   * With `leaveToOcr`: pages without a usable text layer (none, or too little text for the page's
   * area), 1-based, for OCR to read; their warnings and the `no-text` failure are OCR's to decide.
   */
  ocrCandidates?: number[];
  /** When asked: what the PDF says about the paper it holds (./paperEvidence.ts). */
  paper?: PaperEvidence;
}

/** The part of pdf.js we use; unpdf's serverless build of pdf.js provides it. */
export interface PdfjsLike {
  getDocument(params: Record<string, unknown>): { promise: Promise<PdfDocumentLike>; destroy(): Promise<void> };
  /** pdf.js's operator codes (to see whether a page paints an image). */
  OPS?: Record<string, number>;
}
interface PdfDocumentLike extends PaperEvidenceDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPageLike>;
}
interface PdfPageLike {
  getTextContent(): Promise<{ items: unknown[] }>;
  rotate?: number;
  /** The page's box in points: [x0, y0, x1, y1]. */
  view?: number[];
  getOperatorList?(): Promise<{ fnArray: number[] }>;
  cleanup(): boolean | void;
}

/** pdf.js's options for reading text, here and for the viewer's page previews (previewPages.ts). */
export const TEXT_ONLY = {
  // Text only: no fonts to render, no eval'd font programs, no console noise.
  disableFontFace: true,
  isEvalSupported: false,
  useSystemFonts: false,
  verbosity: 0,
  // Keep going past a damaged object on one page instead of failing the whole document.
  stopAtErrors: false,
} as const;

let pdfjs: Promise<PdfjsLike> | undefined;

/** Loads pdf.js once, lazily: it is ~1.7 MB of code that an editor session may never need. */
export function loadPdfjs(): Promise<PdfjsLike> {
  pdfjs ??= import('unpdf').then(async (unpdf) => (await unpdf.getResolvedPDFJS()) as unknown as PdfjsLike);
  return pdfjs;
}

/**
 * Which pages one part of a split extraction reads: part `index` of `count` covers a contiguous,
 * near-equal share of the pages, and every part is at least MIN_PAGES_PER_PART long (a short
 * document is not worth a second copy of its fonts), so trailing parts of a short document are
 * empty. Every reader of the same file computes the same ranges from its page count alone.
 */
export interface PdfPartSpec {
  index: number;
  count: number;
}

/** Below this many pages per part, splitting costs more (a second parse of the fonts) than it saves. */
export const MIN_PAGES_PER_PART = 24;

/** How many of `count` parts get pages: fewer for a short document, never fewer than one. */
export function partsWithPages(numPages: number, count: number): number {
  return Math.max(1, Math.min(count, Math.floor(numPages / MIN_PAGES_PER_PART)));
}

/** 1-based, inclusive; `last < first` is an empty range. */
export function partPageRange(numPages: number, part: PdfPartSpec): { first: number; last: number } {
  const parts = partsWithPages(numPages, part.count);
  if (part.index >= parts) return { first: 1, last: 0 };
  return { first: Math.floor((numPages * part.index) / parts) + 1, last: Math.floor((numPages * (part.index + 1)) / parts) };
}

/**
 * One contiguous page range as read, before the document-wide steps (dehyphenation, warnings,
 * whole-document failures) that `assemblePdfText` does once all parts are in.
 */
export interface PdfPart {
  /** The document's page count (every part of one file must agree). */
  numPages: number;
  /** Bytes read (every part of one file must agree, or the file changed between the reads). */
  byteLength: number;
  /** 1-based page number of `pages[0]`. */
  firstPage: number;
  /** Normalised page text, not yet dehyphenated. */
  pages: string[];
  /** 1-based numbers of pages without text, and of pages that could not be read. */
  textless: number[];
  damaged: number[];
  /**
   * When asked (`findOcrCandidates`): 1-based numbers of pages without a usable text layer (none,
   * or too little for their area, see isSparse) that paint an image, so OCR may find text there.
   */
  ocrCandidates?: number[];
  /** Why the first damaged page could not be read (the `cause` of a 'corrupt' failure). */
  firstPageError?: unknown;
  /** The part holding page 1, when asked: what the PDF says about the paper it holds. */
  paper?: PaperEvidence;
}

/**
 * Extracts the text of each physical page. Pages are read one at a time and released after, so
 * memory holds the file's bytes, the page being read and the text so far.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  signal?: AbortSignal,
  /** Another build of pdf.js (the extraction benchmark compares builds); default unpdf's. */
  pdfjsModule?: PdfjsLike,
  leaveToOcr = false,
  readPaper = false,
): Promise<PdfText> {
  return assemblePdfText([await readPdfPart(bytes, undefined, signal, pdfjsModule, undefined, leaveToOcr, readPaper)], { leaveToOcr });
}

/**
 * Reads the pages of one part (default: all pages). Throws only for a document that cannot be
 * opened; damaged pages are recorded in the part. `onOpened` hears the page count as soon as the
 * document is open, before any page is read (the pool decides from it how far to split the file).
 */
export async function readPdfPart(
  bytes: Uint8Array,
  part: PdfPartSpec | undefined,
  signal?: AbortSignal,
  pdfjsModule?: PdfjsLike,
  onOpened?: (numPages: number) => void,
  findOcrCandidates = false,
  /** Read the paper evidence too (the part holding page 1 only). */
  readPaper = false,
): Promise<PdfPart> {
  const byteLength = bytes.byteLength;
  const pdfjsUsed = pdfjsModule ?? (await loadPdfjs());
  const { getDocument } = pdfjsUsed;
  const imageOps = findOcrCandidates ? imageOperators(pdfjsUsed) : undefined;
  const task = getDocument({ data: bytes, ...TEXT_ONLY });
  let document: PdfDocumentLike;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw openError(error);
  }
  try {
    const numPages = document.numPages;
    onOpened?.(numPages);
    const { first, last } = part ? partPageRange(numPages, part) : { first: 1, last: numPages };
    const result: PdfPart = { numPages, byteLength, firstPage: first, pages: [], textless: [], damaged: [] };
    const evidence = readPaper && first === 1 ? new EvidencePages() : undefined;
    for (let pageNumber = first; pageNumber <= last; pageNumber++) {
      signal?.throwIfAborted();
      try {
        const { text, ocrCandidate } = await pageText(document, pageNumber, imageOps, evidence);
        if (text === '') result.textless.push(pageNumber);
        if (ocrCandidate) (result.ocrCandidates ??= []).push(pageNumber);
        result.pages.push(text);
      } catch (error) {
        // One damaged page keeps its place (empty) so later pages keep their numbers.
        result.firstPageError ??= error;
        result.damaged.push(pageNumber);
        result.pages.push('');
      }
    }
    const paper = await evidence?.read(document);
    if (paper) result.paper = paper;
    return result;
  } finally {
    // The loading task owns the document and its (fake) worker; destroying it frees both.
    await task.destroy().catch(() => undefined);
  }
}

/** Opens a PDF for its paper evidence alone (metadata, pages 1-2), for an index made before paper records. */
export async function readPaperEvidence(bytes: Uint8Array, signal?: AbortSignal): Promise<PaperEvidence | undefined> {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({ data: bytes, ...TEXT_ONLY });
  let document: PdfDocumentLike;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw openError(error);
  }
  try {
    signal?.throwIfAborted();
    return await new EvidencePages().read(document);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/**
 * Joins parts (any order) into the document: pages in page order, hyphens resolved against the
 * whole document's words, warnings and whole-document failures decided once. Extracting a file
 * whole is the one-part case, so split and whole extraction give the same text by construction.
 */
export function assemblePdfText(parts: readonly PdfPart[], options: { leaveToOcr?: boolean } = {}): PdfText {
  const ordered = [...parts].sort((a, b) => a.firstPage - b.firstPage);
  const numPages = ordered[0]?.numPages ?? 0;
  const byteLength = ordered[0]?.byteLength ?? 0;
  const pages: string[] = [];
  const textless: number[] = [];
  const damaged: number[] = [];
  const candidates: number[] = [];
  let firstPageError: unknown;
  let paper: PaperEvidence | undefined;
  for (const part of ordered) {
    const contiguous = part.pages.length === 0 || part.firstPage === pages.length + 1;
    if (part.numPages !== numPages || part.byteLength !== byteLength || !contiguous) {
      throw new ExtractionError('failed', 'the file changed while it was being read: index it again');
    }
    pages.push(...part.pages);
    textless.push(...part.textless);
    damaged.push(...part.damaged);
    candidates.push(...(part.ocrCandidates ?? []));
    firstPageError ??= part.firstPageError;
    paper ??= part.paper;
  }
  if (pages.length !== numPages) throw new ExtractionError('failed', 'the file changed while it was being read: index it again');
  // Hyphens are resolved once every page is read: the whole document is the dictionary.
  const words = new Set<string>();
  for (const page of pages) collectWords(page, words);
  for (let index = 0; index < pages.length; index++) pages[index] = dehyphenate(pages[index] as string, words);
  if (pages.length > 0 && damaged.length === pages.length) {
    throw new ExtractionError('corrupt', 'damaged PDF: no page can be read', { cause: firstPageError });
  }
  if (options.leaveToOcr && candidates.length > 0) {
    // OCR decides about its candidates (warnings, `no-text`); pages without an image are as before.
    const blank = textless.filter((page) => !candidates.includes(page));
    const warnings: string[] = [];
    if (blank.length > 0) warnings.push(`${describePages(blank)} ${verb(blank)} ${NO_TEXT_LAYER}`);
    if (damaged.length > 0) warnings.push(`${describePages(damaged)} could not be read (damaged PDF)`);
    return { pages, warnings, ocrCandidates: candidates, ...(paper ? { paper } : {}) };
  }
  // Also a PDF with zero pages: nothing to index is a failure the user should see.
  if (textless.length + damaged.length === pages.length) {
    throw new ExtractionError('no-text', 'no extractable text (scanned images? run OCR first)');
  }
  const warnings: string[] = [];
  if (textless.length > 0) warnings.push(`${describePages(textless)} ${verb(textless)} ${NO_TEXT_LAYER}`);
  if (damaged.length > 0) warnings.push(`${describePages(damaged)} could not be read (damaged PDF)`);
  return { pages, warnings, ...(paper ? { paper } : {}) };
}

/**
 * A page's text, and (with `imageOps`) whether OCR should read it: too little text, and an image
 * painted. Only such pages pay for their operator list; a blank page or a chapter title page
 * without an image is not worth starting OCR for.
 */
async function pageText(
  document: PdfDocumentLike,
  pageNumber: number,
  imageOps?: Set<number>,
  evidence?: EvidencePages,
): Promise<{ text: string; ocrCandidate: boolean }> {
  const page = await document.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    evidence?.keep(pageNumber, content);
    const text = normalizePageText(joinTextItems(content.items));
    let ocrCandidate = false;
    if (imageOps && page.getOperatorList && (text === '' || isSparse(text, page.view))) {
      const { fnArray } = await page.getOperatorList();
      ocrCandidate = fnArray.some((op) => imageOps.has(op));
    }
    return { text, ocrCandidate };
  } finally {
    // Releases the page's parsed resources; without it a 3,000-page file keeps them all.
    page.cleanup();
  }
}

/**
 * Fewer visible characters than this per square inch of page: too little text to be the page's
 * content (a scan with a page number or stamp in its text layer). A full page of text has ~30;
 * a chapter title page ("Chapter 5 / Shell Variables" on Letter: 0.25) still counts as text.
 */
const SPARSE_CHARS_PER_SQUARE_INCH = 0.2;

function isSparse(text: string, view: number[] | undefined): boolean {
  if (!view || view.length < 4) return false;
  const squareInches = (Math.abs(view[2]! - view[0]!) * Math.abs(view[3]! - view[1]!)) / (72 * 72);
  return text.replace(/\s+/g, '').length < squareInches * SPARSE_CHARS_PER_SQUARE_INCH;
}

/** pdf.js's operators that paint an image (a scan is one). */
function imageOperators(pdfjsModule: PdfjsLike): Set<number> {
  const names = [
    'paintImageXObject',
    'paintImageXObjectRepeat',
    'paintInlineImageXObject',
    'paintInlineImageXObjectGroup',
    'paintImageMaskXObject',
    'paintImageMaskXObjectGroup',
    'paintImageMaskXObjectRepeat',
  ];
  return new Set(names.map((name) => pdfjsModule.OPS?.[name]).filter((op): op is number => op !== undefined));
}

function verb(pageNumbers: readonly number[]): string {
  return pageNumbers.length > 1 ? 'have' : 'has';
}

/** pdf.js names its exception classes; decide by that name, never by message text. */
function openError(error: unknown): unknown {
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'AbortError') return error;
  if (name === 'PasswordException') {
    return new ExtractionError('encrypted', 'password-protected PDF: remove the password to index it', { cause: error });
  }
  // InvalidPDFException, FormatError, XRefParseException and the rest: the bytes are not a PDF
  // pdf.js can read, which for a user means a damaged or truncated file.
  return new ExtractionError('corrupt', 'damaged or truncated PDF: cannot read its structure', { cause: error });
}
