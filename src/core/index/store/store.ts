/**
 * The LanceDB index store: a `chunks` table (searched), a `documents` table (bookkeeping for
 * incremental runs), a `sentence_vectors` table (the rerank's, sentenceVectorTable.ts; absent in
 * older and full-text indexes) and a meta file, in one folder. Writes go chunks first, bookkeeping second:
 * if a run dies in between, the document simply looks unindexed and the next run redoes it.
 */
import { hostname } from 'node:os';
import type { Connection, Table } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { sqlIn, sqlInBatches } from '../sql';
import {
  CHUNKS_TABLE,
  DOCUMENTS_TABLE,
  FILTER_COLUMNS,
  FTS_COLUMNS,
  FTS_INDEX_OPTIONS,
  VECTOR_DISTANCE,
  VECTOR_INDEX_MIN_ROWS,
  OCR_CONFIDENCE_COLUMN,
  chunksSchema,
  documentsSchema,
  type DocumentRow,
} from './schema';
import type { DocumentWrite, IndexMeta, IndexStore, StoredDocument } from './indexStore';
import { IndexCorruptError, IndexStoreError } from './errors';
import { describeMismatch, verifyChecksums } from './checksums';
import { chunkRows, documentRow, storedDocument, storedRow } from './rows';
import type { IndexSidecar } from './sidecar';
import { loadLanceDb } from './lancedb';
import { SentenceVectorTable } from './sentenceVectorTable';
import { PaperFieldTable } from './paperFieldTable';
import { PaperReferenceTable } from './paperReferenceTable';

/** One open index: its tables, its meta, and every read and write of them. Opened by ./openIndexStore.ts. */
export class LanceIndexStore implements IndexStore {
  readonly dir: string;
  readonly onObjectStore: boolean;

  constructor(
    private readonly side: IndexSidecar,
    private readonly db: Connection,
    private chunks: Table,
    private docs: Table,
    private current: IndexMeta,
    private schema: Schema,
    private readonly cacheDocuments: boolean,
    readonly readOnly: boolean,
    /** At open, a table had a version the checksum record does not name (a writer killed between a commit and its record). */
    private recordBehind: boolean,
  ) {
    this.dir = side.location;
    this.onObjectStore = side.onObjectStore;
    this.sentenceVectors = new SentenceVectorTable(db, {
      existing: (names) => side.existingTables(db, names),
      dimension: () => this.current.dimension,
      assertWritable: () => this.assertWritable(),
      committed: () => this.committed(),
      lancedb: loadLanceDb,
    });
    const host = {
      existing: (names: string[]) => side.existingTables(db, names),
      assertWritable: () => this.assertWritable(),
      committed: () => this.committed(),
    };
    this.paperFields = new PaperFieldTable(db, host);
    this.paperReferences = new PaperReferenceTable(db, host);
  }

  /** Readers (search, ask, chat, an editor on a shared index) never write: a bug that tries fails loudly. */
  private assertWritable(): void {
    if (this.readOnly) throw new IndexStoreError(`the index at ${this.dir} is open read-only: only an index run writes to it`, 'index-write', this.dir);
  }

  readonly sentenceVectors: SentenceVectorTable;
  readonly paperFields: PaperFieldTable;
  readonly paperReferences: PaperReferenceTable;

  /** The document list as last read; every write through this handle drops it. */
  private documentsCache: Promise<StoredDocument[]> | null = null;

  get table(): Table {
    return this.chunks;
  }

  meta(): IndexMeta {
    return { ...this.current };
  }

  hasVectors(): boolean {
    return this.schema.fields.some((f) => f.name === 'vector');
  }

  /** Reads both tables and exercises the full-text index, so damage shows at open, not mid-search. */
  async checkHealth(): Promise<void> {
    try {
      await this.docs.query().limit(1).toArray();
      await this.chunks.query().select(['id']).limit(1).toArray();
      const indices = await this.chunks.listIndices();
      if (indices.some((i) => i.indexType.toUpperCase().includes('FTS'))) {
        await this.chunks.search('health', 'fts', 'text').select(['id']).limit(1).toArray();
      }
    } catch (error) {
      throw await this.damageFrom(error, 'its files cannot be read');
    }
    const vector = this.schema.fields.find((f) => f.name === 'vector');
    const dimension = vector ? (vector.type as { listSize: number }).listSize : null;
    if (dimension !== this.current.dimension) {
      throw new IndexCorruptError(
        this.dir,
        `the chunks table holds ${dimension ?? 'no'}-dimension vectors but the meta file says ${this.current.dimension ?? 'none'}`,
      );
    }
  }

  /** Decodes every page of both tables, keeping nothing. */
  private async readEveryRow(): Promise<void> {
    try {
      const optional = [await this.sentenceVectors.handle(), await this.paperFields.handle(), await this.paperReferences.handle()].filter(
        (t): t is Table => t !== null,
      );
      for (const table of [this.docs, this.chunks, ...optional]) for await (const batch of table.query()) void batch;
    } catch (error) {
      throw await this.damageFrom(error);
    }
  }

