/**
 * One writer per index folder. LanceDB tolerates concurrent writers to one table, but an index run
 * is many steps (read the bookkeeping, replace documents, delete stale ones, optimize), and a
 * second run interleaving them (the CLI while the editor indexes, two windows on one workspace, a
 * --rebuild deleting the folder under a running index) would write documents the other run then
 * deletes, or delete the folder mid-write.
 *
 * The lock is a file beside the index folder (`<index>.lock`, so a rebuild can delete the folder
 * while holding it), created exclusively and holding its owner's pid, host and start time. A lock
 * whose owner died (same host, no such process) is taken over; a live owner's lock is an
 * IndexLockedError that says who holds it. Taking over a dead owner's lock re-reads it first, so
 * two runs that found the same stale lock cannot both delete it, short of a window of microseconds.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { IndexStoreError } from './errors';

export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** Tells this acquisition from a later one by the same pid (release removes only its own). */
  token: string;
}

export interface WriterLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Another live process is writing this index. */
export class IndexLockedError extends IndexStoreError {
  constructor(
    dir: string,
    readonly lockPath: string,
    readonly owner: Pick<LockOwner, 'pid' | 'host' | 'startedAt'> | null,
    /** More about the holder (an object lock's expiry), inside the parentheses. */
    detail = '',
  ) {
    super(
      owner
        ? `another indexing run (process ${owner.pid} on ${owner.host}, started ${owner.startedAt}${detail}) is writing the index at ${dir}: wait for it to finish or stop it, then run again`
        : `another indexing run is writing the index at ${dir} (${lockPath} exists): wait for it to finish, or delete that file if no run is going on`,
      'index-locked',
      dir,
    );
  }
}

export function lockPathOf(dbDir: string): string {
  return `${dbDir}.lock`;
}

export async function acquireWriterLock(dbDir: string): Promise<WriterLock> {
  const path = lockPathOf(dbDir);
  await mkdir(dirname(path), { recursive: true });
  const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), token: randomUUID() };
  // Two attempts: the second only after removing a dead owner's lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
      return { path, release: () => releaseIfOurs(path, owner.token) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await readOwner(path);
    if (held === 'gone') continue;
    if (held === null || isAlive(held) || attempt > 0) throw new IndexLockedError(dbDir, path, held);
    // The owner died without releasing (killed, crashed): its lock protects nothing now.
    const again = await readOwner(path);
    if (again !== 'gone' && (again === null || again.token !== held.token)) throw new IndexLockedError(dbDir, path, again);
    await unlink(path).catch(ignoreMissing);
  }
  throw new IndexLockedError(dbDir, path, null);
}

async function releaseIfOurs(path: string, token: string): Promise<void> {
  const held = await readOwner(path);
  if (held !== 'gone' && held?.token === token) await unlink(path).catch(ignoreMissing);
}

/** The lock's owner; 'gone' when the file vanished meanwhile; null when it cannot be parsed. */
async function readOwner(path: string): Promise<LockOwner | null | 'gone'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.token === 'string') {
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? 'unknown'), token: parsed.token };
    }
  } catch {
    // A lock being written this instant, or garbage: not ours to judge.
  }
  return null;
}

/** A process on another host cannot be checked: it counts as alive. */
export function isAlive(owner: Pick<LockOwner, 'pid' | 'host'>): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
