/**
 * Reading a PDF's pages with pdf.js, within the file's limits: at most `maxPages` pages, a page
 * tree that lists one page object again ends the reading there, and (for OCR's sake) images are
 * never decoded past `maxImagePixels`. `pdf.ts` joins what the parts read.
 */
import {
  assemblePdfText,
  openError,
  partPageRange,
  TEXT_ONLY,
  loadPdfjs,
  type PdfjsLike,
  type PdfPart,
  type PdfPartSpec,
  type PdfText,
  type AssembleOptions,
} from './pdf';
import { joinTextItems, normalizePageText } from './pageText';
import { EvidencePages, type PaperEvidence, type PaperEvidenceDocument } from './paperEvidence';
import { largestImageOver } from './pdfImages';
import { pageLinesFromTextContent } from '../../../papers/references/lines';
import type { PageLines } from '../../../papers/references/types';

export interface PdfReadOptions {
  signal?: AbortSignal;
  /** The file's time limit (`Date.now()` time): reading stops after the page being read then (`PdfPart.stoppedAt`). */
  stopAt?: number;
  /** The time limit, named in the line that says the reading stopped. */
  fileTimeoutMs?: number;
  /** Another build of pdf.js (the extraction benchmark compares builds); default unpdf's. */
  pdfjs?: PdfjsLike;
  /** Told how many pages will be read as soon as the document is open (the pool splits the file by it). */
  onOpened?: (pages: number) => void;
  /** Told after each page is read (progress within a long file). */
  onPage?: () => void;
  /** List the pages OCR should read (`PdfPart.ocrCandidates`). */
  findOcrCandidates?: boolean;
  /** Pages read at most; the document's later pages are left out (`PdfPart.claimedPages` says how many). */
  maxPages?: number;
  /** Images over this many pixels are not decoded (pdf.js's `maxImageSize`): OCR would not read them either. */
  maxImagePixels?: number;
  /** Text kept when the parts are joined (`assemblePdfText`). */
  maxChars?: number;
  /** Read the paper evidence too (the part holding page 1 only; ./paperEvidence.ts). */
  readPaper?: boolean;
  /** Keep every page's lines with their positions and fonts, for the reference reader (src/core/papers/references). */
  readLines?: boolean;
}

interface PdfDocumentLike extends PaperEvidenceDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPageLike>;
}
interface PdfPageLike {
  /** The page object's reference: the same for two pages when the page tree lists one object twice. */
  ref?: { num: number; gen: number } | null;
  getTextContent(): Promise<{ items: unknown[] }>;
  rotate?: number;
  /** The page's box in points: [x0, y0, x1, y1]. */
  view?: number[];
  getViewport?(params: { scale: number }): { width: number; height: number; convertToViewportPoint(x: number, y: number): number[] };
  getOperatorList?(): Promise<{ fnArray: number[] }>;
  cleanup(): boolean | void;
}