  async documents(): Promise<StoredDocument[]> {
    if (!this.cacheDocuments) return this.readDocuments();
    // Read once per state of the table: the research graph's gate asks on every turn.
    this.documentsCache ??= this.readDocuments().catch((error: unknown) => {
      this.documentsCache = null;
      throw error;
    });
    return [...(await this.documentsCache)];
  }

  private async readDocuments(): Promise<StoredDocument[]> {
    let rows: DocumentRow[];
    try {
      rows = (await this.docs.query().toArray()) as DocumentRow[];
    } catch (error) {
      throw await this.damageFrom(error);
    }
    return rows.map(storedDocument);
  }

  async countChunks(): Promise<number> {
    try {
      return await this.chunks.countRows();
    } catch (error) {
      throw await this.damageFrom(error);
    }
  }

  async damageFrom(error: unknown, what = 'a query could not read its files'): Promise<IndexStoreError> {
    if (error instanceof IndexStoreError) return error;
    // The reader's own error (often a native panic's text) says nothing a person can act on; a
    // file that no longer matches its checksum does.
    const checksums = this.current.checksums;
    const report = checksums && !this.onObjectStore ? await verifyChecksums(this.dir, checksums).catch(() => null) : null;
    const mismatch = report?.mismatches[0];
    const unvouched = (report?.unrecorded.length ?? 0) > 0 && this.recordBehind;
    const detail = mismatch
      ? describeMismatch(mismatch)
      : unvouched
        ? `${what}, among them files written after the last checksum record (a run stopped before recording them)`
        : what;
    return new IndexCorruptError(this.dir, detail, { cause: error });
  }

  async configureEmbedding(embeddingModel: string | null, dimension: number | null, modelDir: string | null = null) {
    this.assertWritable();
    const previous = this.current.embeddingModel;
    if (previous === embeddingModel && this.current.dimension === dimension) {
      if (modelDir && modelDir !== this.current.modelDir) await this.saveMeta({ modelDir });
      return { changed: false, previous };
    }
    // Another model means other vectors (maybe another size): every chunk must be re-embedded,
    // so start both tables afresh rather than ever mixing vector spaces.
    this.documentsCache = null;
    this.chunks = await this.db.createEmptyTable(CHUNKS_TABLE, chunksSchema(dimension), { mode: 'overwrite' });
    this.docs = await this.db.createEmptyTable(DOCUMENTS_TABLE, documentsSchema(), { mode: 'overwrite' });
    this.schema = await this.chunks.schema();
    this.documentsCache = null;
    await this.sentenceVectors.clear();
    await this.saveMeta({ embeddingModel, dimension, modelDir, lastIndexedAt: null, sentenceVectors: null });
    await this.committed();
    return { changed: true, previous };
  }

  async replaceDocument(write: DocumentWrite): Promise<void> {
    await this.replaceDocuments([write]);
  }

  async replaceDocuments(writes: DocumentWrite[]): Promise<void> {
    this.assertWritable();
    if (writes.length === 0) return;
    this.documentsCache = null;
    const paths = writes.map((w) => w.document.path);
    const model = this.current.embeddingModel ?? 'none';
    const wantVectors = this.hasVectors();
    for (const w of writes) {
      if (wantVectors !== (w.vectors !== null)) {
        throw new IndexStoreError(`${w.document.path}: the index ${wantVectors ? 'needs' : 'has no room for'} vectors`, 'index-write', this.dir);
      }
    }
    const withOcrColumn = this.schema.fields.some((f) => f.name === OCR_CONFIDENCE_COLUMN);
    const rows = writes.flatMap((w) => chunkRows(w, model, withOcrColumn));
    if (rows.length > 0) {
      // One commit: insert/update this batch's chunks and drop those paths' chunks that are gone.
      await this.chunks
        .mergeInsert('id')
        .whenMatchedUpdateAll()
        .whenNotMatchedInsertAll()
        .whenNotMatchedBySourceDelete({ where: sqlIn('path', paths) })
        .execute(rows);
    } else {
      await this.chunks.delete(sqlIn('path', paths));
    }
    const indexedAt = new Date().toISOString();
    await this.docs
      .mergeInsert('path')
      .whenMatchedUpdateAll()
      .whenNotMatchedInsertAll()
      .execute(writes.map((w) => documentRow(w, indexedAt)));
    this.documentsCache = null; // again: a read may have started while this write ran
    await this.committed();
  }

  async recordDocuments(documents: StoredDocument[]): Promise<void> {
    this.assertWritable();
    if (documents.length === 0) return;
    this.documentsCache = null;
    const rows = documents.map(storedRow);
    await this.docs.mergeInsert('path').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(rows);
    this.documentsCache = null;
    await this.committed();
  }

  async deleteDocuments(paths: string[]): Promise<void> {
    this.assertWritable();
    this.documentsCache = null;
    // Chunks first: if we die in between, the bookkeeping row still lists the path and the next
    // run deletes it again, so no orphan chunk can outlive its document.
    for (const filter of sqlInBatches('path', paths)) await this.chunks.delete(filter);
    for (const filter of sqlInBatches('path', paths)) await this.docs.delete(filter);
    await this.paperFields.delete(paths);
    await this.paperReferences.delete(paths);
    this.documentsCache = null;
    await this.committed();
  }

