/**
 * The two things a host does with an index, each written once: open it for queries (the store, the
 * query embedder its meta records, a retriever; several folders searched as one), and index a
 * folder with the right embedder (what the index was built with, under `auto`), closing it after.
 * The CLI, the editor's engine, eval and the benchmarks all go through here.
 */
import { indexFolder, indexOwnDirs, type IndexFolderOptions } from './pipeline/indexer';
import { paperSource, type PaperSource } from './papers/paperSource';
import { EmbedderError } from './embed/errors';
import { embedderForIndex, selectEmbedder, type EmbedderSelection } from './embed/select';
import type { Embedder, EmbedderChoice } from './embed/embedder';
import { multiFolderRetriever } from './search/folders';
import { createRetriever } from './search/search';
import type { RetrieverOptions } from './search/retrieverOptions';
import { cachedDocumentList, type DocumentList } from './search/documentList';
import { rm } from 'node:fs/promises';
import { ocrCacheDirOf } from './pipeline/ocr/cache';
import { acquireWriterLock, openIndexStore, removeIndexDir } from './store';
import { isObjectStoreUri } from './store/objectStore/location';
import { readIndexMeta } from './store/indexFiles';
import type { IndexStore, OpenIndexStoreOptions, StoredDocument } from './store/indexStore';
import type { PaperLibrary } from '../papers/paperLibrary';
import { citationGraph, type CitationGraph } from '../papers/references/graph';
import { REFERENCES_VERSION } from '../papers/references/read';
import { readStoredReferences } from './papers/storedReferences';
import type { PaperReferences } from '../papers/references/types';
import type { Logger } from '../ports';
import type { IndexProgress, IndexSummary, Retriever } from './types';

/** How queries reach the embedder an index records (embedderForIndex's overrides). */
export type QueryEmbedding = NonNullable<Parameters<typeof embedderForIndex>[1]>;

export interface OpenedIndex {
  store: IndexStore;
  /** The query embedder; null for a full-text index (or when it could not be made, see below). */
  embedder: Embedder | null;
  retriever: Retriever;
  /** The index's papers (its PDFs' fields and the folder's bib files). */
  papers: PaperSource;
  /** Closes the embedder it made (not one passed in) and the store. */
  close(): Promise<void>;
}

export interface OpenForQueriesOptions extends RetrieverOptions {
  /**
   * An embedder the index's record names but that cannot be made (no model server configured, a
   * model folder unknown): given this, it is told and the index is searched full-text; without
   * it, the EmbedderError is thrown.
   */
  onEmbedderError?: (error: EmbedderError) => void;
  /**
   * A shared index (on object storage): seconds between checks for the writer's new versions, so
   * queries never wait on a round trip for it. A local index is read as opened.
   */
  refreshSeconds?: number | null;
  /**
   * The indexed folder: its BibTeX files join what the PDFs say in the paper records
   * (papers/paperSource.ts). Without it (an index searched away from its documents) records come
   * from the PDFs alone.
   */
  root?: string;
  /** Globs the folder's walk for bib files skips (the index run's excludes). */
  exclude?: string[];
  /** The papers of an index whose records come from elsewhere (a Zotero library, src/core/library), in place of the folder's bib files and PDFs. */
  papersOf?: (store: IndexStore) => PaperSource;
}

/** Readers never write; a shared index is re-read on an interval, not per query. */
function readerOptions(dbDir: string, refreshSeconds: number | null | undefined): OpenIndexStoreOptions {
  return isObjectStoreUri(dbDir) && refreshSeconds != null ? { readOnly: true, readConsistencyIntervalSeconds: refreshSeconds } : { readOnly: true };
}

/**
 * Opens an index for queries. `embedding` is either how to reach the embedder the index records,
 * or `{ embedder }`: one already made (eval searches with the embedder it indexed with; null for
 * full-text). A missing or damaged index throws its IndexStoreError.
 */
export async function openIndexForQueries(
  dbDir: string,
  embedding: QueryEmbedding | { embedder: Embedder | null },
  options: OpenForQueriesOptions = {},
): Promise<OpenedIndex> {
  const { onEmbedderError, refreshSeconds, root, exclude, papersOf, ...retrieverOptions } = options;
  const store = await openIndexStore(dbDir, readerOptions(dbDir, refreshSeconds));
  const given = 'embedder' in embedding;
  let embedder: Embedder | null = null;
  try {
    embedder = given ? embedding.embedder : embedderForIndex(store.meta(), embedding);
  } catch (error) {
    if (!(error instanceof EmbedderError) || !onEmbedderError) {
      store.close();
      throw error;
    }
    onEmbedderError(error);
  }
  const papers =
    retrieverOptions.papers ?? papersOf?.(store) ?? paperSource(store, { root, exclude, skipDirs: indexOwnDirs(dbDir), logger: retrieverOptions.logger });
  return {
    store,
    embedder,
    papers,
    retriever: createRetriever(store, embedder, { ...retrieverOptions, papers, ...(papersOf ? { documentList: papersDocumentList(papers, store) } : {}) }),
    async close() {
      if (!given) await embedder?.close();
      store.close();
    },
  };
}

/**
 * An index whose papers come from elsewhere (a Zotero library) knows its document paths from them
 * (the library keeps them beside its index: no read of the document rows); none known, the store's.
 */
function papersDocumentList(papers: PaperSource, store: IndexStore): DocumentList {
  const fromStore = cachedDocumentList(store);
  return async () => {
    const paths = [...(await papers.current()).documents];
    return paths.length > 0 ? paths : fromStore();
  };
}

export interface FoldersForQueries {
  /** Every folder's index searched as one (paths `<label>/<path>` with more than one folder). */
  retriever: Retriever;
  /** The query embedders made for the indexes (a server's embedder has a `host`). */
  embedders: Embedder[];
  close(): Promise<void>;
}

