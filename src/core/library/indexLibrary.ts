/**
 * Indexing a library (a Zotero data directory or a folder of papers) through the same pipeline as
 * a workspace folder (`indexWithEmbedder`: extraction, OCR, chunks, embeddings, paper fields),
 * into its index in the user's cache folder (cacheDir.ts) unless one is given.
 *
 * A Zotero library: a run whose database files (`zotero.sqlite`, its WAL and journal, Better
 * BibTeX's) and PDFs are as the last run left them does nothing (`upToDate`); otherwise the library
 * is read (zotero/), its documents handed to the run (zoteroDocuments.ts: only changed files and
 * changed annotations or notes are read and embedded again), and the library record written at
 * the end. A library that cannot be read (gone, damaged, an unknown schema) throws its
 * ZoteroReadError before the index is touched: the last good index keeps answering.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { indexWithEmbedder, openIndexStore, type IndexProgress, type IndexRun, type IndexRunRequest } from '../index';
import { libraryIndexDir } from './cacheDir';
import { libraryKind, type LibraryKind } from './libraryKind';
import { readLibraryRecord, writeLibraryRecord, type LibraryRecord } from './libraryRecord';
import { BETTER_BIBTEX_FILE, databaseStamp, readZoteroLibrary, sameStamp, ZOTERO_DATABASE, type ReadZoteroOptions } from './zotero';
import { zoteroRun } from './zoteroDocuments';

export interface LibraryIndexRequest extends Omit<IndexRunRequest, 'dbDir' | 'root' | 'source'> {
  /** The library: a Zotero data directory or a folder of papers. */
  root: string;
  /** Its index; default the user's cache folder (libraryIndexDir). */
  dbDir?: string;
  zotero?: ReadZoteroOptions;
}

export interface LibraryRun extends IndexRun {
  kind: LibraryKind;
  dbDir: string;
  /** Nothing changed since the last run: nothing was read or written. */
  upToDate: boolean;
  /** Items of a Zotero library, and how many have a PDF in the index. */
  items?: { total: number; withPdf: number };
}

/** The library at `root` is not there (an unmounted drive, a moved folder): its last index is kept. */
export class LibraryGoneError extends Error {
  readonly code = 'library-gone';
  constructor(
    readonly root: string,
    readonly dbDir: string,
  ) {
    super(`the library ${root} is not there (a drive not mounted, or a folder moved): its last index (${dbDir}) is kept and still answers`);
    this.name = 'LibraryGoneError';
  }
}

/** True when nothing the index depends on changed: the database files' stamps and every indexed PDF's size and time. */
async function unchangedSince(record: LibraryRecord, root: string, dbDir: string): Promise<boolean> {
  if (!sameStamp(record.stamp, await databaseStamp(join(root, ZOTERO_DATABASE)))) return false;
  if (!sameStamp(record.betterBibtex, await databaseStamp(join(root, BETTER_BIBTEX_FILE)))) return false;
  const store = await openIndexStore(dbDir, { readOnly: true }).catch(() => null);
  if (!store) return false;
  try {
    if (!store.meta().lastIndexedAt) return false;
    const pdfs = record.items.flatMap((item) => item.pdfs);
    const stored = new Map((await store.documents()).map((d) => [d.path, d]));
    for (let i = 0; i < pdfs.length; i++) {
      // A host's event loop gets a turn now and then (the editor runs this check in the background).
      if (i > 0 && i % STATS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const pdf = pdfs[i]!;
      const document = stored.get(pdf.path);
      const info = document && statOrNull(pdf.file);
      if (!document || !info || document.size !== info.size || document.mtimeMs !== info.mtimeMs) return false;
    }
    return true;
  } finally {
    store.close();
  }
}

/**
 * Synchronous stats: 5,046 of them from the page cache cost 50-100 ms of CPU one after another,
 * against ~240 ms through the thread pool with a promise each, and on a loaded machine the CPU is
 * what the user waits for.
 */
const STATS_PER_TURN = 1000;

function statOrNull(file: string): { size: number; mtimeMs: number } | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

export async function* indexLibrary(request: LibraryIndexRequest): AsyncGenerator<IndexProgress, LibraryRun> {
  const { zotero, ...rest } = request;
  const root = resolve(request.root);
  const dbDir = request.dbDir ?? libraryIndexDir(root);
  if (!existsSync(root)) throw new LibraryGoneError(root, dbDir);
  const kind = libraryKind(root);
  // A Zotero library whose database is gone (a drive half there, a sync in progress) is not a folder of papers now.
  if (kind === 'folder' && (await readLibraryRecord(dbDir))) await readZoteroLibrary(root, zotero);
  if (kind === 'folder') {
    const run = yield* indexWithEmbedder({ ...rest, root, dbDir });
    return { ...run, kind, dbDir, upToDate: false };
  }
  const previous = request.rebuild ? null : await readLibraryRecord(dbDir);
  if (previous && (await unchangedSince(previous, root, dbDir))) {
    const pdfs = previous.items.reduce((n, i) => n + i.pdfs.length, 0);
    return {
      ...emptyRun(request),
      kind,
      dbDir,
      upToDate: true,
      files: pdfs,
      skipped: pdfs,
      items: { total: previous.items.length, withPdf: previous.items.filter((i) => i.pdfs.length > 0).length },
    };
  }
  yield { phase: 'discover', done: 0, total: 0, message: `reading the Zotero library ${root}` };
  const library = await readZoteroLibrary(root, zotero);
  const run = await zoteroRun(library, await databaseStamp(join(root, BETTER_BIBTEX_FILE)));
  const summary = yield* indexWithEmbedder({
    ...rest,
    root,
    dbDir,
    source: { discover: async () => ({ files: run.files, failures: run.failures, notices: run.notices }) },
  });
  // A run cut short keeps no stamp: the next run reads the library again and finishes the work.
  await writeLibraryRecord(dbDir, summary.cancelled ? { ...run.record, stamp: { db: null, wal: null, journal: null } } : run.record);
  return {
    ...summary,
    kind,
    dbDir,
    upToDate: false,
    items: { total: run.record.items.length, withPdf: run.record.items.filter((i) => i.pdfs.length > 0).length },
  };
}

function emptyRun(request: LibraryIndexRequest): IndexRun {
  return {
    files: 0,
    indexed: 0,
    skipped: 0,
    removed: 0,
    failed: [],
    pages: 0,
    chunks: 0,
    seconds: 0,
    pagesPerSecond: 0,
    cancelled: false,
    embedder: request.embedding.mode,
    notices: [],
    warned: [],
    embeddingChoice: 'the library is unchanged since its last run',
  };
}
