/**
 * A year a claim gives an event ("first released on CRAN … in 2009") that the page's sentence
 * about that event gives otherwise ("became a CRAN package in early 2006"). The page's sentence is
 * one that holds the most of the claim's words (two at least) and writes a year: when the sentences
 * that do so write years and none of them the claim's, the year was changed. A year written elsewhere on the
 * page (the page may name many) does not state it for this event.
 */
import type { Claim, PassageSentence } from './passageSupport';

/** A year as a writer states one: four figures from 1900 to 2099. */
const YEAR = /\b(?:19|20)\d\d\b/u;
const YEARS = new RegExp(YEAR.source, 'gu');
/** The page's sentence about the event shares at least this many of the claim's words. */
const EVENT_WORDS = 2;

/** The page's sentence that gives the claim's one year's event another year, or null. */
export function otherYear(claim: Claim, sentences: readonly PassageSentence[]): string | null {
  const years = new Set<string>(claim.text.match(YEARS) ?? []);
  if (years.size !== 1) return null;
  const year = [...years][0]!;
  let closest: PassageSentence[] = [];
  let most = EVENT_WORDS - 1;
  for (const sentence of sentences) {
    let shared = 0;
    for (const stem of claim.stems) if (sentence.stems.has(stem)) shared++;
    if (shared > most) [closest, most] = [[sentence], shared];
    else if (shared === most && closest.length > 0) closest.push(sentence);
  }
  // Of the sentences that hold the most of the claim, those that date something are about its event ("None of them have matured to the point of a CRAN release" dates nothing).
  const dating = closest.filter((sentence) => YEAR.test(sentence.text));
  if (dating.length === 0 || dating.some((sentence) => sentence.text.match(YEARS)?.includes(year) === true)) return null;
  return dating[0]!.text;
}
