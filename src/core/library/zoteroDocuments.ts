/**
 * A Zotero library as the documents of an index run: discovery from Zotero's attachments instead
 * of a walk of the folder. Each readable PDF is a document at the path it has under the data
 * directory (`storage/<key>/<file>.pdf`), or `linked/<key>/<file>.pdf` for a linked file kept
 * elsewhere (the file is read where it is; `absPath`); the user's annotations and notes are
 * documents made here (ownWords.ts). The run decides by size and time (then content hash), as for
 * any folder, so only PDFs whose file changed are read again, and only own-words documents whose
 * annotations or notes changed are written again. The records go into the library record
 * (libraryRecord.ts), not the index.
 */
import { stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, sep } from 'node:path';
import { createHash } from 'node:crypto';
import type { Chunk, DiscoveredFile, FileFailure } from '../index';
import { ownWordsOf } from './ownWords';
import { LIBRARY_RECORD_FORMAT, type LibraryItem, type LibraryRecord } from './libraryRecord';
import type { DatabaseStamp, ZoteroItem, ZoteroLibrary } from './zotero';

function documentPath(dataDir: string, file: string, attachmentKey: string): string {
  const rel = relative(dataDir, file);
  if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  return `linked/${attachmentKey}/${basename(file)}`;
}

function authorsOf(item: ZoteroItem): LibraryItem['authors'] {
  const authors = item.creators.filter((c) => c.creatorType === 'author');
  const people = authors.length > 0 ? authors : item.creators;
  return people.map((c) => ({ family: c.lastName.trim(), given: c.singleField ? '' : c.firstName.trim() })).filter((a) => a.family);
}

export interface ZoteroRun {
  files: DiscoveredFile[];
  failures: FileFailure[];
  notices: string[];
  record: LibraryRecord;
}

/** The documents of a run and the record it writes at its end. */
export async function zoteroRun(library: ZoteroLibrary, betterBibtex: DatabaseStamp | null): Promise<ZoteroRun> {
  const files: DiscoveredFile[] = [];
  const failures: FileFailure[] = [];
  const items: LibraryItem[] = [];
  const taken = new Set<string>();
  for (const item of library.items) {
    const own = new Map(ownWordsOf(item).map((doc) => [doc.path, doc]));
    const pdfs: LibraryItem['pdfs'] = [];
    for (const attachment of item.attachments) {
      if (!attachment.file) continue;
      const path = documentPath(library.dataDir, attachment.file, attachment.key);
      if (taken.has(path)) continue;
      const info = await stat(attachment.file).catch(() => null);
      if (!info?.isFile()) {
        failures.push({ path, code: 'vanished', reason: `Zotero attachment ${attachment.key}: the file disappeared while the library was read` });
        continue;
      }
      taken.add(path);
      files.push({ path, absPath: attachment.file, kind: 'pdf', size: info.size, mtimeMs: info.mtimeMs });
      const notes = own.get(`your-notes/${attachment.key}/annotations`);
      const passageOf = new Map(notes?.passages.map((p) => [p.zoteroKey, p.id]) ?? []);
      pdfs.push({
        path,
        file: attachment.file,
        attachmentKey: attachment.key,
        annotationsPath: notes ? notes.path : null,
        annotations: attachment.annotations.map((a) => ({
          key: a.key,
          type: a.type,
          pageIndex: a.pageIndex,
          position: a.position,
          color: a.color,
          passageId: passageOf.get(a.key) ?? null,
        })),
      });
    }
    let notesPath: string | null = null;
    for (const doc of own.values()) {
      // Annotations of a PDF that is not indexed (missing) stay out: their page would cite nothing.
      if (doc.path.endsWith('/annotations') && !pdfs.some((p) => p.annotationsPath === doc.path)) continue;
      if (doc.path.endsWith('/notes')) notesPath = doc.path;
      files.push(ownWordsFile(doc));
    }
    items.push({
      key: item.key,
      itemType: item.itemType,
      version: item.version,
      dateModified: item.dateModified,
      title: item.title,
      authors: authorsOf(item),
      year: item.year,
      date: item.date,
      publication: item.publication,
      doi: item.doi,
      citationKey: item.citationKey,
      citationKeySource: item.citationKeySource,
      retracted: item.retracted,
      tags: item.tags,
      collections: item.collections,
      fields: item.fields,
      pdfs,
      notesPath,
    });
  }
  const record: LibraryRecord = {
    format: LIBRARY_RECORD_FORMAT,
    kind: 'zotero',
    root: library.dataDir,
    stamp: library.stamp,
    betterBibtex,
    readAt: new Date().toISOString(),
    versions: library.versions,
    items,
    collections: library.collections,
    notices: library.notices,
  };
  return { files, failures, notices: library.notices, record };
}

function ownWordsFile(doc: ReturnType<typeof ownWordsOf>[number]): DiscoveredFile {
  const chunks: Chunk[] = doc.passages.map((p, ordinal) => ({
    id: p.id,
    path: doc.path,
    ordinal,
    pageStart: p.page,
    pageEnd: p.page,
    lineStart: null,
    lineEnd: null,
    heading: p.heading,
    text: p.text,
  }));
  const text = chunks.map((c) => `${c.pageStart ?? ''}\u0000${c.heading}\u0000${c.text}`).join('\u0001');
  const hash = createHash('sha256').update(text).digest('hex');
  return {
    path: doc.path,
    absPath: doc.path,
    kind: 'text',
    size: text.length,
    mtimeMs: doc.mtimeMs,
    prepared: { hash, chunks, doc: { path: doc.path, kind: 'text', pages: [chunks.map((c) => c.text).join('\n\n')], warnings: [] } },
  };
}
