/**
 * Zotero data directories written by a real SQLite (Debian's `sqlite3`) with Zotero's own schema
 * (test/fixtures/zotero/README.md): the SQL files Zotero runs on a new database, the item types,
 * fields and creator types filled from zotero-schema's schema.json as Zotero's `schema.js`
 * (`_updateGlobalSchema`) fills them, then the test's items. WAL mode as Zotero 10 writes, rollback
 * journal as Zotero 7-9; `HeldDatabase` keeps a connection open in a second process with
 * locking_mode=EXCLUSIVE, as Zotero does while it runs, so changes can stay in the WAL.
 *
 *   await writeZoteroLibrary(dir, { items: [{ key: 'ABCD2345', title: 'A paper', creators: [['Ada', 'Lovelace']], date: '1843',
 *     attachments: [{ key: 'PDF00001', file: 'paper.pdf', pdf: ['page one'] }] }] });
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from './bundle';
import { makePdf, type PageSpec } from './pdfs';

const FIXTURES = join(repoRoot, 'test', 'fixtures', 'zotero');

export interface FixtureAnnotation {
  key: string;
  type?: 'highlight' | 'underline' | 'note' | 'image' | 'ink' | 'text';
  text?: string;
  comment?: string;
  /** 0-based physical page. */
  pageIndex: number;
  pageLabel?: string;
  color?: string;
}

export interface FixtureAttachment {
  key: string;
  /** `storage:<file>` is written as an imported file; give `linked` for a linked file's stored path instead. */
  file?: string;
  /** A linked file's stored path (`attachments:sub/x.pdf` or absolute); linkMode 2. */
  linked?: string;
  /** Pages of a PDF written at the file's place (storage/<key>/<file>); omit (and `copyOf`) to leave the file missing. */
  pdf?: PageSpec[];
  /** An existing PDF copied to the file's place (a real paper). */
  copyOf?: string;
  contentType?: string;
  title?: string;
  annotations?: FixtureAnnotation[];
  trashed?: boolean;
}

export interface FixtureItem {
  key: string;
  itemType?: string;
  title?: string;
  /** [first, last] or a single-field name. */
  creators?: Array<[string, string] | string>;
  /** As typed: stored in Zotero's multipart form. */
  date?: string;
  publicationTitle?: string;
  DOI?: string;
  /** Zotero's own citationKey field. */
  citationKey?: string;
  extra?: string;
  fields?: Record<string, string>;
  version?: number;
  dateModified?: string;
  attachments?: FixtureAttachment[];
  /** Child notes: HTML as the note editor writes it. */
  notes?: Array<{ key: string; html: string }>;
  tags?: string[];
  /** Collection keys. */
  collections?: string[];
  trashed?: boolean;
  retracted?: boolean;
}

export interface ZoteroFixture {
  /** Zotero 10 (userdata 129, WAL) or Zotero 7 (userdata 123, rollback journal). Default 10. */
  zotero?: 10 | 7;
  items: FixtureItem[];
  collections?: Array<{ key: string; name: string; parent?: string }>;
  /** Better BibTeX's key store: itemKey → citation key (better-bibtex.sqlite). */
  betterBibtex?: Record<string, string>;
  /** Override the `userdata` version row (a newer or older Zotero). */
  userdataVersion?: number;
}

const q = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;

interface SchemaJson {
  version: number;
  itemTypes: Array<{ itemType: string; fields: Array<{ field: string; baseField?: string }>; creatorTypes: Array<{ creatorType: string; primary?: boolean }> }>;
}

