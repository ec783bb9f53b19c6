/**
 * Whether this reader understands a Zotero database. Zotero's schema changes between releases (the
 * `version` table's `userdata` row: 121 in Zotero 6.0, 123 in 7.0, 125 in 9.0, 129 in 10.0); the
 * reader needs only the tables and columns below, which every release from 6.0 to 10.0 has. A
 * version outside that range whose tables still hold what is needed is read, with one notice; one
 * that lacks them is refused, naming the version and what is missing.
 */
import { columnNames, rows, tableNames, type Database } from './sqlite';

export const KNOWN_USERDATA_VERSIONS = { min: 121, max: 129 } as const;

/** Tables and the columns of each that the reader queries. */
const REQUIRED: Record<string, string[]> = {
  version: ['schema', 'version'],
  items: ['itemID', 'itemTypeID', 'key', 'libraryID', 'version', 'dateModified'],
  itemTypes: ['itemTypeID', 'typeName'],
  itemData: ['itemID', 'fieldID', 'valueID'],
  itemDataValues: ['valueID', 'value'],
  fields: ['fieldID', 'fieldName'],
  itemCreators: ['itemID', 'creatorID', 'creatorTypeID', 'orderIndex'],
  creators: ['creatorID', 'firstName', 'lastName', 'fieldMode'],
  creatorTypes: ['creatorTypeID', 'creatorType'],
  itemAttachments: ['itemID', 'parentItemID', 'linkMode', 'contentType', 'path'],
  itemNotes: ['itemID', 'parentItemID', 'note', 'title'],
  collections: ['collectionID', 'collectionName', 'parentCollectionID', 'key'],
  collectionItems: ['collectionID', 'itemID'],
  tags: ['tagID', 'name'],
  itemTags: ['itemID', 'tagID'],
  deletedItems: ['itemID'],
  itemAnnotations: ['itemID', 'parentItemID', 'type', 'text', 'comment', 'color', 'pageLabel', 'sortIndex', 'position'],
};

export interface SchemaVerdict {
  versions: Record<string, number>;
  /** What is missing, e.g. `itemAnnotations.position`; empty when readable. */
  missing: string[];
  /** One line when the version is outside the known range but readable. */
  notice: string | null;
  /** Optional tables present (retractedItems, baseFieldMappings, libraries, feedItems). */
  has: Set<string>;
}

export function checkSchema(db: Database): SchemaVerdict {
  const tables = tableNames(db);
  const missing: string[] = [];
  for (const [table, columns] of Object.entries(REQUIRED)) {
    if (!tables.has(table)) {
      missing.push(table);
      continue;
    }
    const have = columnNames(db, table);
    for (const column of columns) if (!have.has(column)) missing.push(`${table}.${column}`);
  }
  const versions: Record<string, number> = {};
  if (tables.has('version')) for (const row of rows(db, 'SELECT schema, version FROM version')) versions[String(row.schema)] = Number(row.version);
  const userdata = versions.userdata;
  const known = userdata !== undefined && userdata >= KNOWN_USERDATA_VERSIONS.min && userdata <= KNOWN_USERDATA_VERSIONS.max;
  const notice =
    missing.length === 0 && !known
      ? `Zotero's database schema is version ${userdata ?? 'unknown'} (this version of the extension knows ${KNOWN_USERDATA_VERSIONS.min}-${KNOWN_USERDATA_VERSIONS.max}): read with the tables it knows`
      : null;
  const has = new Set(['retractedItems', 'baseFieldMappings', 'libraries', 'feedItems'].filter((t) => tables.has(t)));
  return { versions, missing, notice, has };
}
