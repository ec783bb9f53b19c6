/**
 * What a library's index keeps of the library itself, beside its tables: `library.json` in the
 * index folder. For a Zotero library: every item's record (title, creators, year, publication,
 * DOI, citation key and its source, retraction, tags, collections, the fields a bib entry needs),
 * its PDFs with the document path each has in the index, the annotations' positions (the viewer
 * draws the user's highlight from them), the collections, and the stamps of the database files
 * that were read. Written whole at the end of each run (a temporary file renamed over the old),
 * so every reader (`papers`, `search`, `check`, another window) gets a record as of one run.
 *
 * Zotero's records are not stored in LanceDB: editing a title in Zotero changes this file on the
 * next run, never a passage or a vector.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomicWrite';
import type { AnnotationType, DatabaseStamp, ZoteroCollection } from './zotero';

export const LIBRARY_RECORD_FILE = 'library.json';
/** Bumped when the file's shape changes: an older file is read as "no record", and the next run writes it anew (the index's tables stay). */
export const LIBRARY_RECORD_FORMAT = 1;

export interface LibraryPdf {
  /** The document's path in the library's index (`storage/ABCD2345/x.pdf`, or `linked/<key>/x.pdf` for a linked file elsewhere). */
  path: string;
  /** The file on disk when it was read. */
  file: string;
  attachmentKey: string;
  /** The path of the document holding its annotations, when it has some with words. */
  annotationsPath: string | null;
  /** Every annotation's place, for the viewer: Zotero's position JSON (pageIndex, rects) and colour. */
  annotations: Array<{ key: string; type: AnnotationType; pageIndex: number | null; position: string; color: string | null; passageId: string | null }>;
}

export interface LibraryItem {
  key: string;
  itemType: string;
  version: number;
  dateModified: string;
  title: string | null;
  /** Authors in order (editors when the item has no author), as `{ family, given }`. */
  authors: Array<{ family: string; given: string }>;
  year: number | null;
  date: string | null;
  publication: string | null;
  doi: string | null;
  citationKey: string | null;
  citationKeySource: 'better-bibtex' | 'zotero' | 'extra' | null;
  retracted: boolean;
  tags: string[];
  /** Collection keys, directly. */
  collections: string[];
  /** Zotero's fields by base name (volume, issue, pages, publisher, url, …), for a generated bib entry. */
  fields: Record<string, string>;
  pdfs: LibraryPdf[];
  /** The document of its child notes, when it has some. */
  notesPath: string | null;
}

export interface LibraryRecord {
  format: typeof LIBRARY_RECORD_FORMAT;
  kind: 'zotero';
  /** The data directory, absolute. */
  root: string;
  /** The database files as read by the run (an unchanged stamp skips reading them again). */
  stamp: DatabaseStamp;
  /** Better BibTeX's key store as read. */
  betterBibtex: DatabaseStamp | null;
  readAt: string;
  versions: Record<string, number>;
  items: LibraryItem[];
  collections: ZoteroCollection[];
  /** The reader's notices at that run (missing files, refused links). */
  notices: string[];
}

export async function readLibraryRecord(dbDir: string): Promise<LibraryRecord | null> {
  try {
    const parsed = JSON.parse(await readFile(join(dbDir, LIBRARY_RECORD_FILE), 'utf8')) as Partial<LibraryRecord>;
    return parsed.format === LIBRARY_RECORD_FORMAT && parsed.kind === 'zotero' && Array.isArray(parsed.items) ? (parsed as LibraryRecord) : null;
  } catch {
    return null;
  }
}

export async function writeLibraryRecord(dbDir: string, record: LibraryRecord): Promise<void> {
  await mkdir(dbDir, { recursive: true });
  await writeFileAtomic(join(dbDir, LIBRARY_RECORD_FILE), JSON.stringify(record));
}

/** Every document path of the library with the item it belongs to. */
export function itemsByPath(record: LibraryRecord): Map<string, LibraryItem> {
  const out = new Map<string, LibraryItem>();
  for (const item of record.items) {
    for (const pdf of item.pdfs) {
      out.set(pdf.path, item);
      if (pdf.annotationsPath) out.set(pdf.annotationsPath, item);
    }
    if (item.notesPath) out.set(item.notesPath, item);
  }
  return out;
}