/** The item types, fields and creator types as `_updateGlobalSchema` inserts them into a new database. */
export function globalSchemaSql(): string {
  const schema = JSON.parse(readFileSync(join(FIXTURES, 'schema-itemTypes.json'), 'utf8')) as SchemaJson;
  const fieldIds = new Map<string, number>();
  const creatorIds = new Map<string, number>();
  for (const { fields, creatorTypes } of schema.itemTypes) {
    for (const { field, baseField } of fields) for (const f of [field, baseField]) if (f && !fieldIds.has(f)) fieldIds.set(f, fieldIds.size + 1);
    for (const { creatorType } of creatorTypes) if (!creatorIds.has(creatorType)) creatorIds.set(creatorType, creatorIds.size + 1);
  }
  const sql: string[] = [];
  sql.push(`INSERT INTO fields VALUES ${[...fieldIds].map(([name, id]) => `(${id}, ${q(name)}, NULL)`).join(', ')};`);
  sql.push(`INSERT INTO creatorTypes VALUES ${[...creatorIds].map(([name, id]) => `(${id}, ${q(name)})`).join(', ')};`);
  const typeFields: string[] = [];
  const baseMappings: string[] = [];
  const typeCreators: string[] = [];
  schema.itemTypes.forEach(({ itemType, fields, creatorTypes }, i) => {
    const typeId = i + 1;
    sql.push(`INSERT INTO itemTypes VALUES (${typeId}, ${q(itemType)}, NULL, 1);`);
    fields.forEach(({ field, baseField }, index) => {
      typeFields.push(`(${typeId}, ${fieldIds.get(field)}, 0, ${index})`);
      if (baseField) baseMappings.push(`(${typeId}, ${fieldIds.get(baseField)}, ${fieldIds.get(field)})`);
    });
    for (const { creatorType, primary } of creatorTypes) typeCreators.push(`(${typeId}, ${creatorIds.get(creatorType)}, ${primary ? 1 : 0})`);
  });
  sql.push(`INSERT INTO itemTypeFields VALUES ${typeFields.join(', ')};`);
  sql.push(`INSERT INTO baseFieldMappings VALUES ${baseMappings.join(', ')};`);
  sql.push(`INSERT INTO itemTypeCreatorTypes VALUES ${typeCreators.join(', ')};`);
  sql.push(`REPLACE INTO version VALUES ('globalSchema', ${schema.version});`);
  return sql.join('\n');
}

function schemaFile(zotero: 10 | 7, name: 'system' | 'userdata' | 'triggers'): string {
  return readFileSync(join(FIXTURES, `zotero${zotero}`, `${name}.sql`), 'utf8');
}

function versionOf(sqlFile: string): number {
  return Number(/^--\s*(\d+)/.exec(sqlFile)?.[1]);
}

/** Zotero's `strToMultipart` for the dates tests use: a year, year-month or full date, then the typed string. */
export function multipart(date: string): string {
  const full = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(date);
  const year = full ? full[1]! : (/\b(\d{4})\b/.exec(date)?.[1] ?? '0000');
  return `${year}-${full?.[2] ?? '00'}-${full?.[3] ?? '00'} ${date}`;
}

let nextId = 1;
function now(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}

