/** Typed failures of the index store. Callers branch on `code` / `instanceof`, never on message text. */

export type IndexStoreErrorCode =
  | 'index-missing'
  | 'index-corrupt'
  | 'index-version'
  | 'index-write'
  | 'index-locked'
  /** An index on object storage (objectStore/): credentials refused, no such bucket, store unreachable, other failure. */
  | 'store-auth'
  | 'store-bucket'
  | 'store-unreachable'
  | 'store-failed';

export class IndexStoreError extends Error {
  constructor(
    message: string,
    readonly code: IndexStoreErrorCode,
    readonly dir: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** No index at that folder yet. */
export class IndexMissingError extends IndexStoreError {
  constructor(dir: string, options?: { cause?: unknown }) {
    super(`no index at ${dir}: run \`index <folder>\` first`, 'index-missing', dir, options);
  }
}

/** The index folder exists but cannot be read as an index (damaged manifest, lost index files, ...). */
export class IndexCorruptError extends IndexStoreError {
  constructor(
    dir: string,
    /** What is wrong, e.g. which file no longer matches its checksum. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`index at ${dir} is damaged (${detail}): run \`index --rebuild\` to recreate it`, 'index-corrupt', dir, options);
  }
}

/** True for a damaged index, whichever bundle's class made the error (decided by `code`). */
export function isIndexDamage(error: unknown): error is IndexCorruptError {
  return error instanceof Error && (error as { code?: unknown }).code === 'index-corrupt';
}

/** The index was written by an incompatible version of this program. */
export class IndexVersionError extends IndexStoreError {
  constructor(dir: string, found: unknown, expected: number) {
    super(`index at ${dir} has schema version ${String(found)}, this program needs ${expected}: run \`index --rebuild\``, 'index-version', dir);
  }
}
