import { isAbortError } from '../../../llm/errors';
import { ExtractionError } from './errors';
import { collectWords, dehyphenate } from './dehyphenate';
import { describePages } from './pageText';
import { capPageText, charLimitWarning } from './limitText';
import { formatCount, raiseFileLimit } from '../fileLimits';
import { ocrPixelLimitText, type ImageSize } from './pdfImages';
import type { PaperEvidence } from './paperEvidence';
import type { PageLines } from '../../../papers/references/types';
import type { ExtractedDocument } from '../../types';

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
  /** When asked: each page's lines with positions and fonts (ExtractedDocument.pageLines). */
  lines?: PageLines[];
  /** Limits that cut the document short (ExtractedDocument.limitedBy). */
  limitedBy?: NonNullable<ExtractedDocument['limitedBy']>;
}

/** The part of pdf.js we use; unpdf's serverless build of pdf.js provides it. */
export interface PdfjsLike {
  getDocument(params: Record<string, unknown>): { promise: Promise<unknown>; destroy(): Promise<void> };
  /** pdf.js's operator codes (to see whether a page paints an image). */
  OPS?: Record<string, number>;
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
  /** The page count the file claims, when over the page limit (`numPages` is what is read). */
  claimedPages?: number;
  /** The first page whose page object the tree listed before (the part stopped there). */
  repeatedAt?: number;
  /** The first page not read because the file's time limit came (the part stopped there). */
  stoppedAt?: number;
  /** The part holding page 1, when asked: what the PDF says about the paper it holds. */
  paper?: PaperEvidence;
  /** When asked: its pages' lines with positions and fonts. */
  lines?: PageLines[];
  /** Textless pages showing no image OCR may decode, in a file holding one over the pixel limit. */
  imageOverLimit?: number[];
  /** The largest such image. */
  largestImage?: ImageSize;
}

/** Limits `assemblePdfText` applies and names (../fileLimits.ts, ../ocr/settings.ts). */
export interface AssembleOptions {
  leaveToOcr?: boolean;
  /** Text kept for the document; the rest is cut with a warning. */
  maxChars?: number;
  /** OCR's pixel limit, named in the line for a scan over it. */
  maxImagePixels?: number;
  /** The time limit per file, named in the line for a PDF it cut short. */
  fileTimeoutMs?: number;
  /**
   * The time limit came before every part was read: a part that is missing ends the document
   * where its pages would have started, instead of meaning the file changed.
   */
  partial?: boolean;
}

/**
 * Joins parts (any order) into the document: pages in page order, hyphens resolved against the
 * whole document's words, warnings and whole-document failures decided once. Extracting a file
 * whole is the one-part case, so split and whole extraction give the same text by construction.
 * A page tree that repeats a page ends the document before the first repeat any part saw.
 */
