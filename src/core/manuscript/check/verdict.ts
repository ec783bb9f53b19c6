/**
 * The verdict on one key of one cited sentence from its judged pages (./judgeCitation.ts), first
 * that applies:
 * - supported: a cited page (a locator's page or its neighbour; without a locator, any page of the
 *   cited paper) holds at least `supported` of the sentence and every fact, and no other paper's
 *   page holding every fact holds clearly more (`clearlyBetter`);
 * - other-page: with a locator, another page of the cited paper does, the cited ones do not, and
 *   the cited page does not hold more of the sentence while giving another number for what it
 *   counts (then the number was changed: contradicted);
 * - contradicted: the cited paper's closest page, or one holding at least `supported` of the
 *   sentence, states one of its numbers otherwise;
 * - not-found: anything else.
 * A verdict other than supported names another paper when one of its pages holds every fact and
 * at least `suggested` of the sentence (`supported`, when the sentence states a number or a name: a
 * page that states the same numbers in context, or names the same things, is specific evidence). Reasons name pages as the
 * reader numbers them (printed labels), in one plain line.
 */
import type { JudgedPage, KeyJudgement } from './judgeCitation';
import type { CheckThresholds, CitationCheck, Passage } from './citationCheck';

/** Calibrated on the calibration half of the development manuscript set (test/eval/manuscript/README.md). */
export const THRESHOLDS: CheckThresholds = { supported: 0.42, suggested: 0.48, clearlyBetter: 0.2 };
/**
 * Evidence besides the words lowers the share of them a page must hold, to this much of it: the
 * writer's locator pointing at the page (the page was chosen by someone who read it), or the
 * sentence's numbers stated there in context (a page that gives the same figures about the same
 * thing is specific).
 */
export const CORROBORATED = 0.75;

/** At most this many pieces of evidence besides the words lower the share a page must hold (each by CORROBORATED). */
export const MAX_CORROBORATIONS = 2;

/**
 * The evidence besides the words that a page states the claim: the writer's locator pointing at it,
 * and each of the sentence's numbers the page states next to what it counts or names (a number
 * held only loosely, near the claim's words, is one piece at most). Independent pieces compound: a
 * cited page that gives both of the sentence's figures for the same things ("fifteen parameters",
 * "log-likelihood -12090.1") needs fewer of its words than a page with one or none.
 */
export function corroborations(page: JudgedPage, located: boolean, numbers: number): number {
  const exact = page.missing.length === 0 ? numbers - page.loose.length : 0;
  const found = (located ? 1 : 0) + exact;
  return Math.min(MAX_CORROBORATIONS, Math.max(found, located || numbers > 0 ? 1 : 0));
}

export type KeyVerdict = Pick<CitationCheck, 'verdict' | 'evidence' | 'suggested' | 'reason' | 'cause'>;

export interface VerdictNames {
  /** The user's key for a suggested paper. */
  keyForPath(path: string): string | null;
  /** A physical page as the reader numbers it. */
  pageLabel(path: string, page: number): string;
}

