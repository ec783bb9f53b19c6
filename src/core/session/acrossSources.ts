/**
 * Links across sources: an entry of one source's paper that no paper of its own source is (a
 * workspace PDF citing a paper kept in the user's Zotero library) is linked to the other sources'
 * papers by the same rules as within a source (papers/references/link.ts). Precision first: only
 * when exactly one other source has the paper; its own source's link always comes first. Paths
 * come back as the session names them (`<label>/<path>`).
 */
import { IndexStoreError, type OpenedCitationGraph } from '../index';
import { libraryIndex, type LibraryIndex } from '../papers/references/link';
import type { ReferenceEntry } from '../papers/references/types';
import { sourcePath, type Source } from './sources';

const INDEXES = new WeakMap<OpenedCitationGraph, LibraryIndex>();

/** The other sources' paper an entry is, as the session names it, or null. Sources without an index are skipped. */
export async function acrossSources(
  sources: readonly Source[],
  source: Source,
  graphOf: (source: Source) => Promise<OpenedCitationGraph>,
): Promise<(entry: ReferenceEntry) => { path: string; source: Source; graph: OpenedCitationGraph; own: string } | null> {
  const others = await Promise.all(
    sources
      .filter((s) => s !== source)
      .map(async (other) => {
        try {
          const graph = await graphOf(other);
          let index = INDEXES.get(graph);
          if (!index) INDEXES.set(graph, (index = libraryIndex(graph.library.records.values())));
          return { source: other, graph, index };
        } catch (error) {
          if (error instanceof IndexStoreError) return null;
          throw error;
        }
      }),
  );
  const linkable = others.flatMap((o) => (o ? [o] : []));
  return (entry) => {
    const found = linkable.flatMap((o) => {
      const own = o.index.linkOf(entry);
      return own ? [{ path: sourcePath(sources, o.source, own), source: o.source, graph: o.graph, own }] : [];
    });
    return found.length === 1 ? found[0]! : null;
  };
}
