/**
 * The SQL the reader runs over a snapshot, one query per table family, each returning plain rows
 * grouped by the item they belong to. Trashed items (`deletedItems`), and everything whose parent
 * is trashed, are left out here; so are feed items (a feed's library is not the user's).
 */
import { num, rows, text, type Database } from './sqlite';
import type { AnnotationType, ZoteroAnnotation, ZoteroCreator, ZoteroNote } from './types';
import { noteText } from './noteText';

const ANNOTATION_TYPES: Record<number, AnnotationType> = { 1: 'highlight', 2: 'note', 3: 'image', 4: 'ink', 5: 'underline', 6: 'text' };

/** Items that are not trashed and not in a feed. */
function liveItems(has: Set<string>): string {
  const feed = has.has('libraries') ? ` AND libraryID NOT IN (SELECT libraryID FROM libraries WHERE type = 'feed')` : '';
  return `SELECT itemID FROM items WHERE itemID NOT IN (SELECT itemID FROM deletedItems)${feed}`;
}

export interface ItemRow {
  itemID: number;
  key: string;
  libraryID: number;
  version: number;
  dateModified: string;
  itemType: string;
}

/** Regular items (not attachments, notes or annotations), live. */
export function regularItems(db: Database, has: Set<string>): ItemRow[] {
  return rows(
    db,
    `SELECT i.itemID, i.key, i.libraryID, i.version, i.dateModified, t.typeName FROM items i JOIN itemTypes t USING (itemTypeID)
     WHERE t.typeName NOT IN ('attachment', 'note', 'annotation') AND i.itemID IN (${liveItems(has)}) ORDER BY i.itemID`,
  ).map((r) => ({
    itemID: Number(r.itemID),
    key: String(r.key),
    libraryID: Number(r.libraryID),
    version: num(r.version) ?? 0,
    dateModified: text(r.dateModified) ?? '',
    itemType: String(r.typeName),
  }));
}

/** Every field of every item by base field name (a type's own name for a base field, e.g. a case's caseName, reads as title). */
export function fieldsByItem(db: Database, has: Set<string>): Map<number, Record<string, string>> {
  const base = has.has('baseFieldMappings')
    ? `LEFT JOIN baseFieldMappings b ON b.itemTypeID = i.itemTypeID AND b.fieldID = d.fieldID LEFT JOIN fields bf ON bf.fieldID = b.baseFieldID`
    : '';
  const name = has.has('baseFieldMappings') ? 'COALESCE(bf.fieldName, f.fieldName)' : 'f.fieldName';
  const out = new Map<number, Record<string, string>>();
  for (const r of rows(
    db,
    `SELECT d.itemID, f.fieldName AS own, ${name} AS name, v.value FROM itemData d JOIN items i USING (itemID) JOIN fields f ON f.fieldID = d.fieldID
     JOIN itemDataValues v ON v.valueID = d.valueID ${base}`,
  )) {
    const id = Number(r.itemID);
    const fields = out.get(id) ?? {};
    const value = text(r.value) ?? '';
    fields[String(r.name)] = value;
    if (r.own !== r.name) fields[String(r.own)] ??= value;
    out.set(id, fields);
  }
  return out;
}

export function creatorsByItem(db: Database): Map<number, ZoteroCreator[]> {
  const out = new Map<number, ZoteroCreator[]>();
  for (const r of rows(
    db,
    `SELECT ic.itemID, c.firstName, c.lastName, c.fieldMode, ct.creatorType FROM itemCreators ic JOIN creators c USING (creatorID)
     JOIN creatorTypes ct ON ct.creatorTypeID = ic.creatorTypeID ORDER BY ic.itemID, ic.orderIndex`,
  )) {
    const id = Number(r.itemID);
    const list = out.get(id) ?? [];
    list.push({
      firstName: text(r.firstName) ?? '',
      lastName: text(r.lastName) ?? '',
      singleField: num(r.fieldMode) === 1,
      creatorType: String(r.creatorType),
    });
    out.set(id, list);
  }
  return out;
}

export interface AttachmentRow {
  itemID: number;
  libraryID: number;
  parentItemID: number | null;
  key: string;
  linkMode: number;
  contentType: string | null;
  path: string | null;
  version: number;
  dateModified: string;
}

/** Live attachments whose parent (if any) is live too. */
export function attachments(db: Database, has: Set<string>): AttachmentRow[] {
  const live = liveItems(has);
  return rows(
    db,
    `SELECT a.itemID, a.parentItemID, a.linkMode, a.contentType, a.path, i.key, i.libraryID, i.version, i.dateModified FROM itemAttachments a JOIN items i USING (itemID)
     WHERE a.itemID IN (${live}) AND (a.parentItemID IS NULL OR a.parentItemID IN (${live})) ORDER BY a.parentItemID, i.dateAdded, a.itemID`,
  ).map((r) => ({
    itemID: Number(r.itemID),
    libraryID: Number(r.libraryID),
    parentItemID: num(r.parentItemID),
    key: String(r.key),
    linkMode: num(r.linkMode) ?? 0,
    contentType: text(r.contentType),
    path: text(r.path),
    version: num(r.version) ?? 0,
    dateModified: text(r.dateModified) ?? '',
  }));
}