export function assemblePdfText(parts: readonly PdfPart[], options: AssembleOptions = {}): PdfText {
  const ordered = [...parts].sort((a, b) => a.firstPage - b.firstPage);
  const numPages = ordered[0]?.numPages ?? 0;
  const byteLength = ordered[0]?.byteLength ?? 0;
  const firstOf = (pick: (part: PdfPart) => number | undefined) =>
    ordered.map(pick).reduce<number | undefined>((min, page) => (page === undefined || (min !== undefined && min <= page) ? min : page), undefined);
  const repeatedAt = firstOf((part) => part.repeatedAt);
  let stoppedAt = firstOf((part) => part.stoppedAt);
  // The document ends before the first page that was repeated or not read in time.
  let end = Math.min(repeatedAt ?? numPages + 1, stoppedAt ?? numPages + 1) - 1;
  const upTo = (list: readonly number[] | undefined, last: number) => (list ?? []).filter((page) => page <= last);
  const pages: string[] = [];
  const textless: number[] = [];
  const damaged: number[] = [];
  const candidates: number[] = [];
  const overLimit: number[] = [];
  let firstPageError: unknown;
  let paper: PaperEvidence | undefined;
  let lines: PageLines[] | undefined;
  for (const part of ordered) {
    if (part.numPages !== numPages || part.byteLength !== byteLength) {
      throw new ExtractionError('failed', 'the file changed while it was being read: index it again');
    }
    if (part.firstPage > end) continue; // after a repeat or a stop: pages not to keep
    if (part.pages.length > 0 && part.firstPage !== pages.length + 1) {
      // A part that never ran (its file's time came first) leaves a gap: the document ends there.
      if (!options.partial) throw new ExtractionError('failed', 'the file changed while it was being read: index it again');
      stoppedAt = Math.min(stoppedAt ?? numPages + 1, pages.length + 1);
      end = Math.min(end, pages.length);
      break;
    }
    const kept = part.pages.slice(0, end - part.firstPage + 1);
    pages.push(...kept);
    const last = part.firstPage + kept.length - 1;
    textless.push(...upTo(part.textless, last));
    damaged.push(...upTo(part.damaged, last));
    candidates.push(...upTo(part.ocrCandidates, last));
    overLimit.push(...upTo(part.imageOverLimit, last));
    firstPageError ??= part.firstPageError;
    paper ??= part.paper;
    if (part.lines) (lines ??= []).push(...part.lines.filter((page) => page.page <= last));
  }
  if (options.partial && pages.length < end) {
    stoppedAt = Math.min(stoppedAt ?? numPages + 1, pages.length + 1);
    end = pages.length;
  }
  if (pages.length !== end) throw new ExtractionError('failed', 'the file changed while it was being read: index it again');
  const claimed = ordered.find((part) => part.claimedPages !== undefined)?.claimedPages;
  const limits: string[] = [];
  const limitedBy: NonNullable<PdfText['limitedBy']> = [];
  if (repeatedAt !== undefined && repeatedAt - 1 === end) {
    limits.push(
      `its page tree lists the same page more than once (it claims ${formatCount(claimed ?? numPages)} pages): only the ${formatCount(end)} page${end === 1 ? '' : 's'} before the first repeat indexed`,
    );
  } else if (stoppedAt !== undefined) {
    const seconds = options.fileTimeoutMs === undefined ? '' : `${Math.round(options.fileTimeoutMs / 100) / 10} s `;
    limits.push(
      `only the first ${formatCount(end)} of ${formatCount(claimed ?? numPages)} pages indexed: reading stopped at the time limit (${seconds}per file: ${raiseFileLimit('fileTimeoutMs')})`,
    );
    limitedBy.push('fileTimeoutMs');
  } else if (claimed !== undefined) {
    limits.push(`only the first ${formatCount(numPages)} of ${formatCount(claimed)} pages indexed (page limit per PDF: ${raiseFileLimit('maxPages')})`);
    limitedBy.push('maxPages');
  }
  // Hyphens are resolved once every page is read: the whole document is the dictionary.
  const words = new Set<string>();
  for (const page of pages) collectWords(page, words);
  for (let index = 0; index < pages.length; index++) pages[index] = dehyphenate(pages[index] as string, words);
  if (options.maxChars !== undefined && capPageText(pages, options.maxChars)) {
    limits.push(charLimitWarning(options.maxChars));
    limitedBy.push('maxChars');
  }
  if (pages.length > 0 && damaged.length === pages.length) {
    throw new ExtractionError('corrupt', 'damaged PDF: no page can be read', { cause: firstPageError });
  }
  const largest = ordered.find((part) => part.largestImage)?.largestImage;
  const tooLarge = largest && options.maxImagePixels ? ocrPixelLimitText(largest, options.maxImagePixels) : undefined;
  if (overLimit.length > 0 && tooLarge) limitedBy.push('ocrMaxPixels');
  const extra = {
    ...(limitedBy.length > 0 ? { limitedBy } : {}),
    ...(paper ? { paper } : {}),
    ...(lines ? { lines: lines.filter((page) => page.page <= end) } : {}),
  };
  if (options.leaveToOcr && candidates.length > 0) {
    // OCR decides about its candidates (warnings, `no-text`); pages without an image are as before.
    const blank = textless.filter((page) => !candidates.includes(page) && !overLimit.includes(page));
    const warnings: string[] = [...limits];
    if (blank.length > 0) warnings.push(`${describePages(blank)} ${verb(blank)} ${NO_TEXT_LAYER}`);
    if (overLimit.length > 0 && tooLarge) warnings.push(`${describePages(overLimit)} not read by OCR: ${tooLarge}`);
    if (damaged.length > 0) warnings.push(`${describePages(damaged)} could not be read (damaged PDF)`);
    return { pages, warnings, ocrCandidates: candidates, ...extra };
  }
  // Also a PDF with zero pages: nothing to index is a failure the user should see.
  if (textless.length + damaged.length === pages.length) {
    if (overLimit.length > 0 && tooLarge) throw new ExtractionError('no-text', `no extractable text, and not read by OCR: ${tooLarge}`);
    throw new ExtractionError('no-text', 'no extractable text (scanned images? run OCR first)');
  }
  const warnings: string[] = [...limits];
  const plain = textless.filter((page) => !overLimit.includes(page));
  if (plain.length > 0) warnings.push(`${describePages(plain)} ${verb(plain)} ${NO_TEXT_LAYER}`);
  if (overLimit.length > 0 && tooLarge) warnings.push(`${describePages(overLimit)} not read by OCR: ${tooLarge}`);
  if (damaged.length > 0) warnings.push(`${describePages(damaged)} could not be read (damaged PDF)`);
  return { pages, warnings, ...extra };
}

function verb(pageNumbers: readonly number[]): string {
  return pageNumbers.length > 1 ? 'have' : 'has';
}

/** pdf.js names its exception classes; decide by that name, never by message text. */
export function openError(error: unknown): unknown {
  if (isAbortError(error)) return error;
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'PasswordException') {
    return new ExtractionError('encrypted', 'password-protected PDF: remove the password to index it', { cause: error });
  }
  // InvalidPDFException, FormatError, XRefParseException and the rest: the bytes are not a PDF
  // pdf.js can read, which for a user means a damaged or truncated file.
  return new ExtractionError('corrupt', 'damaged or truncated PDF: cannot read its structure', { cause: error });
}
