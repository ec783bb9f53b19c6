/**
 * The pages a cited sentence is judged on, from the passages already read: pure, so the
 * calibration can replay it on stored passages. The cited paper's pages (the whole paper when it
 * could be read, ./paperPages.ts) and the other papers' pages the library search found are judged
 * against the claim (./passageSupport.ts) with one set of word weights; ./verdict.ts turns the
 * result into a verdict. With a locator, the cited pages and their neighbours (±1) are judged apart
 * from the rest of the paper: the writer asked for those.
 */
import type { NumberFact } from './claimTerms';
import { judgePassage, prepared, preparedParts, type Claim, type PassageJudgement } from './passageSupport';
import type { Passage } from './citationCheck';
import { invertedOn } from './relations';

/**
 * A word of the sentence that none of the pages read holds is more often the writer's own
 * paraphrase ("unless told otherwise") than a detail a page could state: it weighs this much of a
 * word they hold.
 */
const UNHELD_WORD_WEIGHT = 0.5;
/** Of the coverage one citation alone needs, the share each of several keys must hold on its own. */
const JOINT_SHARE = 0.5;
/** A locator's page and its neighbours count as the cited page (a claim that starts at the foot of the page before, a printed page off by one). */
export const LOCATOR_SLACK = 1;

/** A page of a document as read: its text (the passages on it joined). */
export type Page = Omit<Passage, 'coverage'> & {
  /** The passages the page's text joins, when it joins several (each is prepared once, ./passageSupport.ts). */
  parts?: string[];
  /** A passage whose own text crosses a page break may be on any of these pages (a locator naming one is honoured). */
  span?: { first: number; last: number };
  /** Two pages in a row read as one (a claim the page break cuts): it is cited by, and on, the one that holds more of the claim. */
  across?: [Page, Page];
};

export interface JudgedPage extends PassageJudgement {
  passage: Page;
  /** The page's sentence that turns the claim's relation around (./relations.ts), for the pages a verdict may rest on. */
  inverted?: string | null;
}

/** What one key of one sentence is judged on. */
export interface KeyJudgement {
  /** The cited paper's page closest to the sentence, anywhere in the paper. */
  best: JudgedPage | null;
  /** With a locator: the closest page among the cited pages and their neighbours (null when the paper has none of them). */
  cited: JudgedPage | null;
  /** The physical pages the locator names, or null without a (usable) locator. */
  locatorPages: readonly number[] | null;
  /** The cited page holding the most of the sentence among those that state one of its numbers otherwise. */
  contradicting: JudgedPage | null;
  other: JudgedPage | null;
  /** The claim's word weights over the pages read (for judging pages together). */
  weights: ReadonlyMap<string, number>;
  /** The sentence states a number ("22", "0.034", "fifteen"): a page that states it too, in context, is specific evidence. */
  statesNumber: boolean;
  /** How many numbers the sentence states. */
  numbers: number;
  /** The sentence names something (`vcovHC`, "Titanic", "Gelman"): a page that holds the name too is specific evidence. */
  statesName: boolean;
}

/**
 * Where a paper names what it is about: the start of its first page (title, authors, abstract). A
 * name found there ("RcppEigen", "lme4") is the paper's subject, stated for every page of it: a
 * table page of the RcppEigen paper need not repeat "RcppEigen".
 */
const PAPER_HEAD = 1500;

/** Judges the cited paper's pages (`cited`) and the other papers' (`others`, drafts already left out). */
export function judgeKey(claim: Claim, cited: readonly Page[], others: readonly Page[], locatorPages: readonly number[] | null = null): KeyJudgement {
  // Two pages read as one are no page of their own: they do not count in the words' weights.
  const weights = stemWeights(
    claim,
    [...cited, ...others].filter((page) => !page.across),
  );
  // A page is judged once: two pages read as one ask again for each one's coverage.
  const judgements = new Map<Page, PassageJudgement>();
  const judgedPage = (page: Page) => {
    let judged = judgements.get(page);
    if (!judged) judgements.set(page, (judged = judgePassage(claim, page.parts ?? page.text, weights)));
    return judged;
  };
  const judgeAll = (pages: readonly Page[]) =>
    pages.map((passage) => {
      const judged = judgedPage(passage);
      if (!passage.across) return { passage, ...judged };
      // Cited by (and, for a locator, on) the page of the two that holds more of the claim.
      const [first, second] = passage.across.map((p) => judgedPage(p).coverage);
      const page = first! >= second! ? passage.across[0] : passage.across[1];
      return { passage: { ...passage, page: page.page, span: undefined }, ...judged };
    });
  const head = cited.find((p) => p.page === 1)?.text.slice(0, PAPER_HEAD);
  const named = head === undefined ? null : namesHeld(claim, head);
  const citedJudged = judgeAll(cited).map((page) =>
    named && page.missing.some((fact) => named.has(fact)) ? { ...page, missing: page.missing.filter((fact) => !named.has(fact)) } : page,
  );
  outweighLoose(citedJudged, locatorPages ? citedJudged.filter((p) => onLocatorPages(p.passage, locatorPages)) : citedJudged, claim.onlyOne ?? null);
  const inWindow = locatorPages ? citedJudged.filter((p) => onLocatorPages(p.passage, locatorPages)) : [];
  const pool = locatorPages ? inWindow : citedJudged;
  const contradicting = pool.filter((page) => page.contradicted.length > 0).sort((a, b) => b.coverage - a.coverage)[0] ?? null;
  const numbers = claim.facts.filter((fact) => fact.kind === 'number').length;
  const statesNumber = numbers > 0;
  return {
    best: withRelation(claim, best(citedJudged)),
    cited: locatorPages ? withRelation(claim, best(inWindow)) : null,
    locatorPages,
    contradicting,
    other: best(judgeAll(others)),
    weights,
    statesNumber,
    numbers,
    statesName: claim.facts.some((fact) => fact.kind === 'name'),
  };
}

