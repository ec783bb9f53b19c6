/** A folder the CLI searches: a workspace folder (`<folder>`, `--folder DIR`) or a library (`--library DIR`). */
import type { LibrarySource } from '../core/library';

export interface CliFolder {
  /** Absolute path of the folder. */
  path: string;
  /** Prefix of its documents' paths when there are several folders. */
  label: string;
  dbDir: string;
  /** Seconds between a shared index's checks for new versions; null for a local index (read as opened). */
  refreshSeconds: number | null;
  /** A library (`--library DIR`, or a Zotero data directory given as the folder): its index is in the user's cache folder (./libraries.ts). */
  library?: LibrarySource;
}
