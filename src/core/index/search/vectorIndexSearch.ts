/**
 * How the vector list reads the table's IVF_RQ index (built by the store's `optimize()` once the
 * table holds VECTOR_INDEX_MIN_ROWS chunks; a smaller table is scanned exactly and these settings
 * do nothing there). An IVF index looks only in the partitions nearest the question and ranks
 * their rows by 1-bit RaBitQ codes, so both settings trade time for the recall the fusion needs.
 */
import type { VectorQuery } from '@lancedb/lancedb';

export interface VectorIndexSearch {
  /**
   * Partitions searched at least (LanceDB's default: 20). Set as a minimum, not with `nprobes()`:
   * that also caps the maximum, and a narrow path filter then returns fewer rows than asked for
   * instead of LanceDB probing further.
   */
  minimumNprobes?: number;
  /**
   * Rows ranked by their codes = limit x this, then re-ranked by their stored full vectors
   * (LanceDB's default: none, the code distances are the ranking).
   */
  refineFactor?: number;
}

/** Measured on the 20,000-page index: docs/benchmarks.md ("Vector index at 20,000 pages"). */
export const DEFAULT_VECTOR_INDEX_SEARCH: VectorIndexSearch = {};

export function withVectorIndexSearch(query: VectorQuery, settings: VectorIndexSearch): VectorQuery {
  let tuned = query;
  // LanceDB refuses a minimum above the maximum it holds; 0 lifts the maximum (none).
  if (settings.minimumNprobes !== undefined) tuned = tuned.maximumNprobes(0).minimumNprobes(settings.minimumNprobes);
  if (settings.refineFactor !== undefined) tuned = tuned.refineFactor(settings.refineFactor);
  return tuned;
}
