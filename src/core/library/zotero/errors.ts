/** Why a Zotero data directory could not be read. Callers branch on `code`, never on message text. */

export type ZoteroReadErrorCode =
  /** No `zotero.sqlite` in the folder (not a Zotero data directory, or a drive no longer mounted). */
  | 'zotero-missing'
  /** The file could not be read (permissions, an I/O error). */
  | 'zotero-unreadable'
  /** Not a SQLite database, truncated, or failing SQLite's check on every try. */
  | 'zotero-corrupt'
  /** A `version` row this reader does not know, with tables or columns it needs missing. */
  | 'zotero-schema';

export class ZoteroReadError extends Error {
  constructor(
    message: string,
    readonly code: ZoteroReadErrorCode,
    /** The data directory. */
    readonly dataDir: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** True for a ZoteroReadError from any bundle (decided by `code`). */
export function isZoteroReadError(error: unknown): error is ZoteroReadError {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('zotero-');
}
