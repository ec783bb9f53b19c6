/**
 * Hybrid search: the passage that full-text search and the vector list both rank first stays
 * first. Two retrievers that share no evidence (words matched against a meaning embedded) agree on
 * it; the fused order and the sentence rerank that follow only refine, and the rerank judges a
 * passage by one or two of its sentences, so it may put a near neighbour above the passage that
 * answers as a whole (a long question's answer spread over a paragraph, a table row's caption).
 * Measured in docs/benchmarks.md (2026-12-07, "Hybrid no lower than full-text"): on the manuals'
 * and the papers' development sets hybrid fell below full-text at hit@1 only through such
 * questions (both sides' first passage moved to rank 2 by the rerank); no question of any set lost
 * a first hit to the rule.
 *
 * "Full-text's first" is what a full-text search answers first: its own lists (main, named
 * documents, named papers, rare identifiers, definitions) fused with the full-text weights, after
 * reference lists and contents pages are put below the passages.
 */
import { reciprocalRankFusion, type Fused, type RankedList } from './fusion';
import { passageKey } from './distinct';

type Passage = { text: string };

/**
 * The passage of `lexical` (the full-text lists with their full-text weights) that full-text
 * search would rank first, when the vector list ranks it first too; otherwise null.
 */
export function agreedFirstPassage<T extends Passage>(
  lexical: RankedList<T>[],
  vectorFirst: T | undefined,
  demote: (fused: Fused<T>[]) => Fused<T>[],
): string | null {
  if (!vectorFirst) return null;
  const first = lexicalOrder(lexical, demote)[0];
  return first && passageKey(first) === passageKey(vectorFirst) ? passageKey(first) : null;
}

/** The passages in the order full-text search would rank them: `lexical` fused with its weights, then `demote`d. */
export function lexicalOrder<T extends Passage>(lexical: RankedList<T>[], demote: (fused: Fused<T>[]) => Fused<T>[]): T[] {
  const lists = lexical.filter((list) => list.items.length > 0 && list.weight > 0);
  return lists.length === 0 ? [] : demote(reciprocalRankFusion(lists, passageKey)).map((entry) => entry.item);
}

/** `ranked` with the passage whose key is `agreed` moved to the top (scored as the top), order otherwise kept. */
export function withAgreedFirst<T extends Passage>(ranked: Fused<T>[], agreed: string | null): Fused<T>[] {
  if (agreed === null) return ranked;
  const at = ranked.findIndex((entry) => passageKey(entry.item) === agreed);
  if (at <= 0) return ranked;
  const top = ranked[0]!.score;
  return [{ ...ranked[at]!, score: Math.max(top, ranked[at]!.score) }, ...ranked.slice(0, at), ...ranked.slice(at + 1)];
}
