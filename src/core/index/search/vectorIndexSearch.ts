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

/**
 * LanceDB's own (20 partitions, no refine). Measured on the 20,000-page index (65,377 chunks,
 * docs/benchmarks.md "20,000 pages"): its vector list holds 0.77 of the exact top 10, and
 * refining (x2, x5) makes that 1.00 for ~1 ms more CPU a list, yet hybrid search over the 60
 * dev and held-out questions found no more answers with it (hit@5 0.83 without, 0.82 with); more
 * partitions (40) changed nothing. The settings stay for a stronger embedder, whose neighbours
 * may be worth the exact order.
 */
export const DEFAULT_VECTOR_INDEX_SEARCH: VectorIndexSearch = {};

export function withVectorIndexSearch(query: VectorQuery, settings: VectorIndexSearch): VectorQuery {
  let tuned = query;
  // LanceDB refuses a minimum above the maximum it holds; 0 lifts the maximum (none).
  if (settings.minimumNprobes !== undefined) tuned = tuned.maximumNprobes(0).minimumNprobes(settings.minimumNprobes);
  if (settings.refineFactor !== undefined) tuned = tuned.refineFactor(settings.refineFactor);
  return tuned;
}
