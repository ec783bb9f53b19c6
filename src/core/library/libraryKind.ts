/** What kind of library a folder is: a Zotero data directory (it holds `zotero.sqlite`) or a folder of papers. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ZOTERO_DATABASE } from './zotero';

export type LibraryKind = 'zotero' | 'folder';

export function libraryKind(root: string): LibraryKind {
  return existsSync(join(root, ZOTERO_DATABASE)) ? 'zotero' : 'folder';
}
