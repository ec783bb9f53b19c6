/**
 * What a Zotero library's paper library is built from, kept beside its index
 * (`papers-snapshot.json`): each indexed document's path with Zotero's fields over the PDF's, its
 * page labels and marks, and the entries of items without a PDF (zoteroPapers.ts
 * `zoteroLibraryInputs`). A process that searches the library reads this one file instead of the
 * index's document and paper-field rows from LanceDB and `library.json` (4 MB for 5,000 items).
 * Used only while the index is in the state it was made at (indexState.ts) and under the rules
 * that made it (a version number given by the caller, zoteroPapers.ts); any other state or rules
 * (a file kept by an older release, which held a hash there) is built the long way and kept again. Written in the index folder, never in the library.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LibraryDocument } from '../papers/bib/attach';
import type { BibEntry } from '../papers/bib/entry';
import { keepFile } from './indexState';

export const PAPERS_SNAPSHOT_FILE = 'papers-snapshot.json';

/** The inputs of a Zotero library's paper library (core/papers `buildLibrary`). */
export interface ZoteroLibraryInputs {
  /** The data directory. */
  root: string;
  documents: LibraryDocument[];
  /** Items without a PDF, as entries (a draft's key still resolves to them). */
  entries: BibEntry[];
}

interface Snapshot extends ZoteroLibraryInputs {
  rules: number;
  state: string;
}

/** The inputs kept for this state of the index under these rules, or null. */
export function readPapersSnapshot(dbDir: string, state: string, rules: number): ZoteroLibraryInputs | null {
  try {
    const kept = JSON.parse(readFileSync(join(dbDir, PAPERS_SNAPSHOT_FILE), 'utf8')) as Partial<Snapshot>;
    if (kept.rules !== rules || kept.state !== state || typeof kept.root !== 'string' || !Array.isArray(kept.documents) || !Array.isArray(kept.entries))
      return null;
    return { root: kept.root, documents: kept.documents, entries: kept.entries };
  } catch {
    return null;
  }
}

/** `state`: the index's state taken before the inputs were read (a later change then makes the file stale, never wrong). */
export function keepPapersSnapshot(dbDir: string, state: string, rules: number, inputs: ZoteroLibraryInputs): void {
  keepFile(join(dbDir, PAPERS_SNAPSHOT_FILE), JSON.stringify({ rules, state, ...inputs } satisfies Snapshot));
}
