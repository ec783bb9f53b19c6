/**
 * Reciprocal rank fusion: score(d) = sum over lists of weight / (K + rank(d)), rank 1-based.
 * It needs no score calibration between BM25 and cosine distance, which live on unrelated scales;
 * K = 60 is the constant from Cormack et al. (2009) and the usual default (LanceDB's RRFReranker too).
 */

export const RRF_K = 60;

export interface RankedList<T> {
  items: T[];
  weight: number;
}

export interface Fused<T> {
  item: T;
  score: number;
}

export function reciprocalRankFusion<T>(lists: RankedList<T>[], keyOf: (item: T) => string, k = RRF_K): Fused<T>[] {
  const byKey = new Map<string, Fused<T>>();
  for (const { items, weight } of lists) {
    items.forEach((item, index) => {
      const key = keyOf(item);
      const contribution = weight / (k + index + 1);
      const existing = byKey.get(key);
      if (existing) existing.score += contribution;
      else byKey.set(key, { item, score: contribution });
    });
  }
  return [...byKey.values()].sort((a, b) => b.score - a.score);
}
