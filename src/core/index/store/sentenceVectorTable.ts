/**
 * The `sentence_vectors` table: for each chunk text, the vectors of its sentences (as
 * `sentencesOf` cuts them), embedded by an index run so that the hybrid rerank reads them instead
 * of embedding sentences while the user waits (search/storedSentenceVectors.ts).
 *
 * A row is keyed by the embedder's id and the chunk's text, not by the chunk's id: a document
 * indexed again with the same passages keeps its rows, copies of one passage share one, and
 * vectors of another model can never be read for this one.
 *
 * Vectors are stored as int8 with one scale each (a quarter of float32's size: ~400 bytes a
 * sentence). Cosines against the question's vector move by about 0.001 (sentence-vectors.test.ts),
 * far below the gaps the rerank orders by.
 */
import { createHash } from 'node:crypto';
import type { Connection, Table } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { arrow } from './arrow';
import { sqlIn, sqlInBatches } from '../sql';

export const SENTENCES_TABLE = 'sentence_vectors';

export function sentenceVectorsSchema(): Schema {
  const { Binary, Field, Int32, Schema, Utf8 } = arrow();
  return new Schema([
    new Field('key', new Utf8(), false),
    /** Number of sentences (vectors) in `vectors`. */
    new Field('count', new Int32(), false),
    /** `count` float32 scales, then `count` x dimension int8 values (packSentenceVectors). */
    new Field('vectors', new Binary(), false),
  ]);
}

export type SentenceVectorRow = { key: string; count: number; vectors: Uint8Array };

/** The row key of a chunk text's sentence vectors under one embedder. */
export function sentenceVectorKey(embeddingModel: string, chunkText: string): string {
  return createHash('sha1').update(embeddingModel).update('\n').update(chunkText).digest('base64url');
}

/** Each vector as int8 values with one scale (its largest magnitude / 127). */
export function packSentenceVectors(vectors: ArrayLike<number>[]): Uint8Array {
  const dimension = vectors[0]?.length ?? 0;
  const bytes = new Uint8Array(vectors.length * (4 + dimension));
  const scales = new Float32Array(bytes.buffer, 0, vectors.length);
  const values = new Int8Array(bytes.buffer, vectors.length * 4);
  vectors.forEach((vector, v) => {
    let max = 0;
    for (let i = 0; i < dimension; i++) max = Math.max(max, Math.abs(vector[i]!));
    const scale = max > 0 ? max / 127 : 1;
    scales[v] = scale;
    for (let i = 0; i < dimension; i++) values[v * dimension + i] = Math.round(vector[i]! / scale);
  });
  return bytes;
}

/** The vectors of one row; null when its bytes do not hold `count` vectors of `dimension`. */
export function unpackSentenceVectors(bytes: Uint8Array, count: number, dimension: number): Float32Array[] | null {
  if (count < 0 || bytes.byteLength !== count * (4 + dimension)) return null;
  // Arrow hands out views into its batch buffers, which need not be 4-byte aligned for the scales.
  const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const scales = new Float32Array(own.buffer, own.byteOffset, count);
  const values = new Int8Array(own.buffer, own.byteOffset + count * 4, count * dimension);
  return Array.from({ length: count }, (_, v) => {
    const vector = new Float32Array(dimension);
    for (let i = 0; i < dimension; i++) vector[i] = values[v * dimension + i]! * scales[v]!;
    return vector;
  });
}

/** How long a reader that found no table waits before looking for it again (a run may be adding it). */
const RECHECK_MS = 10_000;

/** The index's sentence vectors as the store hands them out (`IndexStore.sentenceVectors`). */
export interface SentenceVectors {
  /** The stored vectors by row key; keys without a row are left out. Empty when the index has none (full-text only, or made before them). */
  read(keys: string[]): Promise<Map<string, Float32Array[]>>;
  /** Every row key (an index run compares them with its chunks). */
  keys(): Promise<Set<string>>;
  add(rows: { key: string; vectors: ArrayLike<number>[] }[]): Promise<void>;
  delete(keys: string[]): Promise<void>;
  /** Indexes the keys and compacts the table (after an index run added to it). */
  optimize(): Promise<void>;
}

