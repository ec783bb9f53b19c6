/**
 * A step of every index run: each PDF's paper fields (title, authors, year, …: src/core/papers/pdf)
 * are read and stored (store/paperFieldTable.ts) when its row is missing, was read from other
 * bytes, or by older rules. A PDF extracted by this run brings its evidence along (read from the
 * text content the extraction had anyway); any other is opened for its metadata and first two
 * pages only, on the extraction workers: an index made before paper records gains them without
 * its text being extracted, embedded or OCR'd again. A scanned first page is read from the OCR
 * cache's words. Rows of documents that are gone are deleted. A cancel keeps the rows written.
 */
import { join } from 'node:path';
import { evidenceFromOcrWords, PDF_RECORD_VERSION, pdfPaperFields, type PdfEvidence } from '../../papers/pdf';
import type { Logger } from '../../ports';
import { isAbortError } from '../../llm/errors';
import type { Extractor } from './extract';
import { passOverPdfs } from './pdfRowPass';
import type { PaperEvidence } from './extract/paperEvidence';
import { cachedOcrWords } from './ocr/cache';
import type { PaperFieldRow } from '../store/paperFieldTable';
import type { IndexStore, StoredDocument } from '../store/indexStore';
import type { IndexProgress } from '../types';

/** Rows written per step: one commit, and one progress line, every few seconds at worst. */
const ROWS_PER_WRITE = 64;

export interface PaperPassResult {
  /** Every PDF has its row under the current rules. */
  complete: boolean;
}

export async function* fillPaperFields(
  store: IndexStore,
  {
    root,
    extractor,
    fromRun,
    ocrCacheDir,
    changed,
    existing,
    signal,
    notices,
    logger,
    absPaths,
  }: {
    root: string;
    /** Where each discovered document is, when not at `root/path` (a Zotero library's linked files). */
    absPaths?: ReadonlyMap<string, string>;
    extractor: Extractor;
    /** The evidence of the PDFs this run extracted, by path, with the hash of the bytes it came from. */
    fromRun: ReadonlyMap<string, { hash: string; paper: PaperEvidence }>;
    ocrCacheDir: string;
    /** The run wrote or deleted documents. */
    changed: boolean;
    /** The index held documents before the run. */
    existing: boolean;
    signal?: AbortSignal;
    notices: string[];
    logger: Logger;
  },
): AsyncGenerator<IndexProgress, PaperPassResult> {
  if (!changed && store.meta().paperFields === PDF_RECORD_VERSION) return { complete: true };
  return yield* passOverPdfs(store, {
    table: store.paperFields,
    stamps: await store.paperFields.readAll(),
    version: PDF_RECORD_VERSION,
    fromRun,
    rowsPerWrite: ROWS_PER_WRITE,
    progress: (done, total) => `${done} of ${total} PDFs`,
    // An index from before paper records (or older rules) says so once; the rows this run writes,
    // and `paperFields` recorded at its end, keep the next run quiet.
    olderRules: existing && store.meta().paperFields !== PDF_RECORD_VERSION,
    onceNotice: (n) => `reading the title, authors and year of ${n} PDF(s) from their first pages (once): their text, OCR and embeddings are kept`,
    cutShortNotice: (written, total) => `paper records cut short: ${written} of ${total} PDFs read; the next run reads the rest`,
    rowFor: async (document, extracted): Promise<PaperFieldRow> => {
      const paper = extracted
        ? extracted.paper
        : await readEvidence(extractor, absPaths?.get(document.path) ?? join(root, document.path), document, logger, signal);
      const evidence = paper ? await withOcrFirstPage(paper.evidence, ocrCacheDir, document.contentHash) : null;
      return {
        path: document.path,
        docHash: document.contentHash,
        version: PDF_RECORD_VERSION,
        fields: evidence ? { ...pdfPaperFields(evidence) } : {},
        pageLabels: paper?.pageLabels ?? null,
      };
    },
    notices,
    signal,
  });
}

/** A PDF's evidence read on its own; null when it cannot be read now (moved since, damaged): its row says nothing is known. */
async function readEvidence(
  extractor: Extractor,
  absPath: string,
  document: StoredDocument,
  logger: Logger,
  signal?: AbortSignal,
): Promise<PaperEvidence | null> {
  const file = { path: document.path, absPath, kind: document.kind, size: document.size, mtimeMs: document.mtimeMs };
  try {
    return (await extractor.paperEvidence(file, signal)) ?? null;
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    logger.warn(`paper records: ${document.path} could not be read for its title and authors`, error);
    return null;
  }
}

/** A first page without a text layer (a scan) is read from the words OCR found on it, when the OCR cache has them. */
async function withOcrFirstPage(evidence: PdfEvidence, ocrCacheDir: string, contentHash: string): Promise<PdfEvidence> {
  const first = evidence.pages.find((page) => page.page === 1);
  if (first && first.runs.length > 0) return evidence;
  const words = await cachedOcrWords(ocrCacheDir, contentHash, 1);
  if (!words) return evidence;
  const layout = evidenceFromOcrWords(1, words, first?.width ?? 612, first?.height ?? 792);
  return { ...evidence, pages: [layout, ...evidence.pages.filter((page) => page.page !== 1)] };
}
