/**
 * A library as a source of answers beside a workspace: its index (in the cache folder, or the one
 * given), its papers (a Zotero library's records, or a folder's bib files and PDFs), and the
 * documents a collection or tag scopes to. Hosts add it to a session as a source
 * (core/session `libraryAsSource`): each source is searched from its own index and the lists merged.
 */
import { basename, resolve } from 'node:path';
import type { IndexStore, PaperSource } from '../index';
import type { Logger } from '../ports';
import { libraryIndexDir } from './cacheDir';
import { libraryKind, type LibraryKind } from './libraryKind';
import { readLibraryRecord, type LibraryRecord } from './libraryRecord';
import { itemsInScope, type ZoteroScope } from './zotero';
import { zoteroPaperSource } from './zoteroPapers';

export interface LibrarySource {
  root: string;
  kind: LibraryKind;
  dbDir: string;
  /** What its paths are prefixed with beside other folders (the folder's name; `zotero` for a Zotero data directory named `Zotero`). */
  name: string;
  /** Its papers, for a Zotero library (Zotero's records); absent: the folder's own (bib files and PDFs). */
  papersOf?: (store: IndexStore) => PaperSource;
}

/** The library at `root` as a source: where its index is and how its papers are known. */
export function librarySource(root: string, options: { dbDir?: string; logger?: Logger } = {}): LibrarySource {
  const absolute = resolve(root);
  const kind = libraryKind(absolute);
  const dbDir = options.dbDir ?? libraryIndexDir(absolute);
  return {
    root: absolute,
    kind,
    dbDir,
    name: basename(absolute),
    ...(kind === 'zotero' ? { papersOf: (store: IndexStore) => zoteroPaperSource(store, dbDir, options.logger) } : {}),
  };
}

/** The library record of a Zotero library's index, or null (a folder of papers, or not indexed yet). */
export function libraryRecordOf(source: LibrarySource): Promise<LibraryRecord | null> {
  return source.kind === 'zotero' ? readLibraryRecord(source.dbDir) : Promise.resolve(null);
}

/**
 * The document paths (PDFs, annotations, notes) of the items in a collection (subcollections
 * included) or with a tag. Throws ScopeError naming the choices when the name matches none.
 */
export function scopedPaths(record: LibraryRecord, scope: ZoteroScope): string[] {
  const keys = new Set(itemsInScope(record.items, record.collections, scope).map((i) => i.key));
  return record.items
    .filter((item) => keys.has(item.key))
    .flatMap((item) => [...item.pdfs.flatMap((p) => [p.path, ...(p.annotationsPath ? [p.annotationsPath] : [])]), ...(item.notesPath ? [item.notesPath] : [])]);
}
