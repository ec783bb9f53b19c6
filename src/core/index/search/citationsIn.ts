/**
 * One library paper's in-text citations, each entry linked to the library (Retriever.citationsIn):
 * what the citation check reads to tell whom a paper credits for a sentence. The stored list of
 * that one PDF is read; the library's link index is built once per library read (the paper
 * source hands back one object until the library changes).
 */
import type { PaperSource } from '../papers/paperSource';
import { readStoredReferences } from '../papers/storedReferences';
import type { LinkedEntry } from '../../papers/references/graph';
import { libraryIndex, type LibraryIndex } from '../../papers/references/link';
import type { PaperLibrary } from '../../papers/paperLibrary';
import type { IndexStore } from '../store/indexStore';

const INDEXES = new WeakMap<PaperLibrary, LibraryIndex>();

export async function citationsIn(store: IndexStore, papers: PaperSource | undefined, path: string, signal?: AbortSignal): Promise<LinkedEntry[] | null> {
  const references = (await readStoredReferences(store, path)).get(path);
  if (!references) return null;
  const library = papers ? await papers.current(signal) : null;
  let index = library ? INDEXES.get(library) : undefined;
  if (library && !index) INDEXES.set(library, (index = libraryIndex(library.records.values())));
  return references.entries.map((entry) => ({
    ...entry,
    library: index?.linkOf(entry) ?? null,
    mentions: references.mentions.filter((m) => m.entry === entry.index),
  }));
}
