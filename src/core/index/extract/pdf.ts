import { ExtractionError } from './errors';
import { collectWords, dehyphenate } from './dehyphenate';
import { describePages, joinTextItems, normalizePageText } from './pageText';

export interface PdfText {
  /** One entry per physical page; index 0 is page 1. */
  pages: string[];
  warnings: string[];
}

/** The part of pdf.js we use; unpdf's serverless build of pdf.js provides it. */
export interface PdfjsLike {
  getDocument(params: Record<string, unknown>): { promise: Promise<PdfDocumentLike>; destroy(): Promise<void> };
}
interface PdfDocumentLike {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPageLike>;
}
interface PdfPageLike {
  getTextContent(): Promise<{ items: unknown[] }>;
  cleanup(): boolean | void;
}

let pdfjs: Promise<PdfjsLike> | undefined;

/** Loads pdf.js once, lazily: it is ~1.7 MB of code that an editor session may never need. */
function loadPdfjs(): Promise<PdfjsLike> {
  pdfjs ??= import('unpdf').then(async (unpdf) => (await unpdf.getResolvedPDFJS()) as unknown as PdfjsLike);
  return pdfjs;
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
): Promise<PdfText> {
  const { getDocument } = pdfjsModule ?? (await loadPdfjs());
  const task = getDocument({
    data: bytes,
    // Text only: no fonts to render, no eval'd font programs, no console noise.
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    // Keep going past a damaged object on one page instead of failing the whole document.
    stopAtErrors: false,
  });
  let document: PdfDocumentLike;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw openError(error);
  }
  try {
    const pages: string[] = [];
    const textless: number[] = [];
    const damaged: number[] = [];
    let firstPageError: unknown;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      signal?.throwIfAborted();
      try {
        const text = await pageText(document, pageNumber);
        if (text === '') textless.push(pageNumber);
        pages.push(text);
      } catch (error) {
        // One damaged page keeps its place (empty) so later pages keep their numbers.
        firstPageError ??= error;
        damaged.push(pageNumber);
        pages.push('');
      }
    }
    // Hyphens are resolved once every page is read: the whole document is the dictionary.
    const words = new Set<string>();
    for (const page of pages) collectWords(page, words);
    for (let index = 0; index < pages.length; index++) pages[index] = dehyphenate(pages[index] as string, words);
    if (pages.length > 0 && damaged.length === pages.length) {
      throw new ExtractionError('corrupt', 'damaged PDF: no page can be read', { cause: firstPageError });
    }
    // Also a PDF with zero pages: nothing to index is a failure the user should see.
    if (textless.length + damaged.length === pages.length) {
      throw new ExtractionError('no-text', 'no extractable text (scanned images? run OCR first)');
    }
    const warnings: string[] = [];
    if (textless.length > 0) warnings.push(`${describePages(textless)} ${verb(textless)} no text layer (scanned?)`);
    if (damaged.length > 0) warnings.push(`${describePages(damaged)} could not be read (damaged PDF)`);
    return { pages, warnings };
  } finally {
    // The loading task owns the document and its (fake) worker; destroying it frees both.
    await task.destroy().catch(() => undefined);
  }
}

async function pageText(document: PdfDocumentLike, pageNumber: number): Promise<string> {
  const page = await document.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    return normalizePageText(joinTextItems(content.items));
  } finally {
    // Releases the page's parsed resources; without it a 3,000-page file keeps them all.
    page.cleanup();
  }
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
