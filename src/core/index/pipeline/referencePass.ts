/**
 * A step of every index run: each PDF's reference list and in-text citations
 * (src/core/papers/references), read from its pages' layout and stored (store/paperReferenceTable.ts)
 * when its row is missing, was read from other bytes, or by older rules. A PDF extracted by this
 * run brings its references along (read from the layout the extraction kept, its OCR'd pages from
 * OCR's words); any other is read again for its text layout alone, on the extraction workers, its
 * scanned pages from the OCR cache's words: an index made before reference lists gains them
 * without any OCR or embedding being redone. Rows of documents that are gone are deleted. A
 * cancel keeps the rows written.
 */
import { join } from 'node:path';
import { REFERENCES_VERSION } from '../../papers/references/read';
import type { PaperReferences } from '../../papers/references/types';
import type { Logger } from '../../ports';
import { isAbortError } from '../../llm/errors';
import type { Extractor } from './extract';
import { passOverPdfs } from './pdfRowPass';
import { emptyReferences, readDocumentReferences } from './extract/references';
import { cachedOcrWords } from './ocr/cache';
import { withOcrLines } from './ocr/applyOcr';
import type { PaperReferenceRow } from '../store/paperReferenceTable';
import type { IndexStore, StoredDocument } from '../store/indexStore';
import type { ExtractedDocument, IndexProgress } from '../types';

/** Rows written per step: one commit, and one progress line, every few seconds at worst. */
const ROWS_PER_WRITE = 32;

export async function* fillReferences(
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
  }: {
    root: string;
    extractor: Extractor;
    /** The references of the PDFs this run extracted, by path, with the hash of the bytes they came from. */
    fromRun: ReadonlyMap<string, { hash: string; references: PaperReferences }>;
    ocrCacheDir: string;
    changed: boolean;
    existing: boolean;
    signal?: AbortSignal;
    notices: string[];
    logger: Logger;
  },
): AsyncGenerator<IndexProgress, { complete: boolean }> {
  if (!changed && fromRun.size === 0 && store.meta().paperReferences === REFERENCES_VERSION) return { complete: true };
  return yield* passOverPdfs(store, {
    table: store.paperReferences,
    stamps: await store.paperReferences.stamps(),
    version: REFERENCES_VERSION,
    fromRun,
    rowsPerWrite: ROWS_PER_WRITE,
    progress: (done, total) => `reference lists: ${done} of ${total} PDFs`,
    quietUnlessReading: true,
    olderRules: existing && store.meta().paperReferences !== REFERENCES_VERSION,
    onceNotice: (n) => `reading the reference lists of ${n} PDF(s) from their text (once): their text, OCR and embeddings are kept`,
    cutShortNotice: (written, total) => `reference lists cut short: ${written} of ${total} PDFs read; the next run reads the rest`,
    rowFor: async (document, extracted): Promise<PaperReferenceRow> => ({
      path: document.path,
      docHash: document.contentHash,
      version: REFERENCES_VERSION,
      references: extracted ? extracted.references : await readAgain(extractor, root, document, ocrCacheDir, logger, signal),
    }),
    notices,
    signal,
  });
}

/**
 * A PDF's references read on their own: its text layout on the workers, its scanned pages' from the
 * words the OCR cache holds for them. A PDF that cannot be read now (moved, damaged) gets an empty
 * row, read again when its bytes change.
 */
async function readAgain(
  extractor: Extractor,
  root: string,
  document: StoredDocument,
  ocrCacheDir: string,
  logger: Logger,
  signal?: AbortSignal,
): Promise<PaperReferences> {
  const file = { path: document.path, absPath: join(root, document.path), kind: document.kind, size: document.size, mtimeMs: document.mtimeMs };
  let doc: ExtractedDocument;
  try {
    doc = await extractor.extract(file, signal);
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    logger.warn(`reference lists: ${document.path} could not be read`, error);
    return emptyReferences();
  }
  if (doc.references) return doc.references;
  if (!doc.pageLines) return emptyReferences();
  for (const page of doc.ocrCandidates ?? []) {
    const words = await cachedOcrWords(ocrCacheDir, document.contentHash, page);
    if (words) withOcrLines(doc.pageLines, { page, words });
  }
  readDocumentReferences(doc);
  return doc.references ?? emptyReferences();
}
