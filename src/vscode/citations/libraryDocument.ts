/**
 * A citation of a Zotero library's document, opened where it is: a linked file's PDF wherever
 * Zotero links it (`linked/<key>/x.pdf` in the index), the user's annotations on the PDF they were
 * made on with their highlights marked, an item's notes on its first PDF (core/library
 * libraryFiles.ts). The library's record is read once per run of the index (its file's time).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { documentFiles, type LibraryDocumentFile } from '../../core/library/libraryFiles';
import { LIBRARY_RECORD_FILE, readLibraryRecord } from '../../core/library/libraryRecord';

const records = new Map<string, { mtimeMs: number; files: Map<string, LibraryDocumentFile> }>();

/** The PDF a document of the index at `dbDir` opens; null when the index is not a Zotero library's or has no such path. */
export async function libraryDocument(dbDir: string, path: string): Promise<LibraryDocumentFile | null> {
  // A shared index (s3://…) is a workspace's, never a library's.
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(dbDir)) return null;
  const info = await stat(join(dbDir, LIBRARY_RECORD_FILE)).catch(() => null);
  if (!info) return null;
  let known = records.get(dbDir);
  if (known?.mtimeMs !== info.mtimeMs) {
    const record = await readLibraryRecord(dbDir);
    if (!record) return null;
    known = { mtimeMs: info.mtimeMs, files: documentFiles(record) };
    records.set(dbDir, known);
  }
  return known.files.get(path) ?? null;
}
