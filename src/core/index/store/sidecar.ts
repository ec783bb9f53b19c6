/**
 * What an index keeps beside LanceDB's tables, wherever it lives: the meta file, the README, the
 * checksums of its files. A local folder does all of it (below); an index on object storage
 * (objectStore/objectSidecar.ts) keeps meta and README as objects and no checksums of its own.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import type { Connection } from '@lancedb/lancedb';
import { describeMismatch, quickCheck, recordChecksums, recordIsBehind, type ChecksumMismatch, type IndexChecksums } from './checksums';
import { IndexCorruptError, IndexMissingError, type IndexStoreError } from './errors';
import { readMeta, writeMeta } from './meta';
import { writeIndexReadme } from './readme';
import type { IndexMeta } from './indexStore';

export interface IndexSidecar {
  /** The folder or URI: what LanceDB connects to and messages name. */
  readonly location: string;
  /** True on object storage: integrity is LanceDB's manifests, no local checksums. */
  readonly onObjectStore: boolean;
  /** Makes sure the place exists (creating a local folder when `create`), else IndexMissingError; reaches a store (typed errors). */
  prepare(create: boolean): Promise<void>;
  readMeta(): Promise<IndexMeta | null>;
  writeMeta(meta: IndexMeta): Promise<void>;
  writeReadme(): Promise<void>;
  /** The tables there, at least those of `names` that exist (LanceDB's own listing needs a store that lists common prefixes). */
  existingTables(db: Connection, names: readonly string[]): Promise<string[]>;
  /** True when nothing is there yet (a new index may be made in it). */
  isEmpty(tableNames: string[]): Promise<boolean>;
  /**
   * Before LanceDB reads a byte: the recorded checksums' sizes (local only). `recordBehind`: a
   * table has a version the record does not name (checksums.ts, recordIsBehind).
   */
  checkBeforeOpen(meta: IndexMeta): Promise<{ recordBehind: boolean }>;
  /** The files' checksums now, or null where none are recorded. */
  checksumsNow(previous: IndexChecksums | null | undefined): Promise<{ checksums: IndexChecksums; mismatches: ChecksumMismatch[] } | null>;
  /** The error for LanceDB failing to connect or list tables. */
  openFailure(detail: string, cause: unknown): IndexStoreError;
}

export function localSidecar(dir: string): IndexSidecar {
  return {
    location: dir,
    onObjectStore: false,
    async prepare(create) {
      const exists = await stat(dir).then(
        (s) => s.isDirectory(),
        () => false,
      );
      if (exists) return;
      if (!create) throw new IndexMissingError(dir);
      await mkdir(dir, { recursive: true });
    },
    readMeta: () => readMeta(dir),
    writeMeta: (meta) => writeMeta(dir, meta),
    writeReadme: () => writeIndexReadme(dir),
    // Every table in the folder: a foreign one also means "not an empty folder, not our index".
    existingTables: (db) => db.tableNames(),
    isEmpty: async () => (await readdir(dir)).length === 0,
    async checkBeforeOpen(meta) {
      if (!meta.checksums) return { recordBehind: false };
      // Damaged files can panic LanceDB's reader mid-query.
      const mismatch = await quickCheck(dir, meta.checksums);
      if (mismatch) throw new IndexCorruptError(dir, describeMismatch(mismatch));
      return { recordBehind: await recordIsBehind(dir, meta.checksums) };
    },
    checksumsNow: (previous) => recordChecksums(dir, previous),
    openFailure: (detail, cause) => new IndexCorruptError(dir, detail, { cause }),
  };
}
