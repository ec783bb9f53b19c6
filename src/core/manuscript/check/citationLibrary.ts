/**
 * The paper library (src/core/papers/paperLibrary.ts) as the check's port: a key resolves to the
 * document its bib entry is attached to (the first, when two PDFs claim one entry), and a suggested
 * document is named by its record's citekey, and its pages by their printed labels.
 */
import { paperName } from '../../citations/citationLabel';
import type { PaperLibrary } from '../../papers/paperLibrary';
import type { CitationLibrary } from './citationCheck';

export function citationLibraryOf(library: PaperLibrary): CitationLibrary {
  return {
    resolveKey(key) {
      const [path] = library.pathsOfKey(key);
      return path === undefined ? null : { path };
    },
    keyForPath: (path) => library.records.get(path)?.citekey?.value ?? null,
    pageLabel: (path, page) => library.pageLabel(path, page),
    nameOf: (path) => paperName(library.ref(path)),
  };
}
