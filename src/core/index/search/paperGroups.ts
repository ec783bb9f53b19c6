/**
 * The papers a question names, as the lists search adds for them (search.ts): each strongly named
 * paper on its own, the weaker candidates together.
 */
import type { PaperMention } from '../../papers/mentions';
import type { PaperGroup } from './candidates';

/** A mention this strong names the paper; weaker ones are candidates. */
const STRONG_MENTION = 0.75;
/**
 * A mention this strong names it exactly (first author and year the record agrees with, a citekey,
 * a quoted title): the paper's own list then decides the order of its passages. Reciprocal rank
 * fusion (K = 60) flattens ranks, so a list weighing as much as the main full-text list cannot
 * move the abstract, which shares every topic word of the paper, below the passage that answers.
 * Measured on the papers' development questions, full-text (docs/benchmarks.md): author-year
 * hit@1 0.50 at weights 1 and 3, 0.67 at 5, 0.83 at 8 and at 10.
 */
export const PRECISE_MENTION = 0.9;
const PRECISE_WEIGHT = 8;
/** Papers searched one by one: a question may compare two or three; more is a topic, not a paper. */
const MAX_PAPER_LISTS = 3;
/** Weaker candidates searched together (an author without a year): enough for a prolific author's papers. */
const MAX_CANDIDATE_PAPERS = 8;
/** Weaker mentions name nothing. */
export const MIN_MENTION = 0.4;

/**
 * Papers searched one by one (the strongly named, at most MAX_PAPER_LISTS) and the weaker
 * candidates together at half weight: "Hothorn et al. (2006)" names the 2006 paper and, weaker,
 * a vignette of the same authors that prints no year.
 */
export function paperGroups(mentions: readonly PaperMention[], weight: number): PaperGroup[] {
  const strong = mentions.filter((m) => m.strength >= STRONG_MENTION).slice(0, MAX_PAPER_LISTS);
  const weak = mentions.filter((m) => m.strength < STRONG_MENTION).slice(0, MAX_CANDIDATE_PAPERS);
  // Papers named side by side share the question: each weighs as much as the most exactly named,
  // or the one named exactly would fill the first hits and the other paper miss them.
  const top = strong.some((m) => m.strength >= PRECISE_MENTION) ? weight * PRECISE_WEIGHT : weight;
  // Inside one paper its own title words are everywhere: they are left out there with the naming words.
  const groups = strong.map((m) => ({
    paths: [m.path],
    words: new Set([...m.words, ...m.titleWords]),
    weight: top,
  }));
  if (weak.length > 0)
    groups.push({
      paths: weak.map((m) => m.path),
      // One candidate is searched as a named paper is; several share no title.
      words: new Set(weak.flatMap((m) => (weak.length === 1 ? [...m.words, ...m.titleWords] : m.words))),
      weight: weight / 2,
    });
  return groups;
}

/** Mentions this strong name a paper a question asks about side by side ("the e1071 SVM article and the kernlab paper"). */
export const SIDE_BY_SIDE_MENTION = 0.6;
/** The hits an answer quotes first (the absence check's top, the extractive answer's passages). */
export const EACH_PAPER_WITHIN = 5;

/**
 * A question that names two or three papers needs a passage of each: the one paper whose words
 * fill the question (and its own title list) would otherwise take every first hit. A named paper
 * with no hit among the first `within` gets its best one at the end of them, the hits above kept
 * in their order; its score is the one of the hit it displaces, so scores still fall.
 */
export function reachEachPaper<T extends { item: { path: string }; score: number }>(ranked: T[], paths: readonly string[], within: number): T[] {
  const result = [...ranked];
  const missing = paths.filter((path) => !result.slice(0, within).some((entry) => entry.item.path === path));
  let slot = within - missing.length;
  for (const path of missing) {
    const at = result.findIndex((entry) => entry.item.path === path);
    if (at < 0 || slot < 0) continue;
    const [entry] = result.splice(at, 1);
    result.splice(slot, 0, { ...entry!, score: result[slot]?.score ?? entry!.score });
    slot++;
  }
  return result;
}
