/**
 * What can be done to an index's files without opening it: read its meta file, verify its
 * checksums (a damaged index must still be verifiable), delete it to build it again.
 */
import { readdir, rm } from 'node:fs/promises';
import { CHUNKS_TABLE, DOCUMENTS_TABLE, META_FILE } from './schema';
import type { IndexMeta } from './indexStore';
import { IndexMissingError, IndexStoreError } from './errors';
import { verifyChecksums, type VerifyReport } from './checksums';
import { readMeta } from './meta';
import { localSidecar, type IndexSidecar } from './sidecar';
import { isObjectStoreUri } from './objectStore/location';
import { objectSidecar } from './objectStore/objectSidecar';

/** The meta file of the index at a folder or URI; null when there is none. */
export async function readIndexMeta(location: string): Promise<IndexMeta | null> {
  return sidecarOf(location).readMeta();
}

export function sidecarOf(location: string): IndexSidecar {
  return isObjectStoreUri(location) ? objectSidecar(location) : localSidecar(location);
}

/**
 * Deletes an index folder so it can be recreated. Refuses a folder that does not look like an
 * index (no meta file and no table folders): `--db` pointing at the wrong place must not wipe it.
 */
export async function removeIndexDir(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (entries === null) return;
  const ours = entries.length === 0 || entries.includes(META_FILE) || entries.includes(`${CHUNKS_TABLE}.lance`) || entries.includes(`${DOCUMENTS_TABLE}.lance`);
  if (!ours) throw new IndexStoreError(`refusing to delete ${dir}: it does not look like an index folder`, 'index-write', dir);
  await rm(dir, { recursive: true, force: true });
}

/**
 * Hashes every file of the index at `dir` against the checksums its meta file records, without
 * opening it (a damaged index must still be verifiable). `report` is null for an index made
 * before checksums were recorded: one index run records them.
 */
export async function verifyIndex(dir: string): Promise<{ report: VerifyReport | null }> {
  const meta = await readMeta(dir);
  if (!meta) throw new IndexMissingError(dir);
  return { report: meta.checksums ? await verifyChecksums(dir, meta.checksums) : null };
}
