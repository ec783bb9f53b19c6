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
  const pdfs = (await store.documents()).filter((d) => d.kind === 'pdf');
  const rows = new Map((await store.paperReferences.stamps()).map((row) => [row.path, row]));
  const current = new Set(pdfs.map((d) => d.path));
  const gone = [...rows.keys()].filter((path) => !current.has(path));
  const missing = pdfs.filter((d) => {
    const row = rows.get(d.path);
    return !row || row.docHash !== d.contentHash || row.version !== REFERENCES_VERSION || fromRun.get(d.path)?.hash === d.contentHash;
  });
  const reread = missing.filter((d) => fromRun.get(d.path)?.hash !== d.contentHash);
  if (existing && store.meta().paperReferences !== REFERENCES_VERSION && reread.length > 0) {
    notices.push(`reading the reference lists of ${reread.length} PDF(s) from their text (once): their text, OCR and embeddings are kept`);
  }
  let written = 0;
  let pending: PaperReferenceRow[] = [];
  const flush = async () => {
    await store.paperReferences.upsert(pending);
    written += pending.length;
    pending = [];
  };
  try {
    for (const [i, document] of missing.entries()) {
      signal?.throwIfAborted();
      if (i % ROWS_PER_WRITE === 0 && reread.length > 0)
        yield { phase: 'papers', done: i, total: missing.length, message: `reference lists: ${i} of ${missing.length} PDFs` };
      const known = fromRun.get(document.path);
      const references = known?.hash === document.contentHash ? known.references : await readAgain(extractor, root, document, ocrCacheDir, logger, signal);
      pending.push({ path: document.path, docHash: document.contentHash, version: REFERENCES_VERSION, references });
      if (pending.length >= ROWS_PER_WRITE) await flush();
    }
    await flush();
  } catch (error) {
    if (!signal?.aborted && !isAbortError(error)) throw error;
    await flush();
    notices.push(`reference lists cut short: ${written} of ${missing.length} PDFs read; the next run reads the rest`);
    return { complete: false };
  }
  if (gone.length > 0) await store.paperReferences.delete(gone);
  if (written > 0 || gone.length > 0) await store.paperReferences.optimize();
  return { complete: true };
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
