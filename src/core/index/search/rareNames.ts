/**
 * Hybrid search: a question that names a rare code name (`NMES`, `glp_simplex`, `CompleteMulti`:
 * fewer passages hold it than a candidate list holds, candidates.ts `identifierRows`) asks about
 * it. When full-text search ranks a passage holding it first and the vector lists (the whole
 * question or one of its parts) found that passage too, their votes for neighbours that share the
 * rest of the question's words must not push every passage holding the name out of the first hits: papers-heldout-3's pt02 ("… the NMES doctor visits
 * data …", full-text rank 1) had none of hybrid's first 5 hits holding "NMES", the answer at rank
 * 10, and the absence check refused it for that name. Only a passage both sides found is kept:
 * moving up any passage holding the name, or full-text's first alone, made unanswerable questions
 * about a real name look answered (u06 "… on an NVIDIA GPU?", v13 "… a GitLab merge request …") (docs/benchmarks.md, 2026-12-07, "A rare name the question names").
 */
import type { Fused } from './fusion';
import { passageKey } from './distinct';

/** The hits an answer reads first (the absence check's top 5, the extractive answer's quotes). */
export const RARE_NAME_WITHIN = 5;

/** Full-text's first passage (`lexicalFirst`) when one of the vector lists holds it too: none otherwise. */
export function bothFound<T extends { text: string }>(lexicalFirst: T | undefined, vectorLists: readonly (readonly T[])[]): T[] {
  if (!lexicalFirst) return [];
  const key = passageKey(lexicalFirst);
  return vectorLists.some((list) => list.some((row) => passageKey(row) === key)) ? [lexicalFirst] : [];
}

/**
 * `ranked` where each list of `holding` (the passages that hold one rare name) has a passage
 * among the first `within`: when none of them is there and a passage of `backed` (full-text's
 * first, when the vector lists hold it too) holds the name, that passage moves to the last of
 * those places, the hits above kept in their order; it takes the score of the hit it displaces,
 * so scores still fall.
 */
export function reachRareNames<T extends { text: string }>(
  ranked: Fused<T>[],
  holding: readonly (readonly T[])[],
  backed: readonly T[],
  within = RARE_NAME_WITHIN,
): Fused<T>[] {
  const result = [...ranked];
  const backedKeys = new Set(backed.map(passageKey));
  for (const passages of holding) {
    const keys = new Set(passages.map(passageKey));
    if (result.slice(0, within).some((entry) => keys.has(passageKey(entry.item)))) continue;
    const at = result.findIndex((entry) => keys.has(passageKey(entry.item)) && backedKeys.has(passageKey(entry.item)));
    if (at < 0) continue;
    const [entry] = result.splice(at, 1);
    const slot = Math.min(within - 1, result.length);
    result.splice(slot, 0, { ...entry!, score: result[slot]?.score ?? entry!.score });
  }
  return result;
}