  async markIndexed(
    at = new Date(),
    patch: Pick<IndexMeta, 'ocr' | 'sentenceVectors' | 'paperFields' | 'paperReferences' | 'origin' | 'followLinksInto'> = {},
  ): Promise<void> {
    await this.saveMeta({ ...patch, lastIndexedAt: at.toISOString(), lastIndexedBy: hostname(), checksums: await this.currentChecksums() });
  }

  async recordChecksums(): Promise<void> {
    await this.saveMeta({ checksums: await this.currentChecksums() });
  }

  /**
   * After each commit of this writer: the checksum record follows the version it describes at
   * once, so it is never behind what queries read for longer than the instant between Lance's
   * manifest write and this meta write (a kill there is found at the next open: recordBehind).
   */
  private async committed(): Promise<void> {
    if (this.onObjectStore) return;
    await this.recordChecksums();
  }

  async verifyReads(): Promise<void> {
    await this.readEveryRow();
    try {
      const indices = await this.chunks.listIndices();
      if (indices.some((i) => i.indexType.toUpperCase().includes('FTS'))) await this.chunks.search('verify', 'fts', 'text').select(['id']).limit(10).toArray();
      if (this.hasVectors()) {
        const [row] = (await this.chunks.query().select(['vector']).limit(1).toArray()) as Array<{ vector: ArrayLike<number> }>;
        if (row) await this.chunks.vectorSearch(Array.from(row.vector)).distanceType(VECTOR_DISTANCE).select(['id']).limit(10).toArray();
      }
      const sentences = await this.sentenceVectors.handle();
      if (sentences) await sentences.query().limit(10).toArray();
    } catch (error) {
      throw await this.damageFrom(error);
    }
  }

  /** The files' checksums now; a recorded file that changed under us is damage, never re-recorded as good. */
  private async currentChecksums() {
    // On object storage there are none to record (objectStore/objectSidecar.ts says why).
    if (this.onObjectStore) return null;
    // The first checksums (a new index, or one made before they existed) would vouch for files
    // nobody checked: every row is read once first, so damage that predates them is found. So
    // are the files of a version a killed writer committed but did not record.
    if (!this.current.checksums || this.recordBehind) await this.readEveryRow();
    this.recordBehind = false;
    const recorded = await this.side.checksumsNow(this.current.checksums);
    if (!recorded) return null;
    if (recorded.mismatches.length > 0) throw new IndexCorruptError(this.dir, describeMismatch(recorded.mismatches[0]!));
    return recorded.checksums;
  }

  async isSearchReady(): Promise<boolean> {
    if ((await this.chunks.countRows()) === 0) return true;
    const indices = await this.chunks.listIndices();
    return FTS_COLUMNS.every((column) => indices.some((i) => i.columns.includes(column)));
  }

  async hasFilterIndices(): Promise<boolean> {
    if ((await this.chunks.countRows()) === 0) return true;
    const indices = await this.chunks.listIndices();
    return FILTER_COLUMNS.every((column) => indices.some((i) => i.columns.includes(column)));
  }

  async optimize(options: { indicesOnly?: boolean } = {}): Promise<void> {
    this.assertWritable();
    const cleanupOlderThan = new Date();
    const rows = await this.chunks.countRows();
    const indices = await this.chunks.listIndices();
    const indexed = (column: string) => indices.some((i) => i.columns.includes(column));
    const lancedb = await loadLanceDb();
    if (rows > 0) {
      for (const column of FTS_COLUMNS) {
        if (!indexed(column)) await this.chunks.createIndex(column, { config: lancedb.Index.fts({ ...FTS_INDEX_OPTIONS }), replace: true });
      }
      for (const column of FILTER_COLUMNS) {
        if (!indexed(column)) await this.chunks.createIndex(column, { config: lancedb.Index.btree(), replace: true });
      }
      if (this.hasVectors() && rows >= VECTOR_INDEX_MIN_ROWS && !indexed('vector')) {
        await this.chunks.createIndex('vector', { config: lancedb.Index.ivfRq({ distanceType: VECTOR_DISTANCE }), replace: true });
      }
    }
    if (options.indicesOnly) return;
    // Compacts fragments, folds rows added since the indices were built into them, and drops
    // old versions (each mergeInsert made one).
    await this.chunks.optimize({ cleanupOlderThan });
    await this.docs.optimize({ cleanupOlderThan });
    await this.committed();
  }

  close(): void {
    this.sentenceVectors.close();
    this.paperFields.close();
    this.paperReferences.close();
    this.chunks.close();
    this.docs.close();
    this.db.close();
  }

  private async saveMeta(patch: Partial<IndexMeta>): Promise<void> {
    this.assertWritable();
    this.current = { ...this.current, ...patch };
    await this.side.writeMeta(this.current);
  }
}
