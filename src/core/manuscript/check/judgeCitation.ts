/**
 * The verdict on one key of one cited sentence, from the passages already retrieved: pure, so the
 * calibration can replay it on stored search results. Passages of one page of one document are
 * read together (a claim often spans the chunks of a page). Verdicts, first that applies:
 * - supported: a cited page holds at least `supported` of the sentence and every fact, and no
 *   other paper's page holds clearly more (`clearlyBetter`) with every fact;
 * - contradicted: the cited paper's closest page, or one holding at least `supported` of the
 *   sentence, states one of its numbers otherwise;
 * - not-found: anything else.
 * A verdict other than supported names another paper when one of its pages holds every fact and
 * at least `suggested` of the sentence (`supported`, when the sentence states a number in digits: a
 * page that states the same numbers in context is specific evidence).
 */
import type { SearchHit } from '../../index';
import { judgePassage, prepared, type Claim, type PassageJudgement } from './passageSupport';
import { pageOfHit } from './pageOfHit';
import type { CheckThresholds, CitationCheck, Passage } from './citationCheck';

/** Calibrated on the calibration half of the manuscript set (test/eval/manuscript/README.md). */
export const THRESHOLDS: CheckThresholds = { supported: 0.36, suggested: 0.575, clearlyBetter: 0.2 };
/**
 * A word of the sentence that none of the retrieved passages holds is more often the writer's own
 * paraphrase ("unless told otherwise") than a detail a passage could state: it weighs this much of
 * a word they hold.
 */
const UNHELD_WORD_WEIGHT = 0.5;
/** Of the coverage one citation alone needs, the share each of several keys must hold on its own. */
const JOINT_SHARE = 0.5;

export interface JudgedPage extends PassageJudgement {
  passage: Omit<Passage, 'coverage'>;
}

export type KeyVerdict = Pick<CitationCheck, 'verdict' | 'evidence' | 'suggested' | 'reason'>;

/** The best page of the cited paper and of the other papers, for one sentence. */
export interface KeyJudgement {
  cited: JudgedPage | null;
  /** The cited page holding the most of the sentence among those that state one of its numbers otherwise. */
  contradicting: JudgedPage | null;
  other: JudgedPage | null;
  /** The claim's word weights over the retrieved pages (for judging pages together). */
  weights: ReadonlyMap<string, number>;
  /** The sentence states a number in digits ("22", "0.034"; not "three"): a page that states it too is specific evidence. */
  statesNumber: boolean;
}

/** Judges the retrieved passages: the cited paper's (`cited`) and the other papers' (`others`, drafts already left out). */
export function judgeKey(claim: Claim, cited: readonly SearchHit[], others: readonly SearchHit[]): KeyJudgement {
  const citedPages = byPage(cited, claim);
  const otherPages = byPage(others, claim);
  const weights = stemWeights(
    claim,
    [...citedPages, ...otherPages].map((p) => p.text),
  );
  const judgeAll = (pages: Array<Omit<Passage, 'coverage'>>) => pages.map((passage) => ({ passage, ...judgePassage(claim, passage.text, weights) }));
  const citedJudged = judgeAll(citedPages);
  const contradicting = citedJudged.filter((page) => page.contradicted.length > 0).sort((a, b) => b.coverage - a.coverage)[0] ?? null;
  const statesNumber = claim.facts.some((fact) => fact.kind === 'number' && /^\d/.test(fact.text));
  return { cited: best(citedJudged), contradicting, other: best(judgeAll(otherPages)), weights, statesNumber };
}

