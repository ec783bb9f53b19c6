/**
 * A consistent, current, read-only snapshot of a SQLite database that another program (Zotero)
 * holds open and writes: the file's bytes, the committed frames of its WAL (wal.ts) or the
 * original pages of a hot rollback journal (hotJournal.ts) applied in memory, opened by sql.js
 * (sqlite.ts). Nothing is opened for writing and nothing is created beside the database: Zotero
 * is never blocked or disturbed, and its exclusive lock is no obstacle (the bytes are read, SQLite
 * never opens the file).
 *
 * A copy taken while Zotero writes can be torn: the WAL restarted between reading the two files,
 * or pages half-written. Such a copy is detected (the files' size, time and WAL header changed
 * while they were read, or `PRAGMA quick_check` fails) and taken again, a few times, before the
 * database is reported as damaged.
 */
import { readFile, stat } from 'node:fs/promises';
import { applyWal, asRollbackImage, headerPageSize } from './wal';
import { rollBackJournal } from './hotJournal';
import { rows, sqlite, type Database } from './sqlite';

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** Size and modification time of the database and the files SQLite keeps beside it. */
export interface DatabaseStamp {
  db: FileStamp | null;
  wal: FileStamp | null;
  journal: FileStamp | null;
}
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export interface Snapshot {
  db: Database;
  stamp: DatabaseStamp;
  /** WAL frames applied (changes Zotero has not yet checkpointed into the file). */
  walFrames: number;
  /** Pages put back from a hot rollback journal (a transaction under way in Zotero 7-9). */
  journalPages: number;
  /** Copies taken before one checked out (1: the first). */
  attempts: number;
}

export interface SnapshotOptions {
  /** Copies tried before giving up (default 5). */
  attempts?: number;
  /** Wait before the n-th retry, ms (default 150 × n). */
  retryDelayMs?: (attempt: number) => number;
  /** How the bytes are read (tests hand in a reader that tears the first copy). */
  read?: (path: string) => Promise<Uint8Array | null>;
}

/** Why a database could not be snapshotted; `corrupt` after every try failed SQLite's check. */
export class SnapshotError extends Error {
  constructor(
    message: string,
    readonly kind: 'missing' | 'unreadable' | 'corrupt',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SnapshotError';
  }
}

async function stampOf(path: string): Promise<FileStamp | null> {
  try {
    const s = await stat(path);
    return { size: s.size, mtimeMs: s.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The stamps of `path`, `path-wal` and `path-journal` (null where a file is absent). */
export async function databaseStamp(path: string): Promise<DatabaseStamp> {
  const [db, wal, journal] = await Promise.all([stampOf(path), stampOf(`${path}-wal`), stampOf(`${path}-journal`)]);
  return { db, wal, journal };
}

export function sameStamp(a: DatabaseStamp | null | undefined, b: DatabaseStamp | null | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

async function readOrNull(path: string): Promise<Uint8Array | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The WAL's header (salts, checkpoint sequence): a different one after the copy means the log restarted under it. */
async function walHeader(path: string, read: (path: string) => Promise<Uint8Array | null>): Promise<string> {
  const bytes = await read(`${path}-wal`);
  return bytes ? Buffer.from(bytes.subarray(0, 32)).toString('hex') : '';
}

/** One copy: the bytes of the three files, the log applied; null when the files moved while being read. */
async function takeCopy(path: string, read: (path: string) => Promise<Uint8Array | null>) {
  const before = await databaseStamp(path);
  if (!before.db) throw new SnapshotError(`${path} does not exist`, 'missing');
  const headerBefore = await walHeader(path, read);
  const [db, wal, journal] = [await read(path), await read(`${path}-wal`), await read(`${path}-journal`)];
  const after = await databaseStamp(path);
  if (!db) throw new SnapshotError(`${path} does not exist`, 'missing');
  const moved = !sameStamp(before, after) || headerBefore !== (wal ? Buffer.from(wal.subarray(0, 32)).toString('hex') : '');
  let image = db;
  let walFrames = 0;
  let journalPages = 0;
  if (journal && journal.length > 0) {
    const replay = rollBackJournal(image, journal);
    image = replay.image;
    journalPages = replay.pages;
  }
  if (wal && wal.length > 0) {
    const replay = applyWal(image, wal);
    image = replay.image;
    walFrames = replay.frames;
  }
  if (walFrames === 0 && image.length >= 100) {
    // A WAL-mode file read without its log (checkpointed, or no log yet) still says "WAL" in its header.
    const pageSize = headerPageSize(image) ?? 4096;
    image = asRollbackImage(image === db ? new Uint8Array(image) : image, Math.floor(image.length / pageSize));
  }
  return { image, stamp: after, walFrames, journalPages, moved };
}

function quickCheck(db: Database): string {
  const result = rows(db, 'PRAGMA quick_check(1)');
  return String(Object.values(result[0] ?? {})[0] ?? 'no answer');
}

/**
 * Takes a consistent snapshot of the database at `path`, retrying a torn copy. Throws
 * SnapshotError: `missing` (no file), `unreadable` (an I/O error), `corrupt` (not a database, or
 * failing SQLite's check on every try).
 */
export async function readSnapshot(path: string, options: SnapshotOptions = {}): Promise<Snapshot> {
  const attempts = Math.max(1, options.attempts ?? 5);
  const read = options.read ?? readOrNull;
  const SQL = await sqlite();
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((done) => setTimeout(done, options.retryDelayMs?.(attempt) ?? 150 * attempt));
    let copy: Awaited<ReturnType<typeof takeCopy>>;
    try {
      copy = await takeCopy(path, read);
    } catch (error) {
      if (error instanceof SnapshotError) throw error;
      throw new SnapshotError(`${path} could not be read: ${(error as Error).message}`, 'unreadable', { cause: error });
    }
    if (copy.image.length === 0) {
      problem = 'the file is empty';
      continue;
    }
    if (Buffer.from(copy.image.subarray(0, 16)).toString('latin1') !== SQLITE_MAGIC) {
      problem = 'it is not a SQLite database';
      if (!copy.moved) break;
      continue;
    }
    if (copy.moved) {
      problem = 'it kept changing while it was read';
      continue;
    }
    let db: Database | null = null;
    try {
      db = new SQL.Database(copy.image);
      const check = quickCheck(db);
      if (check === 'ok') return { db, stamp: copy.stamp, walFrames: copy.walFrames, journalPages: copy.journalPages, attempts: attempt };
      problem = `SQLite's check says: ${check}`;
    } catch (error) {
      problem = `SQLite says: ${(error as Error).message}`;
    }
    db?.close();
  }
  throw new SnapshotError(`${path} is damaged or truncated (${problem})`, 'corrupt');
}