/** SQL that inserts one item with its fields, creators, attachments, annotations, notes, tags, collections. */
export function itemSql(item: FixtureItem, collectionIds: Map<string, number>): string {
  const id = nextId++;
  const modified = item.dateModified ?? now();
  const sql: string[] = [];
  const typeOf = (name: string) => `(SELECT itemTypeID FROM itemTypes WHERE typeName = ${q(name)})`;
  const insertItem = (itemId: number, type: string, key: string, version = item.version ?? 1, at = modified) =>
    `INSERT INTO items (itemID, itemTypeID, dateAdded, dateModified, clientDateModified, libraryID, key, version) VALUES (${itemId}, ${typeOf(type)}, ${q(at)}, ${q(at)}, ${q(at)}, 1, ${q(key)}, ${version});`;
  const setField = (itemId: number, field: string, value: string) =>
    `INSERT OR IGNORE INTO itemDataValues (value) VALUES (${q(value)});\nINSERT INTO itemData VALUES (${itemId}, (SELECT fieldID FROM fields WHERE fieldName = ${q(field)}), (SELECT valueID FROM itemDataValues WHERE value = ${q(value)}));`;
  const itemType = item.itemType ?? 'journalArticle';
  sql.push(insertItem(id, itemType, item.key));
  const fields: Record<string, string | undefined> = {
    title: item.title,
    date: item.date ? multipart(item.date) : undefined,
    publicationTitle: item.publicationTitle,
    DOI: item.DOI,
    citationKey: item.citationKey,
    extra: item.extra,
    ...item.fields,
  };
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) sql.push(setField(id, field, value));
  (item.creators ?? []).forEach((creator, order) => {
    const [first, last, mode] = typeof creator === 'string' ? ['', creator, 1] : [creator[0], creator[1], 0];
    sql.push(`INSERT OR IGNORE INTO creators (firstName, lastName, fieldMode) VALUES (${q(first)}, ${q(last)}, ${mode});`);
    sql.push(
      `INSERT INTO itemCreators VALUES (${id}, (SELECT creatorID FROM creators WHERE firstName = ${q(first)} AND lastName = ${q(last)} AND fieldMode = ${mode}), (SELECT creatorTypeID FROM creatorTypes WHERE creatorType = 'author'), ${order});`,
    );
  });
  for (const attachment of item.attachments ?? []) {
    const aid = nextId++;
    sql.push(insertItem(aid, 'attachment', attachment.key));
    const stored = attachment.linked ?? `storage:${attachment.file ?? 'file.pdf'}`;
    sql.push(
      `INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path) VALUES (${aid}, ${id}, ${attachment.linked ? 2 : 0}, ${q(attachment.contentType ?? 'application/pdf')}, ${q(stored)});`,
    );
    if (attachment.title) sql.push(setField(aid, 'title', attachment.title));
    if (attachment.trashed) sql.push(`INSERT INTO deletedItems (itemID) VALUES (${aid});`);
    (attachment.annotations ?? []).forEach((a, n) => {
      const nid = nextId++;
      sql.push(insertItem(nid, 'annotation', a.key));
      const type = { highlight: 1, note: 2, image: 3, ink: 4, underline: 5, text: 6 }[a.type ?? 'highlight'];
      const position = JSON.stringify({ pageIndex: a.pageIndex, rects: [[72, 600 - 20 * n, 300, 612 - 20 * n]] });
      const sortIndex = `${String(a.pageIndex).padStart(5, '0')}|${String(n).padStart(6, '0')}|00000`;
      sql.push(
        `INSERT INTO itemAnnotations (itemID, parentItemID, type, authorName, text, comment, color, pageLabel, sortIndex, position, isExternal) VALUES (${nid}, ${aid}, ${type}, NULL, ${q(a.text)}, ${q(a.comment)}, ${q(a.color ?? '#ffd400')}, ${q(a.pageLabel ?? String(a.pageIndex + 1))}, ${q(sortIndex)}, ${q(position)}, 0);`,
      );
    });
  }
  for (const note of item.notes ?? []) {
    const nid = nextId++;
    sql.push(insertItem(nid, 'note', note.key));
    sql.push(`INSERT INTO itemNotes (itemID, parentItemID, note, title) VALUES (${nid}, ${id}, ${q(note.html)}, '');`);
  }
  for (const tag of item.tags ?? []) {
    sql.push(`INSERT OR IGNORE INTO tags (name) VALUES (${q(tag)});`);
    sql.push(`INSERT INTO itemTags VALUES (${id}, (SELECT tagID FROM tags WHERE name = ${q(tag)}), 0);`);
  }
  for (const key of item.collections ?? []) sql.push(`INSERT INTO collectionItems VALUES (${collectionIds.get(key)}, ${id}, 0);`);
  if (item.trashed) sql.push(`INSERT INTO deletedItems (itemID) VALUES (${id});`);
  if (item.retracted) sql.push(`INSERT INTO retractedItems (itemID, data, flag) VALUES (${id}, '{"date":"2024-01-01","reasons":["Falsification"]}', 0);`);
  return sql.join('\n');
}

/** The whole database as SQL: schema, global schema, library row, collections, items. */
export function librarySql(fixture: ZoteroFixture): string {
  const zotero = fixture.zotero ?? 10;
  const [system, userdata, triggers] = (['system', 'userdata', 'triggers'] as const).map((name) => schemaFile(zotero, name));
  const sql = [
    'PRAGMA page_size = 4096;',
    "PRAGMA encoding = 'UTF-8';",
    'BEGIN;',
    system!,
    userdata!,
    triggers!,
    globalSchemaSql(),
    `REPLACE INTO version VALUES ('system', ${versionOf(system!)}), ('userdata', ${fixture.userdataVersion ?? versionOf(userdata!)}), ('triggers', ${versionOf(triggers!)});`,
    "INSERT INTO libraries (libraryID, type, editable, filesEditable) VALUES (1, 'user', 1, 1);",
  ];
  const collectionIds = new Map<string, number>();
  for (const c of fixture.collections ?? []) {
    const cid = collectionIds.size + 1;
    collectionIds.set(c.key, cid);
    sql.push(
      `INSERT INTO collections (collectionID, collectionName, parentCollectionID, libraryID, key) VALUES (${cid}, ${q(c.name)}, ${c.parent ? collectionIds.get(c.parent) : 'NULL'}, 1, ${q(c.key)});`,
    );
  }
  for (const item of fixture.items) sql.push(itemSql(item, collectionIds));
  sql.push('COMMIT;');
  return sql.join('\n');
}

/**
 * Runs SQL through Debian's sqlite3 on `dbPath` and waits for it to finish. The SQL goes through a
 * file (`.read`), not a pipe: a library of thousands of items is megabytes of SQL.
 */
export async function runSqlite(dbPath: string, sql: string): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'zotero-sql-')), 'script.sql');
  await writeFile(file, sql);
  try {
    return await sqliteRead(dbPath, file);
  } finally {
    await rm(dirname(file), { recursive: true, force: true });
  }
}