/** The verdict from a judgement; `keyForPath` names a suggested paper by the user's key. */
export function verdictOf(judgement: KeyJudgement, limits: CheckThresholds, keyForPath: (path: string) => string | null): KeyVerdict {
  const { cited, other, contradicting, statesNumber } = judgement;
  // Another paper's page that states the sentence's numbers in context needs only the coverage a supporting page needs.
  const bar = statesNumber ? Math.min(limits.suggested, limits.supported) : limits.suggested;
  const otherSays = other && other.missing.length === 0 && other.coverage >= bar && (!cited || other.coverage > cited.coverage) ? other : null;
  const suggested = otherSays ? { ...passageOf(otherSays), key: keyForPath(otherSays.passage.path) } : null;
  if (cited && cited.missing.length === 0 && cited.coverage >= limits.supported) {
    if (!(otherSays && otherSays.coverage >= cited.coverage + limits.clearlyBetter)) {
      return {
        verdict: 'supported',
        evidence: passageOf(cited),
        suggested: null,
        reason: `the page holds ${percent(cited.coverage)} of the sentence and each of its numbers and names`,
      };
    }
    return {
      verdict: 'not-found',
      evidence: passageOf(cited),
      suggested,
      reason: `another paper says it more fully (${percent(otherSays.coverage)} of the sentence against ${percent(cited.coverage)})`,
    };
  }
  // A page about the sentence's subject that gives another number for what it counts.
  const against = cited && cited.contradicted.length > 0 ? cited : contradicting && contradicting.coverage >= limits.supported ? contradicting : null;
  if (against) {
    const [first] = against.contradicted;
    return {
      verdict: 'contradicted',
      evidence: passageOf(against),
      suggested,
      reason: `the paper says ${first!.passage} where the sentence says ${first!.claim}`,
    };
  }
  return { verdict: 'not-found', evidence: cited ? passageOf(cited) : null, suggested, reason: notFoundReason(cited) };
}

/**
 * A sentence that cites several papers (`\citep{a,b}`) is backed by them together: each cited
 * page is judged with the other keys' best pages beside it, provided it holds at least
 * JOINT_SHARE of what one citation alone must hold.
 */
export function judgedTogether(claim: Claim, own: KeyJudgement, others: readonly KeyJudgement[], limits: CheckThresholds): KeyJudgement {
  const page = own.cited;
  const besides = others.map((o) => o.cited).filter((p): p is JudgedPage => p !== null);
  if (!page || besides.length === 0 || page.coverage < limits.supported * JOINT_SHARE) return own;
  const joint = judgePassage(claim, [page.passage.text, ...besides.map((p) => p.passage.text)].join('\n\n'), own.weights);
  return joint.coverage > page.coverage ? { ...own, cited: { ...joint, passage: page.passage } } : own;
}

/**
 * Hits grouped by document and the page they start on, in the search's order, their texts joined;
 * each group cited by the page its first hit mostly lies on (./pageOfHit.ts).
 */
function byPage(hits: readonly SearchHit[], claim: Claim): Array<Omit<Passage, 'coverage'>> {
  const pages = new Map<string, Omit<Passage, 'coverage'>>();
  for (const hit of hits) {
    const key = `${hit.path}\u0000${hit.pageStart ?? `lines ${hit.lineStart}`}`;
    const page = pages.get(key);
    if (page) page.text += `\n\n${hit.text}`;
    else pages.set(key, { path: hit.path, page: pageOfHit(hit, claim), text: hit.text });
  }
  return [...pages.values()];
}

/** Each stem of the claim weighs log(1 + N / (1 + pages holding it)) over the retrieved pages; one no page holds, half that. */
function stemWeights(claim: Claim, pool: readonly string[]): Map<string, number> {
  const sets = pool.map((text) => prepared(text).stems);
  return new Map(
    claim.stems.map((stem) => {
      const holding = sets.filter((s) => s.has(stem)).length;
      const weight = Math.log(1 + sets.length / (1 + holding));
      return [stem, holding === 0 ? weight * UNHELD_WORD_WEIGHT : weight];
    }),
  );
}

/** The page with the fewest missing facts, then the most coverage; the search's order breaks ties. */
function best(judged: JudgedPage[]): JudgedPage | null {
  let top: JudgedPage | null = null;
  for (const j of judged) {
    if (!top || j.missing.length < top.missing.length || (j.missing.length === top.missing.length && j.coverage > top.coverage)) top = j;
  }
  return top;
}

function passageOf(judged: JudgedPage): Passage {
  return { ...judged.passage, coverage: Math.round(judged.coverage * 1000) / 1000 };
}

function notFoundReason(cited: JudgedPage | null): string {
  if (!cited) return 'the search found no passage in the cited paper';
  if (cited.missing.length > 0) return `the closest page does not state ${cited.missing.map((f) => JSON.stringify(f.text)).join(', ')}`;
  return `the closest page holds only ${percent(cited.coverage)} of the sentence`;
}

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}
