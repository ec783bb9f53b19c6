/**
 * A library outside the workspace as a session source (core/library): a Zotero data directory
 * (kind `zotero`: its papers are Zotero's records, it is indexed through Zotero's database) or a
 * folder of papers (kind `folder`), its index in the user's cache folder unless one is given.
 * Hosts add these beside their workspace folders; the session indexes and searches them as it
 * does any source.
 */
import { librarySource } from '../library';
import type { Logger } from '../ports';
import type { Source } from './sources';

export interface LibrarySourceOptions {
  /** Its prefix beside other sources; default the folder's name. */
  label?: string;
  /** Its index; default the user's cache folder (core/library libraryIndexDir). */
  dbDir?: string;
  /** Where a Zotero library's record problems go. */
  logger?: Logger;
}

export function libraryAsSource(root: string, options: LibrarySourceOptions = {}): Source {
  const library = librarySource(root, { ...(options.dbDir ? { dbDir: options.dbDir } : {}), ...(options.logger ? { logger: options.logger } : {}) });
  return {
    kind: library.kind,
    label: options.label ?? library.name,
    root: library.root,
    dbDir: library.dbDir,
    ...(library.papersOf ? { papersOf: library.papersOf } : {}),
  };
}
