/**
 * Query-time rerank of the first fused candidates by their best SENTENCE. BM25 and one vector per
 * ~1,000-character chunk both score the whole chunk; the answer is usually one or two sentences.
 *
 * The lexical order (always): the sentence that holds most of the question's distinctive words
 * together ("the default epsilon limit (1e-5) to detect convergence"), so words scattered over
 * 1,000 characters count less than words in one sentence. It costs no embedding.
 *
 * The cosine order (when `embedPerChunk` > 0): the few sentences per candidate richest in the
 * question's words are embedded (one batch) and compared with the question's vector. It finds the
 * answer sentence that says it in other words; embedding every sentence of every candidate (~90 a
 * query) cost ten times the rest of the search for no better ranking (docs/benchmarks.md).
 * The orders vote with the fused one by rank fusion. A hit that holds a table (./tables.ts) keeps
 * its fused place in both sentence orders: they judge sentences, and a table's rows are not
 * sentences, so ranking it by them would put it below every hit that has prose to match.
 */
import type { SentenceEmbedder } from './sentenceVectorCache';
import { reciprocalRankFusion, type Fused } from './fusion';
import { sentencesOf } from '../sentences';
import { holdsTable } from './tables';

export async function rerankBySentences<T>(
  query: Float32Array,
  ranked: Fused<T>[],
  textOf: (item: T) => string,
  keyOf: (item: T) => string,
  embedder: SentenceEmbedder,
  /**
   * `terms`: the question's content words (query.ts); without them only the cosine order votes.
   * `names`: the words of its code identifiers, matched whole (see bestSentenceTermWeights).
   * `embedPerChunk`: sentences per chunk embedded for the cosine order, the ones richest in the
   * question's words (default all; 0 = no cosine order, nothing embedded).
   */
  options: { top: number; signal?: AbortSignal; terms?: string[]; names?: string[]; embedPerChunk?: number },
): Promise<Fused<T>[]> {
  const head = ranked.slice(0, options.top).map((f) => f.item);
  if (head.length < 2) return ranked;
  const sentences = head.map((item) => sentencesOf(textOf(item)));
  const hasTerms = options.terms !== undefined && options.terms.length > 0;
  const pool = ranked.slice(0, TERM_POOL).map((f) => textOf(f.item));
  const perSentence = hasTerms ? sentenceTermWeights(options.terms!, sentences, pool, options.names) : sentences.map((list) => list.map(() => 0));
  const sentenceOrders: T[][] = [];
  const perChunk = options.embedPerChunk ?? Infinity;
  if (perChunk > 0) {
    const chosen = sentences.map((list, i) => pickSentences(list, perSentence[i]!, perChunk));
    const vectors = await embedder.embed(chosen.flat(), options.signal);
    let at = 0;
    const best = chosen.map((list) => {
      let max = -1;
      for (let i = 0; i < list.length; i++) max = Math.max(max, cosine(query, vectors[at + i]!));
      at += list.length;
      return max;
    });
    sentenceOrders.push(
      head
        .map((item, i) => ({ item, sim: best[i]! }))
        .sort((a, b) => b.sim - a.sim)
        .map((x) => x.item),
    );
  }
  if (hasTerms) {
    const lexical = perSentence.map((list) => Math.max(0, ...list));
    // A stable sort: ties keep the fused order.
    sentenceOrders.push(
      head
        .map((item, i) => ({ item, weight: lexical[i]! }))
        .sort((a, b) => b.weight - a.weight)
        .map((x) => x.item),
    );
  }
  if (sentenceOrders.length === 0) return ranked;
  const tabular = head.map((item) => holdsTable(textOf(item)));
  const judged = tabular.some(Boolean) ? sentenceOrders.map((order) => withFusedPlaces(order, head, tabular)) : sentenceOrders;
  // Rank fusion: the fused order carries every list's evidence (BM25, named documents, vectors) and
  // weighs as much as the sentence orders together, so a hit moves when they agree. Measured in
  // docs/benchmarks.md on fp32 and int8 MiniLM: against equal weights, this raised or held hit@1 and hit@5
  // on all three question sets (all 44: hit@5 0.93-0.95 -> 0.98). With the cosine order alone (no
  // question words) the two weigh 1 and 1, as first measured.
  const reranked = reciprocalRankFusion([{ items: head, weight: judged.length }, ...judged.map((items) => ({ items, weight: 1 }))], keyOf);
  // Hits past the reranked head keep their order, scaled below the head's last score.
  const tail = ranked.slice(head.length);
  const floor = reranked[reranked.length - 1]!.score;
  const pivot = ranked[head.length - 1]!.score;
  return [...reranked, ...tail.map((f) => ({ item: f.item, score: pivot > 0 ? (floor * f.score) / pivot : 0 }))];
}

