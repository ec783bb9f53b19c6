/**
 * Several folders' paper libraries as one (a workspace and its libraries), paths named as the
 * multi-folder retriever names them (`<label>/<path>`, index/search/folders.ts), so a draft's
 * keys resolve to any of them and citations name the paper whichever index it is in. One folder:
 * its library as it is.
 */
import { inFolder, splitFolderPath } from '../index';
import type { PaperLibrary } from '../papers/paperLibrary';
import type { PaperRecord } from '../papers/record';

export function combinedLibrary(parts: ReadonlyArray<{ label: string; library: PaperLibrary }>): PaperLibrary {
  if (parts.length === 1) return parts[0]!.library;
  const labels = parts.map((p) => p.label);
  const byLabel = new Map(parts.map((p) => [p.label, p.library]));
  const records = new Map<string, PaperRecord>();
  const documents = new Set<string>();
  for (const { label, library } of parts) {
    for (const [path, record] of library.records) records.set(inFolder(label, path), { ...record, path: inFolder(label, path) });
    for (const path of library.documents) documents.add(inFolder(label, path));
  }
  const inPart = <T>(path: string, read: (library: PaperLibrary, path: string) => T, none: T): T => {
    const split = splitFolderPath(path, labels);
    return split ? read(byLabel.get(split.label)!, split.path) : none;
  };
  return {
    records,
    documents,
    entries: parts.flatMap((p) => p.library.entries),
    unattached: parts.flatMap((p) => p.library.unattached),
    problems: parts.flatMap((p) => p.library.problems),
    pathsOfKey: (key) => parts.flatMap(({ label, library }) => library.pathsOfKey(key).map((path) => inFolder(label, path))),
    namedBy: (question) =>
      parts
        .flatMap(({ label, library }) => library.namedBy(question).map((m) => ({ ...m, path: inFolder(label, m.path) })))
        .sort((a, b) => b.strength - a.strength),
    ref: (path) => inPart(path, (library, p) => library.ref(p), undefined),
    pageLabel: (path, page) => inPart(path, (library, p) => library.pageLabel(p, page), String(page)),
    versionOf: (path) => inPart(path, (library, p) => library.versionOf(p), null),
    isOwnWords: (path) => inPart(path, (library, p) => library.isOwnWords(p), false),
  };
}
