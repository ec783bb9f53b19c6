/**
 * The index's document paths, for the search steps that match a question against document names
 * (the named-document list, candidates.ts; the absence signal's names, termLookup.ts). The list
 * changes only when indexing runs; re-reading it for every query would cost a table scan per
 * search, so a retriever reads it once for both steps and keeps it for a few seconds.
 */
import type { IndexStore } from '../store/indexStore';

const DOCUMENT_LIST_TTL_MS = 5000;

export type DocumentList = () => Promise<string[]>;

export function cachedDocumentList(store: IndexStore): DocumentList {
  let listed: { at: number; paths: Promise<string[]> } | null = null;
  return () => {
    if (!listed || performance.now() - listed.at > DOCUMENT_LIST_TTL_MS) {
      const paths = store.documents().then((docs) => docs.map((d) => d.path));
      listed = { at: performance.now(), paths };
      paths.catch(() => (listed = null));
    }
    return listed.paths;
  };
}