/**
 * A sentence order with the hits it cannot judge (`fixed[i]` for head[i]) put back at their fused
 * places; the others fill the remaining places in the sentence order's sequence.
 */
export function withFusedPlaces<T>(order: readonly T[], head: readonly T[], fixed: readonly boolean[]): T[] {
  const judged = order.filter((item) => !fixed[head.indexOf(item)]);
  let next = 0;
  return head.map((item, i) => (fixed[i] ? item : judged[next++]!));
}

/** Cosine similarity (MiniLM vectors come normalised, but other embedders' need not). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Candidates whose texts estimate how rare each question word is (the fused lists fetch ~40). */
const TERM_POOL = 40;

/**
 * Prefix stemming: "converged" and "convergence", "defaults" and "default" meet. Crude, but it only
 * has to match a question's words against a handful of sentences, in any language. A code name is
 * matched whole: cut to "compl", `CompleteMulti` would meet every "complete" and weigh nothing.
 */
const stemOf = (word: string) => word.toLowerCase().slice(0, 5);
const wholeOf = (word: string) => `=${word.toLowerCase()}`;
const stemsOf = (text: string) => {
  const keys = new Set<string>();
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) keys.add(stemOf(word)).add(wholeOf(word));
  return keys;
};

/**
 * Per candidate, its best sentence's summed term weights, where a question word weighs
 * log(1 + N / (1 + n)) for n of the N pooled candidate texts containing it: words every candidate
 * shares (the manual's name, "default") count little, the rare ones that pin the answer down a lot.
 * Words in `names` (pieces of the question's code identifiers) are matched whole.
 */
export function bestSentenceTermWeights(terms: string[], sentences: string[][], pool: string[], names: string[] = []): number[] {
  return sentenceTermWeights(terms, sentences, pool, names).map((list) => Math.max(0, ...list));
}

/** Per candidate, each sentence's summed term weights (see bestSentenceTermWeights). */
export function sentenceTermWeights(terms: string[], sentences: string[][], pool: string[], names: string[] = []): number[][] {
  const whole = new Set(names.map((name) => name.toLowerCase()));
  const stems = [...new Set(terms.map((term) => (whole.has(term.toLowerCase()) ? wholeOf(term) : stemOf(term))))];
  const pooled = pool.map(stemsOf);
  const weight = new Map(stems.map((t) => [t, Math.log(1 + pooled.length / (1 + pooled.filter((words) => words.has(t)).length))]));
  return sentences.map((list) =>
    list.map((sentence) => {
      const words = stemsOf(sentence);
      let sum = 0;
      for (const t of stems) if (words.has(t)) sum += weight.get(t)!;
      return sum;
    }),
  );
}

/** The `count` sentences with the most question-word weight (ties: the earlier one). */
function pickSentences(list: string[], weights: number[], count: number): string[] {
  if (list.length <= count) return list;
  return list
    .map((sentence, i) => ({ sentence, weight: weights[i]!, i }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .slice(0, count)
    .map((x) => x.sentence);
}
