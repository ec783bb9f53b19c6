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
import { indexStateKey } from './indexState';
import { keepLibraryCheck, libraryCheckOf, readLibraryCheck, type LibraryCheck } from './libraryCheck';

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

/**
 * The library's check (libraryCheck.ts) when nothing the index depends on changed (the database
 * files' stamps and every indexed PDF's size and time), else null. The check kept for the index's
 * state when there is one; otherwise made from `library.json` and the index's rows, and kept when
 * the library turns out unchanged, so the next re-check reads neither.
 */
async function unchangedCheck(root: string, dbDir: string): Promise<LibraryCheck | null> {
  const kept = readLibraryCheck(dbDir);
  if (kept) return (await sameFiles(kept, root)) ? kept : null;
  const state = indexStateKey(dbDir);
  const record = await readLibraryRecord(dbDir);
  if (!record || !(await sameDatabase(record, root))) return null;
  const store = await openIndexStore(dbDir, { readOnly: true }).catch(() => null);
  if (!store) return null;
  try {
    if (!store.meta().lastIndexedAt) return null;
    const check = libraryCheckOf(state ?? '', record, await store.documents());
    if (!(await sameFiles(check, root))) return null;
    if (state) keepLibraryCheck(dbDir, check);
    return check;
  } finally {
    store.close();
  }
}

async function sameDatabase(check: Pick<LibraryCheck, 'stamp' | 'betterBibtex'>, root: string): Promise<boolean> {
  return (
    sameStamp(check.stamp, await databaseStamp(join(root, ZOTERO_DATABASE))) &&
    sameStamp(check.betterBibtex, await databaseStamp(join(root, BETTER_BIBTEX_FILE)))
  );
}

async function sameFiles(check: LibraryCheck, root: string): Promise<boolean> {
  if (!(await sameDatabase(check, root))) return false;
  for (let i = 0; i < check.pdfs.length; i++) {
    // A host's event loop gets a turn now and then (the editor runs this check in the background).
    if (i > 0 && i % STATS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const [file, size, mtimeMs] = check.pdfs[i]!;
    const info = size !== null && statOrNull(file);
    if (!info || info.size !== size || info.mtimeMs !== mtimeMs) return false;
  }
  return true;
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
  const unchanged = request.rebuild ? null : await unchangedCheck(root, dbDir);
  if (unchanged) {
    const pdfs = unchanged.pdfs.length;
    return { ...emptyRun(request), kind, dbDir, upToDate: true, files: pdfs, skipped: pdfs, items: unchanged.items };
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
  if (!summary.cancelled) await keepCheckAfterRun(dbDir, run.record);
  return {
    ...summary,
    kind,
    dbDir,
    upToDate: false,
    items: { total: run.record.items.length, withPdf: run.record.items.filter((i) => i.pdfs.length > 0).length },
  };
}

/** The next re-check of this run's library reads the kept check, not `library.json` and the index's rows. */
async function keepCheckAfterRun(dbDir: string, record: LibraryRecord): Promise<void> {
  const state = indexStateKey(dbDir);
  const store = state ? await openIndexStore(dbDir, { readOnly: true }).catch(() => null) : null;
  if (!state || !store) return;
  try {
    keepLibraryCheck(dbDir, libraryCheckOf(state, record, await store.documents()));
  } catch {
    // Not kept: the next re-check takes the long way.
  } finally {
    store.close();
  }
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
