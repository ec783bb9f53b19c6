/** Typed failures of the index store. Callers branch on `code` / `instanceof`, never on message text. */

export type IndexStoreErrorCode =
  | 'index-missing'
  | 'index-corrupt'
  | 'index-version'
  | 'index-write'
  | 'index-locked'
  /** A change of embedder failed; the previous index is as it was (pipeline/embedderSwitch.ts). */
  | 'index-switch-failed'
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

/**
 * A change of embedder (or a `--rebuild`) built beside the index failed before the swap: the index
 * is as it was and still answers. The cause (a model server gone, a refused reply) is named.
 */
export class IndexSwitchFailedError extends IndexStoreError {
  constructor(
    dir: string,
    /** `switching from X to Y`, `rebuilding`: what was under way. */
    what: string,
    /** The previous index as the user knows it: 'full-text only', 'ollama:nomic-embed-text'. */
    previous: string,
    cause: Error,
  ) {
    const action = (cause as { action?: unknown }).action;
    super(
      `${what} failed: ${cause.message}${typeof action === 'string' ? ` (${action})` : ''}; the index at ${dir} is unchanged and still answers (${previous})`,
      'index-switch-failed',
      dir,
      { cause },
    );
  }
}