/** Extracts the text of each physical page (the one-part case of a split read). */
export async function extractPdfText(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfText> {
  return assemblePdfText([await readPdfPart(bytes, undefined, options)], assembleOptions(options));
}

/** What joining the parts needs to know of the options they were read with. */
export function assembleOptions(options: PdfReadOptions): AssembleOptions {
  return { leaveToOcr: options.findOcrCandidates, maxChars: options.maxChars, maxImagePixels: options.maxImagePixels, fileTimeoutMs: options.fileTimeoutMs };
}

/**
 * Reads the pages of one part (default: all pages, up to `maxPages`). Throws only for a document
 * that cannot be opened; damaged pages are recorded in the part. Pages are read one at a time and
 * released after, so memory holds the file's bytes, the page being read and the text so far.
 */
export async function readPdfPart(bytes: Uint8Array, part: PdfPartSpec | undefined, options: PdfReadOptions = {}): Promise<PdfPart> {
  const { signal, findOcrCandidates = false } = options;
  const byteLength = bytes.byteLength;
  const pdfjsUsed = options.pdfjs ?? (await loadPdfjs());
  const imageOps = findOcrCandidates ? imageOperators(pdfjsUsed) : undefined;
  const maxImageSize = findOcrCandidates && options.maxImagePixels ? { maxImageSize: options.maxImagePixels } : {};
  // Looked for now: pdf.js takes the bytes (their buffer is detached once it has them).
  const oversized = findOcrCandidates && options.maxImagePixels ? largestImageOver(bytes, options.maxImagePixels) : undefined;
  return withPdfDocument(pdfjsUsed, bytes, maxImageSize, async (document) => {
    const claimedPages = document.numPages;
    // /Count is the file's own claim (a 2 KB file can claim 10^9 pages): only this many are read.
    const numPages = Math.min(claimedPages, options.maxPages ?? claimedPages);
    options.onOpened?.(numPages);
    const { first, last } = part ? partPageRange(numPages, part) : { first: 1, last: numPages };
    const result: PdfPart = { numPages, byteLength, firstPage: first, pages: [], textless: [], damaged: [] };
    if (claimedPages > numPages) result.claimedPages = claimedPages;
    const seen = new Set<string>();
    const evidence = options.readPaper && first === 1 ? new EvidencePages() : undefined;
    const lines: PageLines[] | undefined = options.readLines ? [] : undefined;
    for (let pageNumber = first; pageNumber <= last; pageNumber++) {
      signal?.throwIfAborted();
      if (options.stopAt !== undefined && Date.now() >= options.stopAt) {
        result.stoppedAt = pageNumber;
        break;
      }
      try {
        const page = await document.getPage(pageNumber);
        // A page object listed twice: a tree that repeats a child claims pages it does not have.
        const ref = page.ref ? `${page.ref.num} ${page.ref.gen}` : undefined;
        if (ref !== undefined && seen.has(ref)) {
          page.cleanup();
          result.repeatedAt = pageNumber;
          break;
        }
        if (ref !== undefined) seen.add(ref);
        const { text, ocrCandidate } = await pageText(page, pageNumber, imageOps, evidence, lines);
        if (text === '') result.textless.push(pageNumber);
        if (ocrCandidate) (result.ocrCandidates ??= []).push(pageNumber);
        else if (text === '' && oversized) {
          // No image pdf.js would decode: the file holds one over the limit, which is why.
          (result.imageOverLimit ??= []).push(pageNumber);
          result.largestImage = oversized;
        }
        result.pages.push(text);
      } catch (error) {
        // One damaged page keeps its place (empty) so later pages keep their numbers.
        result.firstPageError ??= error;
        result.damaged.push(pageNumber);
        result.pages.push('');
      }
      options.onPage?.();
    }
    const paper = await evidence?.read(document);
    if (paper) result.paper = paper;
    if (lines) result.lines = lines;
    return result;
  });
}

/** Opens a PDF for its paper evidence alone (metadata, pages 1-2), for an index made before paper records. */
export async function readPaperEvidence(bytes: Uint8Array, signal?: AbortSignal): Promise<PaperEvidence | undefined> {
  return withPdfDocument(await loadPdfjs(), bytes, {}, async (document) => {
    signal?.throwIfAborted();
    return new EvidencePages().read(document);
  });
}

/**
 * Opens a PDF for text, runs `use` on it and frees it: a file pdf.js cannot open throws its
 * ExtractionError (openError), whatever `use` does the loading task is destroyed after.
 */
async function withPdfDocument<T>(
  pdfjsUsed: PdfjsLike,
  bytes: Uint8Array,
  extra: { maxImageSize?: number },
  use: (document: PdfDocumentLike) => Promise<T>,
): Promise<T> {
  const task = pdfjsUsed.getDocument({ data: bytes, ...TEXT_ONLY, ...extra });
  try {
    let document: PdfDocumentLike;
    try {
      document = (await task.promise) as PdfDocumentLike;
    } catch (error) {
      throw openError(error);
    }
    return await use(document);
  } finally {
    // The loading task owns the document and its (fake) worker; destroying it frees both.
    await task.destroy().catch(() => undefined);
  }
}

/**
 * A page's text, and (with `imageOps`) whether OCR should read it: too little text, and an image
 * painted. Only such pages pay for their operator list; a blank page or a chapter title page
 * without an image is not worth starting OCR for.
 */
async function pageText(
  page: PdfPageLike,
  pageNumber: number,
  imageOps?: Set<number>,
  evidence?: EvidencePages,
  lines?: PageLines[],
): Promise<{ text: string; ocrCandidate: boolean }> {
  try {
    const content = await page.getTextContent();
    evidence?.keep(pageNumber, content);
    lines?.push(pageLinesFromTextContent(pageNumber, page, content));
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
