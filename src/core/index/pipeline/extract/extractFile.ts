import { open } from 'node:fs/promises';
import type { DiscoveredFile, DocumentKind, ExtractedDocument } from '../../types';
import { ExtractionError, fromFsError } from './errors';
import type { PdfPart, PdfPartSpec, PdfText } from './pdf';
import { extractPdfText, readPaperEvidence, readPdfPart } from './pdfRead';
import type { BlockText } from './blockText';
import type { DraftText } from './draftLines';
import { extractDocx } from './docx';
import { extractHtml } from './html';
import { decodeText } from './text';
import { extractLatex } from './latex';
import { extractQuarto } from './quarto';
import { capPageText, charLimitWarning } from './limitText';
import { readDocumentReferences } from './references';
import { DEFAULT_FILE_LIMITS } from '../fileLimits';

export interface ExtractOptions {
  signal?: AbortSignal;
  /** PDFs: the file's time limit (`Date.now()` time); reading stops after the page being read then, keeping what was read. */
  stopAt?: number;
  /** The time limit `stopAt` enforces, for the line that says so. */
  fileTimeoutMs?: number;
  /** PDFs larger than this fail with 'too-large' instead of being read. Default 200 MB. */
  maxPdfBytes?: number;
  /** Markdown/text/HTML/DOCX files larger than this fail with 'too-large'. Default 50 MB. */
  maxTextBytes?: number;
  /** PDFs: leave pages without a usable text layer to OCR (`ocrCandidates`) instead of failing/warning. */
  leaveTextlessToOcr?: boolean;
  /** PDF parts: told the document's page count as soon as it is open (see readPdfPart). */
  onPdfOpened?: (numPages: number) => void;
  /** PDFs: told after each page is read. */
  onPdfPage?: () => void;
  /** PDFs: also read what the PDF says about the paper it holds (./paperEvidence.ts), for the paper records. */
  readPaper?: boolean;
  /** PDFs: also keep each page's lines with positions and fonts, for the reference lists (src/core/papers/references). */
  readLines?: boolean;
  /** DOCX: its XML parts may inflate to this many bytes (docxZip.ts). Default FILE_LIMITS. */
  maxUnzippedBytes?: number;
  /** Characters of text kept per document; the rest is cut with a warning. Default FILE_LIMITS. */
  maxChars?: number;
  /** PDF pages read per document. Default FILE_LIMITS. */
  maxPages?: number;
  /** With `leaveTextlessToOcr`: images over this many pixels are never decoded (OCR's limit). */
  maxImagePixels?: number;
}

export const DEFAULT_MAX_PDF_BYTES = 200 * 1024 * 1024;
export const DEFAULT_MAX_TEXT_BYTES = 50 * 1024 * 1024;

/** How one format is read: where, under which size limit, and by what. */
export interface DocumentReader {
  /**
   * Read on the extraction threads, under a memory limit and a deadline: a parser an attacker can
   * make expensive (a zip bomb, a nest, a page tree). Otherwise decoded in the calling thread
   * (linear within the size limit; a thread hop would cost more).
   */
  onThreads: boolean;
  /** Which option bounds the file's size before any of it is read. */
  sizeLimit: 'maxPdfBytes' | 'maxTextBytes';
  read(file: DiscoveredFile, bytes: Uint8Array, options: ExtractOptions): Promise<ExtractedDocument>;
}

const textReader: DocumentReader = {
  onThreads: false,
  sizeLimit: 'maxTextBytes',
  async read(file, bytes, options) {
    const maxChars = options.maxChars ?? DEFAULT_FILE_LIMITS.maxChars;
    const { text, warnings } = decodeText(bytes);
    if (text.trim() === '') throw new ExtractionError('empty', 'contains only whitespace');
    const pages = [text];
    if (!capPageText(pages, maxChars)) return { path: file.path, kind: file.kind, pages, warnings };
    return { path: file.path, kind: file.kind, pages, warnings: [...warnings, charLimitWarning(maxChars)], limitedBy: ['maxChars'] };
  },
};

/** LaTeX and Quarto/R Markdown drafts: the text their reader reads, at the source's own lines (decoded in this thread, as text is). */
function draftReader(extract: (text: string, maxChars: number) => DraftText): DocumentReader {
  return {
    onThreads: false,
    sizeLimit: 'maxTextBytes',
    async read(file, bytes, options) {
      const { text, warnings } = decodeText(bytes);
      if (text.trim() === '') throw new ExtractionError('empty', 'contains only whitespace');
      const draft = extract(text, options.maxChars ?? DEFAULT_FILE_LIMITS.maxChars);
      const extra = draft.cut ? { limitedBy: ['maxChars' as const] } : {};
      return { path: file.path, kind: file.kind, pages: [draft.text], sourceLines: draft.sourceLines, warnings: [...warnings, ...draft.warnings], ...extra };
    },
  };
}

/** HTML and DOCX: blocks of text with the source lines (or paragraphs) each came from. */
function blockReader(extract: (bytes: Uint8Array, options: ExtractOptions) => Promise<BlockText & { warnings: string[]; cut: boolean }>): DocumentReader {
  return {
    onThreads: true,
    sizeLimit: 'maxTextBytes',
    async read(file, bytes, options) {
      const { text, sourceLines, warnings, cut } = await extract(bytes, options);
      return { path: file.path, kind: file.kind, pages: [text], sourceLines, warnings, ...(cut ? { limitedBy: ['maxChars'] } : {}) };
    },
  };
}

/**
 * The reader of each kind of formats.ts: a kind added there without a reader here does not
 * compile, so no format is quietly read as text.
 */
