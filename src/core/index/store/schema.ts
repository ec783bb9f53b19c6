/**
 * The index's on-disk shape, in one file so search (which may FTS-index more columns) and the
 * indexer agree. Bump SCHEMA_VERSION on any incompatible change: an index with another version
 * is reported as needing `index --rebuild`.
 *
 * Explicit Arrow schemas matter: without them LanceDB infers integers as Float64 and cannot
 * tell a nullable column from a missing one.
 */
import type { DataType, Field, Schema } from 'apache-arrow';
import { arrow } from './arrow';

export const SCHEMA_VERSION = 1;

/** One row per chunk. */
export const CHUNKS_TABLE = 'chunks';
/** One row per indexed document: the bookkeeping behind incremental re-indexing. */
export const DOCUMENTS_TABLE = 'documents';
/** Index-level facts (schema version, embedding model, last run), a small JSON file. */
export const META_FILE = 'index-meta.json';

/** The chunks column flagging text read by OCR (see chunksSchema). */
export const OCR_CONFIDENCE_COLUMN = 'ocr_confidence';

/** Columns that carry a full-text index. Search may query any of these. */
export const FTS_COLUMNS = ['text'] as const;

/**
 * Columns that carry a scalar (B-tree) index: search filters by path (the passages of a document
 * or paper a question names, a scope), and without one each such query reads every row's path
 * (400,635 of them in a 5,000-item library). Measured in docs/benchmarks.md.
 */
export const FILTER_COLUMNS = ['path'] as const;

/** Full-text index settings live with search's query building (they must agree). */
export { FTS_INDEX_OPTIONS } from '../ftsConfig';

/** Vectors are compared by cosine distance; search must query with the same distance type. */
export const VECTOR_DISTANCE = 'cosine' as const;
/**
 * Below this many chunks a flat vector scan is fast enough (~1.3 ms per 1,000 rows here) and an
 * ANN index would only cost recall; above it `optimize()` builds an IVF_RQ index.
 */
export const VECTOR_INDEX_MIN_ROWS = 20_000;

export function chunksSchema(dimension: number | null): Schema {
  const { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } = arrow();
  const fields: Field<DataType>[] = [
    new Field('id', new Utf8(), false),
    new Field('path', new Utf8(), false),
    new Field('ordinal', new Int32(), false),
    new Field('page_start', new Int32(), true),
    new Field('page_end', new Int32(), true),
    new Field('line_start', new Int32(), true),
    new Field('line_end', new Int32(), true),
    new Field('heading', new Utf8(), true),
    new Field('text', new Utf8(), false),
    /** Content hash of the whole document the chunk came from. */
    new Field('doc_hash', new Utf8(), false),
    /** Embedder id, e.g. 'local:all-MiniLM-L6-v2', or 'none'. */
    new Field('embedding_model', new Utf8(), false),
    /**
     * Null, or the lowest OCR confidence (0-100) of the chunk's pages read by OCR. Added after
     * schema version 1 without bumping it: an index made before has no such column and is
     * written without it (its OCR chunks unflagged until `index --rebuild`).
     */
    new Field(OCR_CONFIDENCE_COLUMN, new Float32(), true),
  ];
  if (dimension !== null) {
    fields.push(new Field('vector', new FixedSizeList(dimension, new Field('item', new Float32(), true)), false));
  }
  return new Schema(fields);
}

export function documentsSchema(): Schema {
  const { Field, Float64, Int32, Schema, Utf8 } = arrow();
  return new Schema([
    new Field('path', new Utf8(), false),
    new Field('kind', new Utf8(), false),
    new Field('size', new Float64(), false),
    new Field('mtime_ms', new Float64(), false),
    new Field('content_hash', new Utf8(), false),
    new Field('pages', new Int32(), true),
    new Field('chunks', new Int32(), false),
    /** JSON array of extraction warnings (e.g. pages without a text layer). */
    new Field('warnings', new Utf8(), false),
    new Field('indexed_at', new Utf8(), false),
  ]);
}

/** A chunks row as stored (snake_case, as LanceDB returns it). */
export type ChunkRow = {
  id: string;
  path: string;
  ordinal: number;
  page_start: number | null;
  page_end: number | null;
  line_start: number | null;
  line_end: number | null;
  heading: string | null;
  text: string;
  doc_hash: string;
  embedding_model: string;
  ocr_confidence?: number | null;
  vector?: Float32Array | number[];
};

/** A documents row as stored. */
export type DocumentRow = {
  path: string;
  kind: string;
  size: number;
  mtime_ms: number;
  content_hash: string;
  pages: number | null;
  chunks: number;
  warnings: string;
  indexed_at: string;
};
