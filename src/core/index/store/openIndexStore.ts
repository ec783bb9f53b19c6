/**
 * Opening an index: the folder or object-store prefix prepared, its meta and tables read (or
 * created), and the store's health checked before anyone queries it (the store itself: ./store.ts).
 */
import type { Connection, Table } from '@lancedb/lancedb';
import { CHUNKS_TABLE, DOCUMENTS_TABLE, META_FILE, chunksSchema, documentsSchema } from './schema';
import type { IndexStore, OpenIndexStoreOptions } from './indexStore';
import { IndexCorruptError, IndexMissingError, IndexStoreError } from './errors';
import { freshMeta } from './meta';
import { sidecarOf } from './indexFiles';
import { loadLanceDb } from './lancedb';
import { LanceIndexStore } from './store';

/**
 * Opens the index at `location`: a folder, or an object-store URI (`s3://bucket/prefix`, see
 * objectStore/). Without `create`, a missing index throws IndexMissingError; one that cannot be
 * read as an index throws IndexCorruptError (run `index --rebuild`); a store that refuses or
 * cannot be reached throws ObjectStoreError. `readOnly` handles refuse every write.
 */
export async function openIndexStore(location: string, options: OpenIndexStoreOptions = {}): Promise<IndexStore> {
  const side = sidecarOf(location);
  const dir = side.location;
  const create = Boolean(options.create) && !options.readOnly;
  await side.prepare(create);
  let meta = await side.readMeta();
  const { recordBehind } = meta ? await side.checkBeforeOpen(meta) : { recordBehind: false };
  const lancedb = await loadLanceDb();
  let db: Connection;
  try {
    db = await lancedb.connect(
      dir,
      options.readConsistencyIntervalSeconds === undefined ? {} : { readConsistencyInterval: options.readConsistencyIntervalSeconds },
    );
  } catch (error) {
    throw side.openFailure('cannot open the database folder', error);
  }
  const names = await side.existingTables(db, [CHUNKS_TABLE, DOCUMENTS_TABLE]).catch((error: unknown) => {
    throw error instanceof IndexStoreError ? error : side.openFailure('cannot list tables', error);
  });
  const hasTables = names.includes(CHUNKS_TABLE) && names.includes(DOCUMENTS_TABLE);
  if (!meta || !hasTables) {
    if (meta || names.length > 0) {
      // Half an index: tables without meta or meta without tables. Nothing trustworthy to keep.
      throw new IndexCorruptError(dir, meta ? 'tables are missing' : `${META_FILE} is missing`);
    }
    if (!create) throw new IndexMissingError(dir);
    if (!(await side.isEmpty(names))) {
      throw new IndexStoreError(`refusing to create an index in ${dir}: the folder is not empty and holds no index`, 'index-write', dir);
    }
    meta = freshMeta();
    await db.createEmptyTable(CHUNKS_TABLE, chunksSchema(null));
    await db.createEmptyTable(DOCUMENTS_TABLE, documentsSchema());
    await side.writeMeta(meta);
    await side.writeReadme();
  }
  const chunks = await openChecked(db, CHUNKS_TABLE, dir);
  const documents = await openChecked(db, DOCUMENTS_TABLE, dir);
  // Without a read-consistency interval a handle never sees other writers, so the document list
  // can only change through this handle's own writes and may be kept until one of them.
  const cacheDocuments = options.readConsistencyIntervalSeconds === undefined;
  const store = new LanceIndexStore(side, db, chunks, documents, meta, await chunks.schema(), cacheDocuments, Boolean(options.readOnly), recordBehind);
  await store.checkHealth();
  return store;
}

async function openChecked(db: Connection, name: string, dir: string): Promise<Table> {
  try {
    return await db.openTable(name);
  } catch (error) {
    throw new IndexCorruptError(dir, `table '${name}' cannot be opened`, { cause: error });
  }
}
