/**
 * What a session searches: sources, each a set of documents with an index of its own. A
 * workspace folder is one (its index where the host keeps it); so is a library outside the
 * workspace (a folder of papers, a Zotero data directory), whose index lives in the user's cache
 * folder. Every source is searched the same way; they differ in where their papers' records come
 * from (`papersOf`).
 */
import { inFolder, splitFolderPath, type IndexStore, type PaperSource } from '../index';

export type SourceKind = 'folder' | 'zotero';

export interface Source {
  kind: SourceKind;
  /** Prefix of its documents' paths beside other sources (`<label>/<path>`); unique in a session (core/index folderLabels). */
  label: string;
  /** The documents' folder on disk (a Zotero library: its data directory). */
  root: string;
  /** Its index: a folder, or an object-store URI for a shared index. */
  dbDir: string;
  /** A shared index: seconds between checks for the writer's new versions; null or absent for a local one. */
  refreshSeconds?: number | null;
  /**
   * Where its papers' records come from when not from the folder's bib files and PDFs (a Zotero
   * library's records). Absent: the folder's own (core/index/papers/paperSource.ts).
   */
  papersOf?: (store: IndexStore) => PaperSource;
}

/** A source's path as the session names it: bare with one source, `<label>/<path>` with several. */
export function sourcePath(sources: readonly Source[], source: Source, path: string): string {
  return sources.length > 1 ? inFolder(source.label, path) : path;
}

/** The source and its own path for a path the session named; null when no source holds it. */
export function locate(sources: readonly Source[], path: string): { source: Source; path: string } | null {
  if (sources.length === 1) return { source: sources[0]!, path };
  const split = splitFolderPath(
    path,
    sources.map((s) => s.label),
  );
  const source = split && sources.find((s) => s.label === split.label);
  return source ? { source, path: split.path } : null;
}
