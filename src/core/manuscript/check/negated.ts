/**
 * A claim stated plainly where the page denies it: "local kriging in gstat selects its neighbours
 * with an octant search" where the page's sentence about the octant search goes on "However, these
 * alternatives are not yet available in gstat"; "lme4 provides p values" where the page says "lme4
 * does not provide p values". The claim has no negation; the page's sentence that says most of it
 * (or the next one, when it speaks of it as "these", "this", "such", "it", "they") has one:
 * - of availability: "not (yet) available / implemented / supported / possible", "unavailable";
 * - of the claim's own word: "not" (and the like) right before a word of the claim, with no
 *   "but", "instead", "rather" or "only" after it to say what holds instead ("not by least squares
 *   but by maximum likelihood" sets one way aside for another the claim may name).
 */
import { CLAIM_FUNCTION_WORDS } from '../../text/stopWords';
import { stemOf } from './claimTerms';
import type { Claim, PassageSentence } from './passageSupport';

const NEGATIONS = new Set(['not', 'no', 'never', 'cannot', 'neither', 'nor', 'without']);
/** Contractions as the words split them: "doesn't" is "doesn", "t". */
const CONTRACTED = new Set(['doesn', 'don', 'isn', 'aren', 'wasn', 'weren', 'can', 'couldn', 'won', 'wouldn', 'hasn', 'haven', 'didn']);
/** Words by which a claim denies or sets aside something itself. */
const CLAIM_DENIALS = new Set(['none', 'rather', 'instead', 'unlike']);
/** Words that say a thing exists or works, and one word that denies it outright. */
const AVAILABLE = new Set(['available', 'implemented', 'supported', 'possible', 'provided', 'offered', 'included', 'allowed', 'feasible']);
const UNAVAILABLE = new Set(['unavailable', 'unsupported', 'unimplemented', 'impossible']);
/** Words between a negation and what it denies: "not yet available", "does not currently support". */
const BETWEEN = new Set(['yet', 'currently', 'presently', 'always', 'directly', 'be', 'been', 'is', 'are', 'at', 'all']);
/** Words after the denied one that say what holds instead. */
const INSTEAD = new Set(['but', 'instead', 'rather', 'only']);
/** A sentence that starts by pointing back at the one before. */
const POINTS_BACK = /^\s*(?:(?:however|but|yet|unfortunately)\s*,?\s+)?(?:these|this|such|it|they|those)\b/iu;
/** How far after a negation the word it denies may come. */
const REACH = 3;

function negationAt(words: readonly string[], i: number): boolean {
  const word = words[i]!;
  return NEGATIONS.has(word) || (word === 't' && i > 0 && CONTRACTED.has(words[i - 1]!));
}

export function negatedOn(claim: Claim, sentences: readonly PassageSentence[], about: number): string | null {
  const claimWords = claim.text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const sentence = sentences[about]!;
  // A negation both write before the same word names a thing ("the null of no cointegration"): it denies nothing on either side.
  const shared = sharedNegations(claimWords, sentence.words);
  // "… the non-linear ones have none" denies too (a page's "None" may head a table's column: not read there), and "A rather than B" sets B aside.
  if (claimWords.some((word, i) => (negationAt(claimWords, i) && !shared.has(claimWords[i + 1]!)) || UNAVAILABLE.has(word) || CLAIM_DENIALS.has(word)))
    return null;
  const stems = new Set(claim.stems);
  if (deniesClaimWord(sentence.words, stems, shared) || deniesAvailability(sentence.words)) return sentence.text;
  const next = sentences[about + 1];
  if (next && POINTS_BACK.test(next.text) && deniesAvailability(next.words)) return next.text;
  return null;
}

/** The words that a negation comes right before in both texts ("cointegration" of "no cointegration"). */
function sharedNegations(claimWords: readonly string[], words: readonly string[]): Set<string> {
  const negated = (list: readonly string[]) => list.flatMap((_, i) => (negationAt(list, i) && i + 1 < list.length ? [list[i + 1]!] : []));
  const page = new Set(negated(words));
  return new Set(negated(claimWords).filter((word) => page.has(word)));
}

/** "not yet available", "is not supported", "unavailable". */
function deniesAvailability(words: readonly string[]): boolean {
  return words.some((word, i) => UNAVAILABLE.has(word) || (AVAILABLE.has(word) && negatedBefore(words, i)));
}

/** A negation before word i, with only BETWEEN words (or a verb's helper) in between. */
function negatedBefore(words: readonly string[], i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - REACH); j--) {
    if (negationAt(words, j)) return true;
    if (!BETWEEN.has(words[j]!)) return false;
  }
  return false;
}

/** "does not provide p values" against "provides p values": the first content word after the negation is the claim's. */
function deniesClaimWord(words: readonly string[], stems: ReadonlySet<string>, shared: ReadonlySet<string>): boolean {
  for (let i = 0; i < words.length; i++) {
    if (!negationAt(words, i) || shared.has(words[i + 1]!)) continue;
    const end = Math.min(words.length, i + 1 + REACH);
    const at = words.slice(i + 1, end).findIndex((w) => !CLAIM_FUNCTION_WORDS.has(w) && !BETWEEN.has(w) && w.length > 1);
    if (at === -1 || !stems.has(stemOf(words[i + 1 + at]!))) continue;
    if (words.slice(i + 2 + at).some((w) => INSTEAD.has(w))) continue;
    return true;
  }
  return false;
}
