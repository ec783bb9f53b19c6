/**
 * A library index's state as a few stats, for the files kept beside it (libraryCheck.ts,
 * papersSnapshot.ts): `library.json` (replaced whole by every run), `index-meta.json` (rewritten
 * with the tables' checksums after every commit) and the version folders of the two tables the
 * kept files are made from (a new version is a new file in them). A kept file records the state it
 * was made at and is used only while the state is the same; four stats instead of reading 5,000
 * rows from LanceDB. Null for an index on object storage (no local files to stat): nothing is kept.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENTS_TABLE, isObjectStoreUri, META_FILE, PAPER_FIELDS_TABLE } from '../index';
import { LIBRARY_RECORD_FILE } from './libraryRecord';
import { writeFileAtomicSync } from '../fs/atomicWrite';

// LanceDB keeps a table as `<name>.lance/`, each commit a new manifest in its `_versions/`.
const STATE_FILES = [LIBRARY_RECORD_FILE, META_FILE, `${DOCUMENTS_TABLE}.lance/_versions`, `${PAPER_FIELDS_TABLE}.lance/_versions`];

export function indexStateKey(dbDir: string): string | null {
  if (isObjectStoreUri(dbDir)) return null;
  return STATE_FILES.map((name) => {
    const info = statSync(join(dbDir, name), { throwIfNoEntry: false, bigint: true });
    return info ? `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}` : '-';
  }).join('|');
}

/** Writes `file` whole (core/fs/atomicWrite); a folder it cannot write costs only the time the file would have saved. */
export function keepFile(file: string, text: string): void {
  try {
    writeFileAtomicSync(file, text, { durable: false });
  } catch {
    // Not kept: the next process builds it the long way.
  }
}
