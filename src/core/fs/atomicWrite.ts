/**
 * Replacing a file whole: the content goes to a temporary file in the target's folder (same
 * filesystem, so the rename is atomic), which is then renamed over the target. A reader sees the
 * old file or the new one, never half of either; a failed write removes its temporary file and
 * leaves the target as it was.
 *
 * `durable` (the default) also flushes the temporary file to disk before the rename, so a power
 * cut cannot leave an empty target where the rename survived but the data did not. Caches that
 * treat an unreadable entry as a miss pass `durable: false` and skip the flush.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';

export interface AtomicWriteOptions {
  /** Flush the data to disk before the rename (default true). */
  durable?: boolean;
}

let counter = 0;

/** A temporary name beside `target`, unique to this process and call: `<target>.tmp-<pid>-<n>`. */
export function temporaryPathFor(target: string): string {
  return `${target}.tmp-${process.pid}-${++counter}`;
}

/** The process id in a name made by `temporaryPathFor`; undefined for any other name. */
export function temporaryFileOwner(name: string): number | undefined {
  const pid = /\.tmp-(\d+)-\d+$/.exec(name)?.[1];
  return pid === undefined ? undefined : Number(pid);
}

/** Replaces `target` with `data` (a string is written as UTF-8). */
export async function writeFileAtomic(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  await replaceFileAtomic(target, async (temporary) => {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(data);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/**
 * Replaces `target` with whatever `write` puts at the temporary path it is given (a copy, a stream).
 * The caller's `write` is responsible for its own flushing.
 */
export async function replaceFileAtomic(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = temporaryPathFor(target);
  try {
    await write(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

/** The synchronous `writeFileAtomic`, for callers that cannot wait. */
export function writeFileAtomicSync(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const temporary = temporaryPathFor(target);
  try {
    const fd = openSync(temporary, 'w');
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
      if (options.durable !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // the original error is the one worth reporting
    }
    throw error;
  }
}
