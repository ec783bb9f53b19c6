/**
 * Several folders searched as one: a multi-root VS Code workspace, or the CLI's `--folder`. Each
 * folder keeps its own index (incremental runs, writer lock and integrity checks stay per folder);
 * one retriever fans every search out to the folders' retrievers and merges the lists.
 *
 * Paths name the folder: with more than one folder, every path the retriever hands out (hits,
 * document listings) is `<label>/<path in that folder>`, and every path it is given back (a search
 * filter, a scope) is read the same way. So citations, scopes and "the question names this
 * document" work unchanged on top of it, and two folders' `README.md` stay two documents. With one
 * folder nothing is prefixed: the single-folder case is exactly what it was.
 */
import { reciprocalRankFusion } from './fusion';
import type { LinkedEntry } from '../../papers/references/graph';
import type { Absence, CitingPassages, DocumentInfo, IndexStats, LibraryPaper, NamedPaper, Retriever, SearchHit, SearchOptions } from '../types';

export interface FolderRetriever {
  /** What paths are prefixed with (see folderLabels). */
  label: string;
  retriever: Retriever;
}

/**
 * Labels for folders from their names (a folder's base name, or a workspace folder's name): no
 * `/` (it would split a path in the wrong place), never empty, and unique (`docs`, `docs-2`).
 */
export function folderLabels(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = name.replace(/[\\/]+/g, '-').trim() || 'folder';
    let label = base;
    for (let n = 2; taken.has(label); n++) label = `${base}-${n}`;
    taken.add(label);
    return label;
  });
}

/** `notes/x.md` of folder `docs` → `docs/notes/x.md`. */
export function inFolder(label: string, path: string): string {
  return `${label}/${path}`;
}

/** `docs/notes/x.md` → folder `docs`, path `notes/x.md`; null when no label matches. */
export function splitFolderPath(path: string, labels: readonly string[]): { label: string; path: string } | null {
  const slash = path.indexOf('/');
  if (slash <= 0) return null;
  const label = path.slice(0, slash);
  return labels.includes(label) ? { label, path: path.slice(slash + 1) } : null;
}

/**
 * One retriever over several folders. A search asks every folder (only the folders its `paths`
 * name, when it names some) for `k` hits and merges the lists by reciprocal rank fusion, equal
 * weights: BM25 scores from two indexes rest on different term statistics and are not comparable
 * (the reason search.ts fuses its own lists by rank). Each hit keeps its score from its own folder.
 * A folder that fails fails the search (a damaged index must say so, not answer from the others).
 */
