/**
 * The engine's half of a chat scoped to a Zotero collection or tag (../chat/libraryScope.ts): each
 * Zotero library's record (core/library, `library.json` beside its index) gives the documents of
 * the items in the collection (subcollections included) or with the tag, named as the turn's
 * scope names them beside the other folders. Plain Node, no `vscode` import.
 */
import { inFolder } from '../../core/index';
import { readLibraryRecord, ScopeError, scopedPaths, type ZoteroScope } from '../../core/library';
import { itemsInScope } from '../../core/library/zotero';
import type { EngineFolder, EngineLibraryScope } from './contract';

export async function libraryScope(folders: ReadonlyArray<EngineFolder>, scope: ZoteroScope | null): Promise<EngineLibraryScope> {
  const found: EngineLibraryScope = { paths: [], items: 0, problems: [], collections: [], tags: [] };
  const zotero = folders.filter((f) => f.library === 'zotero');
  if (zotero.length === 0) found.problems.push('collections and tags come from a Zotero library, and none is added (research.library.folders)');
  for (const folder of zotero) {
    const record = await readLibraryRecord(folder.dbDir);
    if (!record) {
      found.problems.push(`the library ${folder.label} (${folder.root}) is not indexed yet`);
      continue;
    }
    found.collections.push(...record.collections.map((c) => c.path));
    found.tags.push(...record.items.flatMap((item) => item.tags));
    if (!scope) continue;
    try {
      found.items += itemsInScope(record.items, record.collections, scope).length;
      found.paths.push(...scopedPaths(record, scope).map((path) => (folders.length > 1 ? inFolder(folder.label, path) : path)));
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
      found.problems.push(error.message);
    }
  }
  const sorted = (list: string[]) => [...new Set(list)].sort((a, b) => a.localeCompare(b));
  return { ...found, collections: sorted(found.collections), tags: sorted(found.tags) };
}