function sqliteRead(dbPath: string, file: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('sqlite3', ['-bail', dbPath, `.read ${file}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 && !err ? done(out) : fail(new Error(`sqlite3 failed (${code}): ${err}`))));
  });
}

/** Writes a Zotero data directory: zotero.sqlite (WAL for Zotero 10, checkpointed; DELETE for 7), storage files, better-bibtex.sqlite. */
export async function writeZoteroLibrary(dataDir: string, fixture: ZoteroFixture): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const journal = (fixture.zotero ?? 10) === 10 ? 'PRAGMA journal_mode = WAL;\n' : '';
  await runSqlite(join(dataDir, 'zotero.sqlite'), `${journal}${librarySql(fixture)}`);
  for (const item of fixture.items) {
    for (const attachment of item.attachments ?? []) {
      if ((!attachment.pdf && !attachment.copyOf) || attachment.linked) continue;
      const folder = join(dataDir, 'storage', attachment.key);
      await mkdir(folder, { recursive: true });
      const target = join(folder, attachment.file ?? 'file.pdf');
      if (attachment.copyOf) await copyFile(attachment.copyOf, target);
      else await writeFile(target, await makePdf(attachment.pdf!));
    }
  }
  if (fixture.betterBibtex) await writeBetterBibtex(dataDir, fixture.betterBibtex);
}

/** Better BibTeX's key store as its `citation-key.sql` creates it (attached to Zotero's connection: rollback journal). */
export async function writeBetterBibtex(dataDir: string, keys: Record<string, string>): Promise<void> {
  const rows = Object.entries(keys).map(([itemKey, key], i) => `(${1000 + i}, ${q(itemKey)}, 1, ${q(key)}, 0)`);
  await runSqlite(
    join(dataDir, 'better-bibtex.sqlite'),
    `CREATE TABLE IF NOT EXISTS citationkey (
  itemID NOT NULL PRIMARY KEY,
  itemKey NOT NULL,
  libraryID NOT NULL,
  citationKey NOT NULL CHECK (citationKey <> ''),
  pinned CHECK (pinned in (0, 1)),
  UNIQUE (libraryID, itemKey)
);
CREATE INDEX IF NOT EXISTS citationkey_itemKey ON citationkey(itemKey);
CREATE INDEX IF NOT EXISTS citationkey_libraryID_itemKey ON citationkey(libraryID, itemKey);
CREATE INDEX IF NOT EXISTS citationkey_citationkey ON citationkey(citationKey);
${rows.length ? `INSERT INTO citationkey VALUES ${rows.join(', ')};` : ''}`,
  );
}

/**
 * A second process holding the database open as Zotero does (locking_mode=EXCLUSIVE; WAL with
 * checkpoints off, so what it writes stays in `zotero.sqlite-wal` until it closes).
 */
export class HeldDatabase {
  private out = '';
  private constructor(private readonly child: ReturnType<typeof spawn>) {
    child.stdout!.on('data', (d) => (this.out += d));
    child.stderr!.on('data', (d) => (this.out += `ERR ${d}`));
  }

  static async open(dbPath: string, options: { wal?: boolean } = {}): Promise<HeldDatabase> {
    const held = new HeldDatabase(spawn('sqlite3', ['-bail', dbPath], { stdio: ['pipe', 'pipe', 'pipe'] }));
    await held.exec(
      `PRAGMA main.locking_mode=EXCLUSIVE;${options.wal === false ? '' : ' PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;'} BEGIN EXCLUSIVE; COMMIT;`,
    );
    return held;
  }

  /** Runs SQL and waits until sqlite3 has done it. */
  async exec(sql: string): Promise<void> {
    const marker = `done-${Math.random().toString(36).slice(2)}`;
    this.child.stdin!.write(`${sql}\n.print ${marker}\n`);
    const started = Date.now();
    while (!this.out.includes(marker)) {
      if (this.out.includes('ERR ')) throw new Error(`sqlite3: ${this.out}`);
      if (Date.now() - started > 20_000) throw new Error(`sqlite3 did not answer: ${this.out}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    this.out = '';
  }

  /** Sends SQL without waiting (a transaction left open). */
  send(sql: string): void {
    this.child.stdin!.write(`${sql}\n`);
  }

  /** Closes the connection normally (SQLite checkpoints and removes the WAL). */
  async close(): Promise<void> {
    const closed = new Promise((r) => this.child.on('close', r));
    this.child.stdin!.end();
    await closed;
  }

  /** Ends the process without closing the database (a crash): the WAL or journal stays. */
  async kill(): Promise<void> {
    const closed = new Promise((r) => this.child.on('close', r));
    this.child.kill('SIGKILL');
    await closed;
  }
}