/**
 * A number the cited paper holds only loosely (near the claim's words, not next to what it counts)
 * is not stated when a page the claim is judged on gives another number for that very thing and
 * no page states the claim's number for it: "All six processes" outweighs an "eight" elsewhere.
 */
function outweighLoose(pages: JudgedPage[], judgedOn: readonly JudgedPage[], onlyOne: NumberFact | null): void {
  const contradicting = judgedOn.filter((page) => page.contradicted.length > 0);
  if (contradicting.length === 0) return;
  pages.forEach((page, i) => {
    // Only a page at least as close to the claim outweighs: a figure on a page about something else does not.
    const against = new Set(contradicting.filter((c) => c.coverage >= page.coverage).flatMap((c) => c.contradicted.map((x) => x.fact)));
    // "The only X" is held by any page that gives no other count of X (./onlyOne.ts): loosely.
    const held = onlyOne && !page.missing.includes(onlyOne) ? [...page.loose, onlyOne] : page.loose;
    const outweighed = held.filter((fact) => against.has(fact));
    if (outweighed.length > 0) pages[i] = { ...page, missing: [...page.missing, ...outweighed], loose: page.loose.filter((fact) => !against.has(fact)) };
  });
}

/** The page with the sentence that turns the claim's relation around, if it has one. */
function withRelation(claim: Claim, page: JudgedPage | null): JudgedPage | null {
  if (!page) return null;
  const passage = page.passage.parts ? preparedParts(page.passage.parts) : prepared(page.passage.text);
  return { ...page, inverted: invertedOn(claim, passage) };
}

/** The claim's name facts a text holds. */
function namesHeld(claim: Claim, text: string): Set<Claim['facts'][number]> {
  const { missing } = judgePassage({ ...claim, facts: claim.facts.filter((f) => f.kind === 'name') }, text, new Map());
  return new Set(claim.facts.filter((f) => f.kind === 'name' && !missing.includes(f)));
}

export function nearAny(page: number, pages: readonly number[]): boolean {
  return pages.some((p) => Math.abs(p - page) <= LOCATOR_SLACK);
}

/**
 * A page on the locator's pages or next to them. A passage that may be on several pages (it crosses
 * a break) is cited by one of them: it counts when that page is, or when one of the pages it may be
 * on is a locator's page itself. Its being next to a page next to the locator's is two pages off.
 */
function onLocatorPages(page: Page, pages: readonly number[]): boolean {
  if (page.page === null) return false;
  if (nearAny(page.page, pages)) return true;
  if (!page.span) return false;
  for (let p = page.span.first; p <= page.span.last; p++) if (pages.includes(p)) return true;
  return false;
}

/**
 * A sentence that cites several papers (`\citep{a,b}`) is backed by them together: each cited
 * page is judged with the other keys' best pages beside it, provided it holds at least
 * JOINT_SHARE of what one citation alone must hold.
 */
export function judgedTogether(claim: Claim, own: KeyJudgement, others: readonly KeyJudgement[], supported: number): KeyJudgement {
  const besides = others.map((o) => o.cited ?? o.best).filter((p): p is JudgedPage => p !== null);
  if (besides.length === 0) return own;
  const joined = (page: JudgedPage | null): JudgedPage | null => {
    if (!page || page.coverage < supported * JOINT_SHARE) return page;
    const joint = judgePassage(claim, [page.passage.text, ...besides.map((p) => p.passage.text)].join('\n\n'), own.weights);
    return joint.coverage > page.coverage ? { ...joint, passage: page.passage } : page;
  };
  return { ...own, best: joined(own.best), cited: joined(own.cited) };
}

/** Each stem of the claim weighs log(1 + N / (1 + pages holding it)) over the pages read; one no page holds, half that. */
function stemWeights(claim: Claim, pool: readonly Page[]): Map<string, number> {
  const sets = pool.map((page) => (page.parts ? preparedParts(page.parts) : prepared(page.text)).stems);
  return new Map(
    [...claim.stems, ...claim.contextStems].map((stem) => {
      const holding = sets.filter((s) => s.has(stem)).length;
      const weight = Math.log(1 + sets.length / (1 + holding));
      return [stem, holding === 0 ? weight * UNHELD_WORD_WEIGHT : weight];
    }),
  );
}

/** The page with the fewest missing facts, then the most coverage; the order read breaks ties (a page alone before two read as one). */
function best(judged: readonly JudgedPage[]): JudgedPage | null {
  let top: JudgedPage | null = null;
  for (const j of judged) {
    if (!top || j.missing.length < top.missing.length || (j.missing.length === top.missing.length && j.coverage > top.coverage)) top = j;
  }
  return top;
}
