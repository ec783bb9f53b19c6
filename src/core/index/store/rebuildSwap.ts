/**
 * `--rebuild` builds the new index beside the old one and swaps it in by renaming, so the old
 * index answers queries until the new one is complete, and a rebuild that is cancelled, crashes
 * or is killed leaves it as it was. The folders, for an index at `<dir>`:
 * - `<dir>.rebuild`: the index being built. A rebuild cut short leaves it; the next `--rebuild`
 *   carries on with it (like any index run, finished documents are skipped), or starts it afresh
 *   if it cannot be opened.
 * - `<dir>.previous`: the old index for the instant between the two renames of the swap.
 * Only a writer holding the lock (writerLock.ts) calls these.
 */
import { readdir, rename, stat } from 'node:fs/promises';
import { CHUNKS_TABLE, DOCUMENTS_TABLE, META_FILE } from './schema';
import { IndexStoreError } from './errors';
import { removeIndexDir } from './indexFiles';

export function rebuildDirOf(dbDir: string): string {
  return `${dbDir}.rebuild`;
}

export function previousDirOf(dbDir: string): string {
  return `${dbDir}.previous`;
}

/**
 * Finishes or undoes a swap that was interrupted between its steps: the old index comes back
 * if the new one never arrived; a leftover old index is deleted once the new one is in place.
 */
export async function recoverInterruptedSwap(dbDir: string): Promise<void> {
  const previous = previousDirOf(dbDir);
  if (!(await exists(previous))) return;
  if (await exists(dbDir)) await removeIndexDir(previous);
  else await rename(previous, dbDir);
}

/** Refuses a `--rebuild` that would replace a folder that is not an index (`--db` pointing at the wrong place). */
export async function assertReplaceable(dbDir: string): Promise<void> {
  const entries = await readdir(dbDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (entries === null || entries.length === 0) return;
  if (!entries.includes(META_FILE) && !entries.includes(`${CHUNKS_TABLE}.lance`) && !entries.includes(`${DOCUMENTS_TABLE}.lance`)) {
    throw new IndexStoreError(`refusing to replace ${dbDir}: it does not look like an index folder`, 'index-write', dbDir);
  }
}

/** Puts the completed index built in `<dir>.rebuild` in place of `<dir>`, then deletes the old one. */
export async function swapInRebuilt(dbDir: string): Promise<void> {
  const built = rebuildDirOf(dbDir);
  const previous = previousDirOf(dbDir);
  const hadOld = await exists(dbDir);
  if (hadOld) await rename(dbDir, previous);
  await rename(built, dbDir);
  if (hadOld) await removeIndexDir(previous);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}