/**
 * Opens every folder's index for queries and fans a search out to them (search/folders.ts). The
 * first index that fails to open throws its IndexStoreError after what was opened is closed.
 */
export async function openFoldersForQueries(
  folders: ReadonlyArray<{ label: string; dbDir: string; refreshSeconds?: number | null; root?: string }>,
  embedding: QueryEmbedding,
  options: OpenForQueriesOptions = {},
): Promise<FoldersForQueries> {
  const opened: OpenedIndex[] = [];
  const close = async () => {
    for (const index of opened) await index.close();
  };
  try {
    for (const folder of folders)
      opened.push(
        await openIndexForQueries(folder.dbDir, embedding, {
          ...options,
          refreshSeconds: folder.refreshSeconds ?? null,
          ...(folder.root ? { root: folder.root } : {}),
        }),
      );
  } catch (error) {
    await close();
    throw error;
  }
  return {
    retriever: multiFolderRetriever(opened.map((index, i) => ({ label: folders[i]!.label, retriever: index.retriever }))),
    embedders: opened.flatMap((index) => (index.embedder ? [index.embedder] : [])),
    close,
  };
}

export interface IndexRunRequest extends Omit<IndexFolderOptions, 'embedder' | 'dbDir'> {
  /** The index folder (the CLI's `--db` or `<root>/.research-index`; the editor's storage). */
  dbDir: string;
  /** Which embedder to use; under `auto` the one the index was built with wins (embed/select.ts). */
  embedding: Omit<EmbedderSelection, 'indexMeta' | 'signal' | 'logger'>;
  /** Told once the embedder is chosen, before any document is read (to say which, and why). */
  onEmbedderChosen?: (choice: EmbedderChoice) => void;
  /** Leave the embedder open after the run (the caller searches with it, then closes it). */
  keepEmbedder?: boolean;
}

export interface IndexRun extends IndexSummary {
  /** Why this embedder (or full-text only): `auto`'s reasoning, for the log. */
  embeddingChoice: string;
}

/**
 * Indexes a folder with the right embedder: reads the index's record (none when rebuilding: a
 * damaged record is the rebuild's business), chooses the embedder, runs indexFolder, closes it.
 */
export async function* indexWithEmbedder(request: IndexRunRequest): AsyncGenerator<IndexProgress, IndexRun> {
  const { embedding, onEmbedderChosen, keepEmbedder, ...run } = request;
  const indexMeta = run.rebuild ? null : await readIndexMeta(run.dbDir).catch(() => null);
  const choice = await selectEmbedder({
    ...embedding,
    indexMeta,
    ...(run.signal ? { signal: run.signal } : {}),
    ...(run.logger ? { logger: run.logger } : {}),
  });
  try {
    onEmbedderChosen?.(choice);
    const summary = yield* indexFolder({ ...run, embedder: choice.embedder });
    return { ...summary, embeddingChoice: choice.reason };
  } finally {
    if (!keepEmbedder) await choice.embedder?.close().catch(() => undefined);
  }
}

/**
 * Deletes an index and the OCR of scanned pages kept beside it: nothing of the index is left. Not
 * under a running index (another window, the CLI): the writer lock is taken first (writerLock.ts).
 */
export async function clearIndex(dbDir: string): Promise<void> {
  const lock = await acquireWriterLock(dbDir);
  try {
    await removeIndexDir(dbDir);
    await rm(ocrCacheDirOf(dbDir), { recursive: true, force: true });
  } finally {
    await lock.release();
  }
}

/**
 * The paper library of an indexed folder (papers/paperSource.ts): what its PDFs say and its bib
 * files, for listing and fixing records (`papers`, the editor's "Show Papers"). Read-only.
 */
/**
 * The library with what its papers cite (the stored reference lists linked to the library's
 * records): the CLI's `references` and `papers --cites/--cited-by`, read-only. An index made
 * before reference lists has none until its next run.
 */
/** An index's papers, its documents, and the citations between them (read-only, closed once read). */
export interface OpenedCitationGraph {
  library: PaperLibrary;
  documents: StoredDocument[];
  graph: CitationGraph;
  stored: Map<string, PaperReferences>;
  /** False while some PDFs' reference lists have not been read (an index made before them, not run since). */
  complete: boolean;
}

export async function openCitationGraph(
  dbDir: string,
  root: string,
  options: { exclude?: string[]; logger?: Logger; papersOf?: (store: IndexStore) => PaperSource } = {},
): Promise<OpenedCitationGraph> {
  const store = await openIndexStore(dbDir, { readOnly: true });
  try {
    const source = options.papersOf?.(store) ?? paperSource(store, { root, exclude: options.exclude, skipDirs: indexOwnDirs(dbDir), logger: options.logger });
    const library = await source.current();
    const stored = await readStoredReferences(store);
    const documents = await store.documents();
    return {
      library,
      documents,
      graph: citationGraph(library.records.values(), stored),
      stored,
      complete: store.meta().paperReferences === REFERENCES_VERSION,
    };
  } finally {
    store.close();
  }
}

export async function openPaperLibrary(
  dbDir: string,
  root: string,
  options: { exclude?: string[]; logger?: Logger; papersOf?: (store: IndexStore) => PaperSource } = {},
): Promise<{ library: PaperLibrary; documents: StoredDocument[] }> {
  const store = await openIndexStore(dbDir, { readOnly: true });
  try {
    const source = options.papersOf?.(store) ?? paperSource(store, { root, exclude: options.exclude, skipDirs: indexOwnDirs(dbDir), logger: options.logger });
    return { library: await source.current(), documents: await store.documents() };
  } finally {
    store.close();
  }
}
