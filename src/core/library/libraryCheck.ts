/**
 * What re-checking an unchanged Zotero library needs, kept beside its index (`library-check.json`):
 * the database files' stamps as the last run read them, the item counts, and each indexed PDF's
 * file with the size and time its index row records. Made from `library.json` and the index's
 * document rows, under the index's state (indexState.ts): while that state is the same, a re-check
 * reads this small file and stats the files instead of parsing `library.json` (4 MB for 5,000
 * items) and opening LanceDB to read 5,000 rows. Any other state: not used (the caller checks the
 * long way and keeps a new one). Written in the index folder, never in the library.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LibraryRecord } from './libraryRecord';
import { indexStateKey, keepFile } from './indexState';
import type { DatabaseStamp } from './zotero';

export const LIBRARY_CHECK_FILE = 'library-check.json';
/** Bumped when the file's shape or meaning changes: an older file is not used. */
const FORMAT = 1;

export interface LibraryCheck {
  format: typeof FORMAT;
  /** The index's state it was made at (indexStateKey). */
  state: string;
  stamp: DatabaseStamp;
  betterBibtex: DatabaseStamp | null;
  items: { total: number; withPdf: number };
  /** Each PDF of the record: its file, and the size and time its index row records (null: no row). */
  pdfs: Array<[file: string, size: number | null, mtimeMs: number | null]>;
}

/** The check kept for the index's current state, or null (none, another state, unreadable). */
export function readLibraryCheck(dbDir: string): LibraryCheck | null {
  const state = indexStateKey(dbDir);
  if (!state) return null;
  try {
    const kept = JSON.parse(readFileSync(join(dbDir, LIBRARY_CHECK_FILE), 'utf8')) as Partial<LibraryCheck>;
    return kept.format === FORMAT && kept.state === state && Array.isArray(kept.pdfs) ? (kept as LibraryCheck) : null;
  } catch {
    return null;
  }
}

/** `state`: the index's state taken before `record` and `documents` were read (a later change then makes it stale, never wrong). */
export function libraryCheckOf(state: string, record: LibraryRecord, documents: ReadonlyArray<{ path: string; size: number; mtimeMs: number }>): LibraryCheck {
  const stored = new Map(documents.map((d) => [d.path, d]));
  return {
    format: FORMAT,
    state,
    stamp: record.stamp,
    betterBibtex: record.betterBibtex,
    items: { total: record.items.length, withPdf: record.items.filter((i) => i.pdfs.length > 0).length },
    pdfs: record.items.flatMap((item) =>
      item.pdfs.map((pdf): LibraryCheck['pdfs'][number] => {
        const row = stored.get(pdf.path);
        return [pdf.file, row?.size ?? null, row?.mtimeMs ?? null];
      }),
    ),
  };
}

export function keepLibraryCheck(dbDir: string, check: LibraryCheck): void {
  keepFile(join(dbDir, LIBRARY_CHECK_FILE), JSON.stringify(check));
}
