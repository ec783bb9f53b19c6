/**
 * Reads a Zotero data directory, read-only and current: a snapshot of `zotero.sqlite` with what
 * its WAL or journal holds (snapshot.ts), checked against the tables this reader needs
 * (schemaCheck.ts), turned into items with their record, PDF attachments, annotations, child
 * notes, tags, collections and retraction flag. Nothing is written anywhere; the only files opened
 * are the database, Better BibTeX's, the profile's prefs.js and (for `stat`) the attachments.
 */
import { stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { kindOf } from '../../formats';
import { BETTER_BIBTEX_FILE, readBetterBibtexKeys } from './betterBibtex';
import { ZoteroReadError } from './errors';
import { bareDoi, extraCitationKey, multipartDate } from './fields';
import { placeAttachment } from './attachmentPath';
import { prefsForDataDir } from './prefs';
import * as q from './queries';
import { checkSchema } from './schemaCheck';
import { readSnapshot, SnapshotError, type SnapshotOptions } from './snapshot';
import type { ZoteroAttachment, ZoteroCollection, ZoteroItem, ZoteroLibrary } from './types';

export const ZOTERO_DATABASE = 'zotero.sqlite';

export interface ReadZoteroOptions {
  /** The base directory of linked files; default from the profile whose data directory this is (prefs.ts). */
  baseAttachmentPath?: string | null;
  /** Where Zotero profiles are looked for (tests); default the platform's (prefs.ts). */
  profileRoots?: string[];
  /** Retries of a torn copy (snapshot.ts). */
  snapshot?: SnapshotOptions;
}

function isPdf(attachment: q.AttachmentRow): boolean {
  return attachment.contentType === 'application/pdf' || kindOf(attachment.path ?? '') === 'pdf';
}

async function fileExists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

function listed(paths: string[]): string {
  return paths.slice(0, 3).join(', ') + (paths.length > 3 ? ` and ${paths.length - 3} more` : '');
}

/** Reads the library in `dataDir`. Throws ZoteroReadError naming the cause. */
export async function readZoteroLibrary(dataDir: string, options: ReadZoteroOptions = {}): Promise<ZoteroLibrary> {
  const dir = resolve(dataDir);
  const dbPath = join(dir, ZOTERO_DATABASE);
  let snapshot;
  try {
    snapshot = await readSnapshot(dbPath, options.snapshot);
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    if (error.kind === 'missing')
      throw new ZoteroReadError(
        `no Zotero library at ${dir}: ${ZOTERO_DATABASE} is not there (a drive not mounted, or not a Zotero data directory)`,
        'zotero-missing',
        dir,
        {
          cause: error,
        },
      );
    if (error.kind === 'unreadable')
      throw new ZoteroReadError(`Zotero's database could not be read: ${error.message}`, 'zotero-unreadable', dir, { cause: error });
    throw new ZoteroReadError(`Zotero's database ${error.message}`, 'zotero-corrupt', dir, { cause: error });
  }
  const { db } = snapshot;
  try {
    const schema = checkSchema(db);
    if (schema.missing.length > 0) {
      throw new ZoteroReadError(
        `Zotero's database at ${dbPath} is schema version ${schema.versions.userdata ?? 'unknown'}, which this version cannot read (missing: ${listed(schema.missing)})`,
        'zotero-schema',
        dir,
      );
    }
    const notices: string[] = schema.notice ? [schema.notice] : [];
    const baseDir =
      options.baseAttachmentPath !== undefined ? options.baseAttachmentPath : ((await prefsForDataDir(dir, options.profileRoots))?.baseAttachmentPath ?? null);
    const bbt = await readBetterBibtexKeys(dir);
    if (bbt.problem) notices.push(bbt.problem);

    const fields = q.fieldsByItem(db, schema.has);
    const creators = q.creatorsByItem(db);
    const annotations = q.annotationsByAttachment(db, schema.has);
    const notes = q.notesByItem(db, schema.has);
    const tags = q.tagsByItem(db);
    const inCollections = q.collectionsByItem(db);
    const retracted = q.retractedItems(db, schema.has);
    const collectionRows = q.collections(db);
    const collectionKey = new Map(collectionRows.map((c) => [c.collectionID, c.key]));

    const missing: string[] = [];
    const refused: string[] = [];
    const attachmentsByParent = new Map<number, ZoteroAttachment[]>();
    const standalone: Array<{ row: q.AttachmentRow; attachment: ZoteroAttachment }> = [];
    for (const row of q.attachments(db, schema.has)) {
      if (!isPdf(row)) continue;
      const placed = placeAttachment(row.path, row.linkMode, row.key, dir, baseDir);
      let problem = placed.problem;
      if (placed.file && !(await fileExists(placed.file))) {
        problem = 'file missing';
        missing.push(placed.file);
      } else if (problem && row.linkMode !== 3) refused.push(`${row.key} (${problem})`);
      const attachment: ZoteroAttachment = {
        itemID: row.itemID,
        key: row.key,
        linkMode: row.linkMode,
        contentType: row.contentType,
        storedPath: row.path,
        file: problem ? null : placed.file,
        problem,
        title: fields.get(row.itemID)?.title ?? null,
        dateModified: row.dateModified,
        version: row.version,
        annotations: annotations.get(row.itemID) ?? [],
      };
      if (row.parentItemID === null) standalone.push({ row, attachment });
      else attachmentsByParent.set(row.parentItemID, [...(attachmentsByParent.get(row.parentItemID) ?? []), attachment]);
    }
    if (missing.length > 0) notices.push(`${missing.length} PDF(s) of the Zotero library are missing from disk (listed without text): ${listed(missing)}`);
    if (refused.length > 0) notices.push(`${refused.length} Zotero attachment(s) not read: ${listed(refused)}`);

    const item = (row: q.ItemRow, attachmentsOf: ZoteroAttachment[]): ZoteroItem => {
      const f = fields.get(row.itemID) ?? {};
      const { year, date } = multipartDate(f.date);
      const bbtKey = bbt.keys.get(`${row.libraryID}/${row.key}`) ?? null;
      const nativeKey = f.citationKey?.trim() || null;
      const extraKey = extraCitationKey(f.extra);
      return {
        itemID: row.itemID,
        key: row.key,
        libraryID: row.libraryID,
        itemType: row.itemType,
        version: row.version,
        dateModified: row.dateModified,
        fields: f,
        title: f.title?.trim() || null,
        creators: creators.get(row.itemID) ?? [],
        year,
        date,
        publication: f.publicationTitle?.trim() || null,
        doi: bareDoi(f.DOI) ?? bareDoi(/^\s*DOI\s*:\s*(\S+)/im.exec(f.extra ?? '')?.[1]),
        citationKey: bbtKey ?? nativeKey ?? extraKey,
        citationKeySource: bbtKey ? 'better-bibtex' : nativeKey ? 'zotero' : extraKey ? 'extra' : null,
        attachments: attachmentsOf,
        notes: notes.get(row.itemID) ?? [],
        tags: tags.get(row.itemID) ?? [],
        collections: (inCollections.get(row.itemID) ?? []).flatMap((id) => collectionKey.get(id) ?? []),
        retracted: retracted.has(row.itemID),
      };
    };
    const items = q.regularItems(db, schema.has).map((row) => item(row, attachmentsByParent.get(row.itemID) ?? []));
    for (const { row, attachment } of standalone) {
      const own = item({ ...row, itemType: 'attachment' }, [attachment]);
      own.title ??= attachment.storedPath ? basename(attachment.storedPath.replace(/^(storage|attachments):/, '')) : null;
      items.push(own);
    }
    if (items.length === 0) notices.push(`the Zotero library at ${dir} has no items`);
    return {
      dataDir: dir,
      versions: schema.versions,
      items,
      collections: collectionPaths(collectionRows),
      notices,
      stamp: snapshot.stamp,
      walFrames: snapshot.walFrames,
    };
  } finally {
    db.close();
  }
}

/** Collections with their path from the top ("Thesis / Chapter 2"); a cycle (never written by Zotero) stops the walk. */
function collectionPaths(rows: q.CollectionRow[]): ZoteroCollection[] {
  const byId = new Map(rows.map((r) => [r.collectionID, r]));
  return rows.map((r) => {
    const names = [r.name];
    const seen = new Set([r.collectionID]);
    for (let parent = r.parentCollectionID; parent !== null && !seen.has(parent);) {
      const up = byId.get(parent);
      if (!up) break;
      seen.add(parent);
      names.unshift(up.name);
      parent = up.parentCollectionID;
    }
    const parentKey = r.parentCollectionID !== null ? (byId.get(r.parentCollectionID)?.key ?? null) : null;
    return { key: r.key, name: r.name, parentKey, path: names.join(' / ') };
  });
}

export { BETTER_BIBTEX_FILE };
