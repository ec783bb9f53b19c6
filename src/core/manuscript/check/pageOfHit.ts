/**
 * The page a passage that crosses a page break is cited by. The chunker carries the end of one page
 * into the chunk that starts the next (its overlap, so a sentence cut by the break stays whole), so
 * such a chunk starts on the earlier page but mostly holds the later one, and its text does not
 * mark the break. The page is the one of the chunk's sentence that best matches the claim: the
 * earlier page when that sentence starts inside the carried-over text, else the later one. How
 * much was carried over is known exactly when the previous passage was read too (`carried`: the
 * text the two share); a search hit alone is judged by where the sentence lies (EARLY_SHARE).
 * A chunk can also cross a break in its own text (a page's short end packed with the next page's
 * start): its own text may be on either page, so `first` and `last` give the pages it may be on
 * (a locator naming either is honoured).
 */
import type { SearchHit } from '../../index';
import { prepared, type Claim } from './passageSupport';

/**
 * Where in a chunk the carried-over end of the earlier page can lie, when the previous chunk is not
 * known: the default overlap is 150 of a chunk's 1,000 characters, and a chunk may be cut as short
 * as half its size.
 */
const EARLY_SHARE = 0.3;

export interface HitPage {
  page: number | null;
  /** The pages the claim's sentence may lie on (equal to `page` unless the chunk's own text crosses a break). */
  first: number | null;
  last: number | null;
}

export function pageOfHit(hit: SearchHit, claim: Claim): number | null {
  return placeOfHit(hit, claim).page;
}

/** The page of the claim's best sentence in the passage; `carried` is the length of the text it shares with the passage before it, when known. */
export function placeOfHit(hit: SearchHit, claim: Claim, carried?: number): HitPage {
  const { pageStart, pageEnd } = hit;
  if (pageStart === null || pageEnd === null || pageEnd === pageStart) return { page: pageStart, first: pageStart, last: pageStart };
  const stems = new Set(claim.stems);
  let bestStart = 0;
  let bestMiddle = 0;
  let bestCount = -1;
  // The passage's sentences as the judgement reads them (read once, ./passageSupport.ts), not split again per claim.
  for (const sentence of prepared(hit.text).sentences) {
    let count = 0;
    for (const stem of sentence.wordStems) if (stems.has(stem)) count++;
    if (count > bestCount) {
      bestCount = count;
      bestStart = sentence.start;
      bestMiddle = sentence.start + sentence.text.length / 2;
    }
  }
  if (carried === undefined) {
    const page = bestMiddle / hit.text.length < EARLY_SHARE ? pageStart : pageEnd;
    return { page, first: page, last: page };
  }
  if (bestStart < carried) return { page: pageStart, first: pageStart, last: pageStart };
  return { page: pageEnd, first: pageStart, last: pageEnd };
}

/** How much of a passage's start repeats the end of the passage before it (the chunker's overlap). */
export function carriedOver(previous: string, text: string): number {
  const probe = text.slice(0, 40);
  if (probe === '') return 0;
  for (let at = previous.indexOf(probe, Math.max(0, previous.length - 2000)); at !== -1; at = previous.indexOf(probe, at + 1)) {
    const tail = previous.slice(at);
    if (text.startsWith(tail)) return tail.length;
  }
  return 0;
}