export const READERS: Readonly<Record<DocumentKind, DocumentReader>> = {
  pdf: {
    onThreads: true,
    sizeLimit: 'maxPdfBytes',
    async read(file, bytes, options) {
      const doc = pdfDocument(file, await extractPdfText(bytes, pdfReadOptions(options)));
      // Read whole with no page left to OCR: the references are read here, so the lines stay on this thread.
      if (!doc.ocrCandidates) readDocumentReferences(doc);
      return doc;
    },
  },
  markdown: textReader,
  text: textReader,
  latex: draftReader((text, maxChars) => extractLatex(text, { maxChars })),
  quarto: draftReader((text, maxChars) => extractQuarto(text, { maxChars })),
  html: blockReader(async (bytes, options) => extractHtml(bytes, { maxChars: options.maxChars ?? DEFAULT_FILE_LIMITS.maxChars })),
  docx: blockReader((bytes, options) =>
    extractDocx(bytes, { maxChars: options.maxChars ?? DEFAULT_FILE_LIMITS.maxChars, maxUnzippedBytes: options.maxUnzippedBytes }),
  ),
};

const SIZE_DEFAULTS = { maxPdfBytes: DEFAULT_MAX_PDF_BYTES, maxTextBytes: DEFAULT_MAX_TEXT_BYTES } as const;

/** Extracts one discovered file in this thread. Throws ExtractionError for a file that cannot be indexed. */
export async function extractFile(file: DiscoveredFile, options: ExtractOptions = {}): Promise<ExtractedDocument> {
  options.signal?.throwIfAborted();
  const reader = READERS[file.kind];
  const bytes = await readLimited(file.absPath, options[reader.sizeLimit] ?? SIZE_DEFAULTS[reader.sizeLimit]);
  options.signal?.throwIfAborted();
  return reader.read(file, bytes, options);
}

/** A PDF's text as the document an extraction returns (whole, or joined from its parts by the pool). */
export function pdfDocument(file: Pick<DiscoveredFile, 'path' | 'kind'>, text: PdfText): ExtractedDocument {
  const { pages, warnings, ocrCandidates, limitedBy, paper, lines } = text;
  return {
    path: file.path,
    kind: file.kind,
    pages,
    warnings,
    ...(ocrCandidates?.length ? { ocrCandidates } : {}),
    ...(limitedBy ? { limitedBy } : {}),
    ...(paper ? { paper } : {}),
    ...(lines ? { pageLines: lines } : {}),
  };
}

/** What pdfRead.ts takes from the options (the limits, the OCR hand-off, progress). */
function pdfReadOptions(options: ExtractOptions) {
  return {
    signal: options.signal,
    stopAt: options.stopAt,
    fileTimeoutMs: options.fileTimeoutMs,
    onOpened: options.onPdfOpened,
    onPage: options.onPdfPage,
    findOcrCandidates: options.leaveTextlessToOcr,
    maxPages: options.maxPages ?? DEFAULT_FILE_LIMITS.maxPages,
    maxImagePixels: options.maxImagePixels,
    maxChars: options.maxChars ?? DEFAULT_FILE_LIMITS.maxChars,
    readPaper: options.readPaper,
    readLines: options.readLines,
  };
}

/**
 * Reads one part of a PDF (see `partPageRange`), for a file split across threads; `assemblePdfText`
 * joins the parts. Throws ExtractionError when the file cannot be read or opened.
 */
export async function extractPdfPart(file: DiscoveredFile, part: PdfPartSpec, options: ExtractOptions = {}): Promise<PdfPart> {
  options.signal?.throwIfAborted();
  const bytes = await readLimited(file.absPath, options.maxPdfBytes ?? DEFAULT_MAX_PDF_BYTES);
  options.signal?.throwIfAborted();
  return readPdfPart(bytes, part, pdfReadOptions(options));
}

/**
 * Only what a PDF says about the paper it holds: its metadata and first pages, not its text (an
 * index made before paper records gains them without extracting its documents again).
 */
export async function extractPaperEvidence(file: DiscoveredFile, options: ExtractOptions = {}): Promise<ExtractedDocument> {
  options.signal?.throwIfAborted();
  const bytes = await readLimited(file.absPath, options.maxPdfBytes ?? DEFAULT_MAX_PDF_BYTES);
  const paper = await readPaperEvidence(bytes, options.signal);
  return { path: file.path, kind: file.kind, pages: [], warnings: [], ...(paper ? { paper } : {}) };
}

/**
 * Reads a whole file through one handle, checking its size on that handle first (the size seen at
 * discovery may be stale), so a huge file is refused before any of it is read.
 */
async function readLimited(absPath: string, limit: number): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(absPath, 'r');
  } catch (error) {
    throw fromFsError(error);
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) throw new ExtractionError('empty', 'empty file (0 bytes)');
    if (size > limit) {
      throw new ExtractionError('too-large', `too large (${sizeOverLimit(size, limit)}): raise the size limit to index it`);
    }
    const buffer = await handle.readFile();
    // A view, not a copy: for a 200 MB PDF a copy would double the peak memory.
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch (error) {
    throw fromFsError(error);
  } finally {
    await handle.close();
  }
}

/**
 * "61.2 MB > limit 50 MB": megabytes to one decimal, a whole number without its ".0". When both
 * round alike (50.02 MB over a 50 MB limit) the bytes are shown, so the line never reads "50 > 50".
 */
export function sizeOverLimit(size: number, limit: number): string {
  const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
  return mb(size) === mb(limit) ? `${size} bytes > limit ${limit} bytes` : `${mb(size)} MB > limit ${mb(limit)} MB`;
}