/** Live annotations by attachment, in Zotero's reading order (sortIndex). */
export function annotationsByAttachment(db: Database, has: Set<string>): Map<number, ZoteroAnnotation[]> {
  const out = new Map<number, ZoteroAnnotation[]>();
  for (const r of rows(
    db,
    `SELECT n.itemID, n.parentItemID, n.type, n.text, n.comment, n.color, n.pageLabel, n.sortIndex, n.position, i.key, i.version, i.dateModified
     FROM itemAnnotations n JOIN items i USING (itemID) WHERE n.itemID IN (${liveItems(has)}) ORDER BY n.parentItemID, n.sortIndex`,
  )) {
    const parent = Number(r.parentItemID);
    const position = text(r.position) ?? '{}';
    let pageIndex: number | null = null;
    try {
      const parsed = JSON.parse(position) as { pageIndex?: unknown };
      pageIndex = typeof parsed.pageIndex === 'number' && parsed.pageIndex >= 0 ? parsed.pageIndex : null;
    } catch {
      pageIndex = null;
    }
    const list = out.get(parent) ?? [];
    list.push({
      key: String(r.key),
      type: ANNOTATION_TYPES[Number(r.type)] ?? 'note',
      text: text(r.text)?.trim() || null,
      comment: text(r.comment)?.trim() || null,
      color: text(r.color),
      pageLabel: text(r.pageLabel),
      pageIndex,
      position,
      sortIndex: text(r.sortIndex) ?? '',
      dateModified: text(r.dateModified) ?? '',
      version: num(r.version) ?? 0,
    });
    out.set(parent, list);
  }
  return out;
}

/** Live child notes by parent item (standalone notes belong to no paper and are left out). */
export function notesByItem(db: Database, has: Set<string>): Map<number, ZoteroNote[]> {
  const out = new Map<number, ZoteroNote[]>();
  for (const r of rows(
    db,
    `SELECT n.itemID, n.parentItemID, n.note, n.title, i.key, i.version, i.dateModified FROM itemNotes n JOIN items i USING (itemID)
     WHERE n.parentItemID IS NOT NULL AND n.itemID IN (${liveItems(has)}) AND i.itemTypeID IN (SELECT itemTypeID FROM itemTypes WHERE typeName = 'note')
     ORDER BY n.parentItemID, i.dateAdded, n.itemID`,
  )) {
    const parent = Number(r.parentItemID);
    const body = noteText(text(r.note) ?? '');
    if (!body) continue;
    const list = out.get(parent) ?? [];
    list.push({ key: String(r.key), text: body, title: text(r.title), dateModified: text(r.dateModified) ?? '', version: num(r.version) ?? 0 });
    out.set(parent, list);
  }
  return out;
}

export function tagsByItem(db: Database): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of rows(db, 'SELECT it.itemID, t.name FROM itemTags it JOIN tags t USING (tagID) ORDER BY it.itemID, t.name')) {
    const id = Number(r.itemID);
    out.set(id, [...(out.get(id) ?? []), String(r.name)]);
  }
  return out;
}

export interface CollectionRow {
  collectionID: number;
  key: string;
  name: string;
  parentCollectionID: number | null;
}

export function collections(db: Database): CollectionRow[] {
  const deleted = rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'deletedCollections'").length > 0;
  return rows(
    db,
    `SELECT collectionID, key, collectionName, parentCollectionID FROM collections${deleted ? ' WHERE collectionID NOT IN (SELECT collectionID FROM deletedCollections)' : ''} ORDER BY collectionID`,
  ).map((r) => ({ collectionID: Number(r.collectionID), key: String(r.key), name: String(r.collectionName), parentCollectionID: num(r.parentCollectionID) }));
}

export function collectionsByItem(db: Database): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of rows(db, 'SELECT itemID, collectionID FROM collectionItems ORDER BY itemID, collectionID')) {
    const id = Number(r.itemID);
    out.set(id, [...(out.get(id) ?? []), Number(r.collectionID)]);
  }
  return out;
}

/** Items Zotero flags as retracted, unless the user hid the flag (Zotero's FLAG_HIDDEN, 1). */
export function retractedItems(db: Database, has: Set<string>): Set<number> {
  if (!has.has('retractedItems')) return new Set();
  return new Set(rows(db, 'SELECT itemID FROM retractedItems WHERE COALESCE(flag, 0) != 1').map((r) => Number(r.itemID)));
}
