/**
 * The vector list's nearest neighbours from an in-memory copy of the table's vectors, for tables
 * LanceDB would scan flat anyway (no vector index: below store/schema.ts VECTOR_INDEX_MIN_ROWS).
 * LanceDB's flat scan decodes every vector from disk on each query; a row-normalised Float32
 * matrix held in memory answers the same neighbours in a fraction of the CPU (measured in
 * docs/benchmarks.md), and the rows themselves are then read by row id.
 *
 * One copy per table handle, shared by every retriever on it, loaded at the first vector query and
 * again whenever the table's version changes (an index run through this handle, or another
 * process's run seen through a read-consistency interval). Memory: rows x dimension x 4 bytes.
 */
import type { Table } from '@lancedb/lancedb';
import { VECTOR_INDEX_MIN_ROWS } from '../store/schema';
import { dotProducts, type DotProducts } from './dotProducts';

export interface Neighbours {
  /** LanceDB row ids (`_rowid`) of the nearest rows, nearest first, for `takeRowIds`. */
  rowIds: bigint[];
  /** The chunk ids of those rows, to check what the take returns. */
  ids: string[];
  /** Cosine distance (1 - cosine similarity), as LanceDB's `_distance` with distanceType 'cosine'. */
  distances: number[];
}

interface Matrix {
  version: number;
  dimension: number;
  /** Row-major, each row scaled to length 1 (an all-zero row stays zero). */
  values: Float32Array;
  /** The scan in WebAssembly SIMD over `values` (which then live in its memory); null: in JavaScript. */
  dots: DotProducts | null;
  rowIds: bigint[];
  ids: string[];
  /** Per row, an index into `paths`. */
  pathOf: Int32Array;
  paths: string[];
}

type Loaded = { version: number; maxRows: number; matrix: Promise<Matrix | null> };

const loadedByTable = new WeakMap<Table, Loaded>();

/**
 * The in-memory neighbours of `vector` (at most `limit`, only in `paths` when given), or null
 * when this table is better searched by LanceDB: it has a vector index, it is at least `maxRows`
 * long, or its vectors could not be read into memory (LanceDB's own query then reports why).
 */
export async function nearestInMemory(
  table: Table,
  vector: Float32Array,
  limit: number,
  paths: readonly string[] | undefined,
  maxRows = VECTOR_INDEX_MIN_ROWS,
): Promise<Neighbours | null> {
  const matrix = await matrixOf(table, maxRows);
  if (!matrix || matrix.dimension !== vector.length) return null;
  return nearest(matrix, vector, limit, paths);
}

async function matrixOf(table: Table, maxRows: number): Promise<Matrix | null> {
  const version = await table.version();
  let loaded = loadedByTable.get(table);
  if (!loaded || loaded.version !== version || loaded.maxRows !== maxRows) {
    loaded = { version, maxRows, matrix: loadMatrix(table, version, maxRows).catch(() => null) };
    loadedByTable.set(table, loaded);
  }
  return loaded.matrix;
}

async function loadMatrix(table: Table, version: number, maxRows: number): Promise<Matrix | null> {
  const [rows, indices] = await Promise.all([table.countRows(), table.listIndices()]);
  if (rows === 0 || rows >= maxRows || indices.some((index) => index.columns.includes('vector'))) return null;
  let values: Float32Array | null = null;
  let dots: DotProducts | null = null;
  let dimension = 0;
  const rowIds: bigint[] = [];
  const ids: string[] = [];
  const pathOf = new Int32Array(rows);
  const paths: string[] = [];
  const pathIndex = new Map<string, number>();
  let row = 0;
  for await (const batch of table.query().select(['id', 'path', 'vector']).withRowId()) {
    const vectors = batch.getChild('vector');
    const idColumn = batch.getChild('id');
    const pathColumn = batch.getChild('path');
    const rowIdColumn = batch.getChild('_rowid');
    if (!vectors || !idColumn || !pathColumn || !rowIdColumn) return null;
    const flat = flatValues(vectors, batch.numRows);
    for (let i = 0; i < batch.numRows; i++, row++) {
      // Rows added since countRows (a writer in another process): the next version reloads.
      if (row >= rows) return null;
      const v = flat ? flat.values.subarray(i * flat.dimension, (i + 1) * flat.dimension) : (vectors.get(i)?.toArray() as Float32Array | undefined);
      if (!v) return null;
      if (!values) {
        dimension = v.length;
        dots = dotProducts(rows, dimension);
        values = dots?.matrix ?? new Float32Array(rows * dimension);
      }
      if (v.length !== dimension) return null;
      values.set(v, row * dimension);
      rowIds.push(BigInt(rowIdColumn.get(i)));
      ids.push(idColumn.get(i) as string);
      const path = pathColumn.get(i) as string;
      let p = pathIndex.get(path);
      if (p === undefined) {
        p = paths.push(path) - 1;
        pathIndex.set(path, p);
      }
      pathOf[row] = p;
    }
  }
  if (!values || row !== rows) return null;
  normaliseRows(values, dimension);
  return { version, dimension, values, dots, rowIds, ids, pathOf, paths };
}

