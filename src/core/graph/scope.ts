/**
 * Retrieval scoped the way users ask: "#file:notes/x.md", an attached folder, "this document".
 * The host passes the referenced files and folders (relative paths) as `TurnInput.scope`; every
 * search of the turn (research, re-queries, clarification grounding, the extractive answer) then
 * goes through `scopeRetriever`, so no node can reach a document outside the scope by forgetting
 * a filter. A folder entry covers every indexed document below it.
 */
import type { DocumentInfo, Retriever, SearchOptions } from '../index/types';

/** `TurnResult.problem.code` when none of the referenced documents is indexed. */
export const SCOPE_NOT_INDEXED = 'scope-not-indexed';

export interface ResolvedScope {
  /** Indexed documents the turn may search. */
  documents: string[];
  /** Requested entries (files or folders) that matched at least one indexed document. */
  matched: string[];
  /** Requested entries that matched no indexed document: not indexed (yet). */
  notIndexed: string[];
  /** Documents in the whole index (0: nothing is indexed at all). */
  indexed: number;
}

/** `./notes/`, `notes\x.md` → `notes`, `notes/x.md`; `.` and `` stand for the whole index. */
export function normaliseScopeEntry(entry: string): string {
  const posix = entry.replace(/\\/g, '/').replace(/\/+/g, '/');
  const trimmed = posix.replace(/^(\.\/)+/, '').replace(/\/$/, '');
  return trimmed === '.' ? '' : trimmed;
}

export function resolveScope(entries: readonly string[], documents: readonly DocumentInfo[]): ResolvedScope {
  const wanted = [...new Set(entries.map(normaliseScopeEntry))];
  const inScope = new Set<string>();
  const matched: string[] = [];
  const notIndexed: string[] = [];
  for (const entry of wanted) {
    const hits = documents.filter((d) => entry === '' || d.path === entry || d.path.startsWith(`${entry}/`));
    for (const d of hits) inScope.add(d.path);
    (hits.length > 0 ? matched : notIndexed).push(entry === '' ? '.' : entry);
  }
  return { documents: documents.map((d) => d.path).filter((p) => inScope.has(p)), matched, notIndexed, indexed: documents.length };
}

export interface ScopedRetriever {
  retriever: Retriever;
  /** The scope resolved against the index (listed once per turn). */
  resolved(): Promise<ResolvedScope>;
}

/**
 * A retriever that only sees the scope's documents. A search that asks for paths outside the
 * scope gets nothing rather than being widened: the user asked about these documents only.
 */
export function scopeRetriever(inner: Retriever, entries: readonly string[]): ScopedRetriever {
  let listing: Promise<{ all: DocumentInfo[]; scope: ResolvedScope }> | null = null;
  const list = () => (listing ??= inner.listDocuments().then((all) => ({ all, scope: resolveScope(entries, all) })));
  return {
    resolved: async () => (await list()).scope,
    retriever: {
      async search(query: string, options: SearchOptions = {}) {
        const { scope } = await list();
        const allowed = new Set(scope.documents);
        const paths = options.paths?.length ? options.paths.filter((p) => allowed.has(p)) : scope.documents;
        if (paths.length === 0) return [];
        return inner.search(query, { ...options, paths });
      },
      async listDocuments() {
        const { all, scope } = await list();
        const allowed = new Set(scope.documents);
        return all.filter((d) => allowed.has(d.path));
      },
      stats: () => inner.stats(),
      // Word rarity is judged over the whole index: the scope narrows what is searched, not the language.
      ...(inner.assessAbsence ? { assessAbsence: inner.assessAbsence.bind(inner) } : {}),
    },
  };
}

/** A Zotero scope in the user's words: "your Thesis / Chapter 2 collection", "your papers tagged to-read", both. */
export function librarySearchName(scope: { collection?: string; tag?: string }): string {
  const { collection, tag } = scope;
  if (collection !== undefined && tag !== undefined) return `the papers tagged ${tag} in your ${collection} collection`;
  if (collection !== undefined) return `your ${collection} collection`;
  return `your papers tagged ${tag ?? ''}`;
}

/** "notes/x.md, papers/" for a header; long scopes are cut with a count. */
export function describeScope(entries: readonly string[], max = 5): string {
  const shown = entries.slice(0, max).join(', ');
  return entries.length > max ? `${shown} and ${entries.length - max} more` : shown;
}

/**
 * What the answer must add under a scope: the references that are not indexed, and, when nothing
 * was cited, which documents were searched (so "not found" is not read as "not in my documents").
 */
export function scopeNote(scope: ResolvedScope, cited: boolean): string {
  const lines: string[] = [];
  if (scope.notIndexed.length > 0) lines.push(`Not indexed yet: ${describeScope(scope.notIndexed)} (index it to search it).`);
  if (!cited && scope.documents.length > 0) lines.push(`Searched only: ${describeScope(scope.documents)}.`);
  return lines.map((line) => `_${line}_`).join('\n\n');
}