export function verdictOf(judgement: KeyJudgement, limits: CheckThresholds, names: VerdictNames, whole: boolean): KeyVerdict {
  const { best, cited, locatorPages, other, contradicting, statesNumber } = judgement;
  const page = (p: JudgedPage) => (p.passage.page === null ? 'its closest passage' : `p. ${names.pageLabel(p.passage.path, p.passage.page)}`);
  const citedText = locatorPages ? `the cited ${pagesText(judgement, names)}` : null;
  const isCited = (p: JudgedPage) => locatorPages !== null && p === cited;
  const says = (p: JudgedPage | null): p is JudgedPage =>
    p !== null && p.missing.length === 0 && p.coverage >= limits.supported * CORROBORATED ** corroborations(p, isCited(p), judgement.numbers);
  // Another paper's page that states the sentence's numbers in context needs only the coverage a supporting page needs.
  const suggestBar = statesNumber || judgement.statesName ? Math.min(limits.suggested, limits.supported) : limits.suggested;
  const closest = locatorPages ? (says(cited) ? cited : says(best) ? best : (cited ?? best)) : best;
  const otherSays = other && other.missing.length === 0 && other.coverage >= suggestBar && (!closest || other.coverage > closest.coverage) ? other : null;
  const suggested = otherSays ? { ...passageOf(otherSays), key: names.keyForPath(otherSays.passage.path) } : null;
  const outdone = (p: JudgedPage) => otherSays !== null && otherSays.coverage >= p.coverage + limits.clearlyBetter;

  const onPage = locatorPages ? cited : best;
  // A page that holds the claim's words and facts but turns its relation around says the opposite.
  const turned = [onPage, best].find((p): p is JudgedPage => says(p) && !outdone(p) && !!p.inverted);
  if (turned && (turned === onPage || !says(onPage))) {
    return {
      verdict: 'contradicted',
      evidence: passageOf(turned),
      suggested,
      cause: 'relation-differs',
      reason: `${page(turned)} says otherwise: “${turned.inverted!.replace(/\s+/g, ' ').trim()}”`,
    };
  }
  if (says(onPage) && !outdone(onPage)) {
    const where =
      locatorPages && onPage.passage.page !== null && !locatorPages.includes(onPage.passage.page)
        ? `supported on ${page(onPage)}, next to ${citedText}`
        : `supported on ${citedText ?? page(onPage)}`;
    return { verdict: 'supported', evidence: passageOf(onPage), suggested: null, cause: 'states-it', reason: where };
  }
  // The cited page, closer to the sentence than the page elsewhere, gives another number for what it counts: the number was changed.
  // So was a value a cited page sets otherwise ("γ = 0" for "set to one") that the page elsewhere does not set (./settings.ts).
  const setOtherwise = contradicting !== null && contradicting.contradicted.some(({ fact }) => fact.setting && !best?.settled?.includes(fact));
  const changed = setOtherwise || (cited !== null && cited.contradicted.length > 0 && best !== null && cited.coverage > best.coverage);
  if (locatorPages && says(best) && !outdone(best) && !changed) {
    return {
      verdict: 'other-page',
      evidence: passageOf(best),
      suggested: null,
      cause: 'elsewhere',
      reason: `supported on ${page(best)}, not on ${citedText}`,
    };
  }
  if (closest && says(closest) && otherSays) {
    return {
      verdict: 'not-found',
      evidence: passageOf(closest),
      suggested,
      cause: 'other-paper',
      reason: `another paper says it more fully than the cited paper's ${page(closest)}`,
    };
  }
  // A page about the sentence's subject that gives another number for what it counts.
  const own = locatorPages ? cited : best;
  const against =
    own && own.contradicted.length > 0 ? own : contradicting && (contradicting.coverage >= limits.supported || setOtherwise) ? contradicting : null;
  if (against) {
    const [first] = against.contradicted;
    return {
      verdict: 'contradicted',
      evidence: passageOf(against),
      suggested,
      cause: 'number-differs',
      reason: `${page(against)} gives ${first!.passage} where the sentence says ${first!.claim}`,
    };
  }
  const shown = own ?? best;
  return { verdict: 'not-found', evidence: shown ? passageOf(shown) : null, suggested, ...notFound(judgement, citedText, whole, page) };
}

function notFound(
  { best, cited, locatorPages }: KeyJudgement,
  citedText: string | null,
  whole: boolean,
  page: (p: JudgedPage) => string,
): Pick<KeyVerdict, 'cause' | 'reason'> {
  if (!best) return { cause: 'no-passage', reason: 'no passage of the cited paper could be read' };
  const own = locatorPages ? cited : best;
  const paper = whole ? 'no page of the cited paper' : 'none of the cited paper’s closest passages';
  const facts = (p: JudgedPage) => p.missing.map((f) => `“${f.text}”`).join(', ');
  if (best.missing.length > 0) {
    const there = citedText && own ? `${citedText} does not state ${facts(own)}, and ` : '';
    return { cause: 'missing-fact', reason: `${there}${paper} states ${facts(best)}` };
  }
  if (citedText) return { cause: 'few-words', reason: `${citedText} does not say this, nor does another page (the closest is ${page(best)})` };
  return {
    cause: 'few-words',
    reason: `${whole ? 'the cited paper does not say this' : 'the cited paper’s closest passages do not say this'} (the closest is ${page(best)})`,
  };
}

/** The locator's pages as the reader numbers them: `p. 19`, `pp. 3-5`. */
function pagesText({ locatorPages, best, cited }: KeyJudgement, names: VerdictNames): string {
  const pages = locatorPages ?? [];
  const path = (cited ?? best)?.passage.path;
  const label = (p: number) => (path ? names.pageLabel(path, p) : String(p));
  if (pages.length === 0) return 'page';
  const contiguous = pages.every((p, i) => i === 0 || p === pages[i - 1]! + 1);
  if (pages.length === 1) return `p. ${label(pages[0]!)}`;
  return contiguous ? `pp. ${label(pages[0]!)}-${label(pages[pages.length - 1]!)}` : `pp. ${pages.map(label).join(', ')}`;
}

function passageOf(judged: JudgedPage): Passage {
  return { ...judged.passage, coverage: Math.round(judged.coverage * 1000) / 1000 };
}
