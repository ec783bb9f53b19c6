/** The reference lists an index stores (store/paperReferenceTable.ts), each checked for shape before use. */
import { checkedReferences } from '../../papers/references/stored';
import type { PaperReferences } from '../../papers/references/types';
import type { IndexStore } from '../store/indexStore';

/** Every stored reference list that passes its shape check, by path. */
export async function readStoredReferences(store: IndexStore, path?: string): Promise<Map<string, PaperReferences>> {
  const out = new Map<string, PaperReferences>();
  for (const row of await store.paperReferences.readAll(path)) {
    const references = checkedReferences(row.references);
    if (references) out.set(row.path, references);
  }
  return out;
}