export function multiFolderRetriever(folders: readonly FolderRetriever[]): Retriever {
  if (folders.length === 1) return folders[0]!.retriever;
  const labels = folders.map((f) => f.label);
  return {
    async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
      const wanted = options.paths?.length ? byFolder(options.paths, labels) : null;
      const targets = folders.filter((f) => !wanted || wanted.has(f.label));
      const lists = await Promise.all(
        targets.map(async ({ label, retriever }) => {
          const hits = await retriever.search(query, { ...options, ...(wanted ? { paths: wanted.get(label)! } : {}) });
          return hits.map((hit) => ({ ...hit, id: inFolder(label, hit.id), path: inFolder(label, hit.path) }));
        }),
      );
      const fused = reciprocalRankFusion(
        lists.map((items) => ({ items, weight: 1 })),
        (hit) => hit.id,
      );
      return fused.slice(0, Math.max(1, options.k ?? 10)).map(({ item }) => item);
    },

    // Absent only when every folder says so about its own hits (its words' rarity is its own);
    // the verdict carried is the one closest to an answer (the least sure "absent").
    ...(folders.every((f) => f.retriever.assessAbsence)
      ? {
          async assessAbsence(query: string, hits: readonly SearchHit[]): Promise<Absence> {
            const verdicts = await Promise.all(
              folders.map(({ label, retriever }) => {
                const own = hits.flatMap((hit) => {
                  const split = splitFolderPath(hit.path, labels);
                  return split?.label === label ? [{ ...hit, id: hit.id.slice(label.length + 1), path: split.path }] : [];
                });
                return retriever.assessAbsence!(query, own);
              }),
            );
            const present = verdicts.filter((v) => !v.absent).sort((a, b) => b.confidence - a.confidence);
            return present[0] ?? [...verdicts].sort((a, b) => a.confidence - b.confidence)[0]!;
          },
        }
      : {}),

    async namedPapers(query: string): Promise<NamedPaper[]> {
      const lists = await Promise.all(
        folders.map(async ({ label, retriever }) => ((await retriever.namedPapers?.(query)) ?? []).map((p) => ({ ...p, path: inFolder(label, p.path) }))),
      );
      return lists.flat().sort((a, b) => b.strength - a.strength);
    },

    async papers(): Promise<LibraryPaper[]> {
      const lists = await Promise.all(
        folders.map(async ({ label, retriever }) => ((await retriever.papers?.()) ?? []).map((p) => ({ ...p, path: inFolder(label, p.path) }))),
      );
      return lists.flat();
    },

    async citingPassages(question: string, options: { named?: readonly string[]; signal?: AbortSignal } = {}): Promise<CitingPassages | null> {
      // Each folder's lists link to its own papers: asked one by one, paths labelled as search labels them.
      const found = await Promise.all(
        folders.map(async ({ label, retriever }) => {
          const named = (options.named ?? []).flatMap((path) => {
            const split = splitFolderPath(path, labels);
            return split?.label === label ? [split.path] : [];
          });
          const own = await retriever.citingPassages?.(question, { ...options, named });
          return own
            ? {
                ...own,
                citing: own.citing.map((p) => inFolder(label, p)),
                hits: own.hits.map((hit) => ({ ...hit, id: inFolder(label, hit.id), path: inFolder(label, hit.path) })),
              }
            : null;
        }),
      );
      const some = found.filter((f): f is CitingPassages => f !== null);
      if (some.length === 0) return null;
      return { works: [...new Set(some.flatMap((f) => f.works))], citing: some.flatMap((f) => f.citing), hits: some.flatMap((f) => f.hits) };
    },

    async citationsIn(path: string, options: { signal?: AbortSignal } = {}): Promise<LinkedEntry[] | null> {
      // A folder's lists link to its own papers: the links come back labelled as its paths are.
      const split = splitFolderPath(path, labels);
      const folder = split && folders.find((f) => f.label === split.label);
      const entries = folder ? await folder.retriever.citationsIn?.(split.path, options) : null;
      return entries ? entries.map((e) => ({ ...e, library: e.library === null ? null : inFolder(split!.label, e.library) })) : null;
    },

    async listDocuments(): Promise<DocumentInfo[]> {
      const lists = await Promise.all(
        folders.map(async ({ label, retriever }) => (await retriever.listDocuments()).map((d) => ({ ...d, path: inFolder(label, d.path) }))),
      );
      return lists.flat();
    },

    async stats(): Promise<IndexStats> {
      return sumStats(await Promise.all(folders.map((f) => f.retriever.stats())));
    },
  };
}

/** The indexes' stats added up: documents and chunks summed, the latest run, the models named once each. */
export function sumStats(all: readonly IndexStats[]): IndexStats {
  if (all.length === 1) return all[0]!;
  const models = [...new Set(all.map((s) => s.embeddingModel).filter((m): m is string => m !== null))];
  const times = all
    .map((s) => s.lastIndexedAt)
    .filter((t): t is string => t !== null)
    .sort();
  return {
    documents: all.reduce((n, s) => n + s.documents, 0),
    chunks: all.reduce((n, s) => n + s.chunks, 0),
    embeddingModel: models.length > 0 ? models.join(', ') : null,
    dimension: all.find((s) => s.dimension !== null)?.dimension ?? null,
    lastIndexedAt: times.at(-1) ?? null,
  };
}

/** Filter paths grouped by folder, without the label; a path naming no folder matches nothing. */
function byFolder(paths: readonly string[], labels: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    const split = splitFolderPath(path, labels);
    if (split) groups.set(split.label, [...(groups.get(split.label) ?? []), split.path]);
  }
  return groups;
}