/**
 * The table as the store exposes it. It is looked for lazily, as older and full-text indexes have
 * none, and made by the first write.
 */
export class SentenceVectorTable implements SentenceVectors {
  private table: Table | null = null;
  private lookedAt = -Infinity;

  constructor(
    private readonly db: Connection,
    private readonly store: {
      /** Which of these tables exist (the sidecar's listing: LanceDB's own misses tables on some object stores). */
      existing(names: string[]): Promise<string[]>;
      dimension(): number | null;
      /** Throws for a reader. */
      assertWritable(): void;
      /** After each commit: the store records the checksums of the files it left (store.ts). */
      committed(): Promise<void>;
      lancedb(): Promise<typeof import('@lancedb/lancedb')>;
    },
  ) {}

  /** The table, or null when there is none (yet); `create` makes it. */
  async handle(create = false): Promise<Table | null> {
    if (this.table) return this.table;
    if (!create && performance.now() - this.lookedAt < RECHECK_MS) return null;
    this.lookedAt = performance.now();
    if ((await this.store.existing([SENTENCES_TABLE])).includes(SENTENCES_TABLE)) this.table = await this.db.openTable(SENTENCES_TABLE);
    else if (create) this.table = await this.db.createEmptyTable(SENTENCES_TABLE, sentenceVectorsSchema());
    return this.table;
  }

  async read(keys: string[]): Promise<Map<string, Float32Array[]>> {
    const dimension = this.store.dimension();
    const found = new Map<string, Float32Array[]>();
    const table = keys.length > 0 && dimension ? await this.handle() : null;
    if (!table) return found;
    const rows = (await table.query().where(sqlIn('key', keys)).select(['key', 'count', 'vectors']).toArray()) as SentenceVectorRow[];
    for (const row of rows) {
      const vectors = unpackSentenceVectors(row.vectors, row.count, dimension!);
      if (vectors) found.set(row.key, vectors);
    }
    return found;
  }

  async keys(): Promise<Set<string>> {
    const table = await this.handle();
    const keys = new Set<string>();
    if (!table) return keys;
    for await (const batch of table.query().select(['key'])) for (const key of batch.getChild('key')!.toArray() as string[]) keys.add(key);
    return keys;
  }

  async add(rows: { key: string; vectors: ArrayLike<number>[] }[]): Promise<void> {
    this.store.assertWritable();
    if (rows.length === 0) return;
    const table = (await this.handle(true))!;
    await table.add(rows.map((row) => ({ key: row.key, count: row.vectors.length, vectors: packSentenceVectors(row.vectors) })));
    await this.store.committed();
  }

  async delete(keys: string[]): Promise<void> {
    this.store.assertWritable();
    const table = await this.handle();
    if (!table) return;
    for (const filter of sqlInBatches('key', keys)) await table.delete(filter);
    await this.store.committed();
  }

  /**
   * Empties the table (another embedding model: its vectors can never be read for the new one).
   * Overwritten, not dropped: a table made again under the same name would reuse its first files'
   * names, which the checksums recorded with the old content.
   */
  async clear(): Promise<void> {
    this.store.assertWritable();
    if (!(await this.handle())) return;
    this.table!.close();
    this.table = await this.db.createEmptyTable(SENTENCES_TABLE, sentenceVectorsSchema(), { mode: 'overwrite' });
  }

  async optimize(): Promise<void> {
    this.store.assertWritable();
    const table = await this.handle();
    if (!table || (await table.countRows()) === 0) return;
    // A question's rerank reads 8 rows by key: 1.6-1.9 ms with this index, 3-7 ms scanning (docs/benchmarks.md).
    if (!(await table.listIndices()).some((i) => i.columns.includes('key')))
      await table.createIndex('key', { config: (await this.store.lancedb()).Index.btree() });
    await table.optimize();
    // The run holds the writer lock, so no other transaction is in flight: the appended fragments
    // just compacted away may go now. In the same call as the compaction Lance kept them (94 MB
    // instead of 49 for the corpus in docs/benchmarks.md); a second call, after it, deletes them.
    await table.optimize({ cleanupOlderThan: new Date(), deleteUnverified: true });
    await this.store.committed();
  }

  close(): void {
    this.table?.close();
  }
}