/** Scales each row to length 1 in place (an all-zero row stays zero): the scan's dot product is then the cosine. */
function normaliseRows(values: Float32Array, dimension: number): void {
  for (let at = 0; at < values.length; at += dimension) {
    let norm = 0;
    for (let j = at; j < at + dimension; j++) norm += values[j]! * values[j]!;
    if (norm === 0) continue;
    const scale = 1 / Math.sqrt(norm);
    for (let j = at; j < at + dimension; j++) values[j] = values[j]! * scale;
  }
}

/**
 * A batch's vectors as one Float32Array when Arrow holds them so (one unsliced chunk, as LanceDB's
 * batches come): reading them row by row through `get(i)` cost three times the CPU. Null otherwise.
 */
function flatValues(column: { data: readonly unknown[] }, rows: number): { values: Float32Array; dimension: number } | null {
  if (column.data.length !== 1) return null;
  const data = column.data[0] as { offset: number; type?: { listSize?: number }; children?: { offset: number; values?: unknown }[] };
  const child = data.children?.[0];
  const dimension = data.type?.listSize;
  if (!child || !dimension || data.offset !== 0 || child.offset !== 0 || !(child.values instanceof Float32Array)) return null;
  return child.values.length >= rows * dimension ? { values: child.values, dimension } : null;
}

function nearest(matrix: Matrix, query: Float32Array, limit: number, only: readonly string[] | undefined): Neighbours {
  const { dimension: dim, values, pathOf } = matrix;
  let norm = 0;
  for (let j = 0; j < dim; j++) norm += query[j]! * query[j]!;
  const q = new Float32Array(dim);
  if (norm > 0) for (let j = 0; j < dim; j++) q[j] = query[j]! / Math.sqrt(norm);
  const allowed = only && only.length > 0 ? new Set(only) : null;
  const allowedPath = allowed ? matrix.paths.map((path) => allowed.has(path)) : null;

  // The best `limit` so far, best first; a row enters only when it beats the last.
  const top = Math.max(0, limit);
  const bestRow = new Int32Array(top).fill(-1);
  const bestScore = new Float64Array(top).fill(-Infinity);
  let floor = -Infinity;
  const rows = pathOf.length;
  const scores = matrix.dots?.scores(q) ?? null;
  for (let r = 0; r < rows; r++) {
    if (allowedPath && !allowedPath[pathOf[r]!]) continue;
    const score = scores ? scores[r]! : dot(values, r * dim, q);
    if (top === 0 || score <= floor) continue;
    let k = top - 1;
    while (k > 0 && bestScore[k - 1]! < score) {
      bestScore[k] = bestScore[k - 1]!;
      bestRow[k] = bestRow[k - 1]!;
      k--;
    }
    bestScore[k] = score;
    bestRow[k] = r;
    floor = bestScore[top - 1]!;
  }
  const out: Neighbours = { rowIds: [], ids: [], distances: [] };
  for (let k = 0; k < top && bestRow[k]! >= 0; k++) {
    out.rowIds.push(matrix.rowIds[bestRow[k]!]!);
    out.ids.push(matrix.ids[bestRow[k]!]!);
    out.distances.push(1 - bestScore[k]!);
  }
  return out;
}

/** One row's dot product with `q`, where WebAssembly is not available. */
function dot(values: Float32Array, at: number, q: Float32Array): number {
  // Four running sums: shorter dependency chains, about a third faster than one here.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const dim = q.length;
  let j = 0;
  for (; j + 3 < dim; j += 4) {
    s0 += values[at + j]! * q[j]!;
    s1 += values[at + j + 1]! * q[j + 1]!;
    s2 += values[at + j + 2]! * q[j + 2]!;
    s3 += values[at + j + 3]! * q[j + 3]!;
  }
  for (; j < dim; j++) s0 += values[at + j]! * q[j]!;
  return s0 + s1 + s2 + s3;
}
