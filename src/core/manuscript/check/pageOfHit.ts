/**
 * The page a passage that crosses a page break is cited by. The chunker carries the end of one page
 * into the chunk that starts the next (its overlap, so a sentence cut by the break stays whole), so
 * such a chunk starts on the earlier page but mostly holds the later one, and its text does not
 * mark the break. The page is the one of the chunk's sentence that best matches the claim: the
 * first page when that sentence lies in the chunk's first EARLY_SHARE, else the last.
 */
import type { SearchHit } from '../../index';
import { stemOf, wordsOf } from './claimTerms';
import type { Claim } from './passageSupport';

/**
 * Where in a chunk the carried-over end of the earlier page can lie: the default overlap is 150 of
 * a chunk's 1,000 characters, and a chunk may be cut as short as half its size.
 */
const EARLY_SHARE = 0.3;

export function pageOfHit(hit: SearchHit, claim: Claim): number | null {
  if (hit.pageStart === null || hit.pageEnd === null || hit.pageEnd === hit.pageStart) return hit.pageStart;
  const stems = new Set(claim.stems);
  let at = 0;
  let bestMiddle = 0;
  let bestCount = -1;
  for (const piece of hit.text.split(/(?<=[.!?;:])\s+|\n{2,}/u)) {
    const count = wordsOf(piece).filter((word) => stems.has(stemOf(word))).length;
    if (count > bestCount) {
      bestCount = count;
      bestMiddle = at + piece.length / 2;
    }
    at += piece.length + 1;
  }
  return bestMiddle / hit.text.length < EARLY_SHARE ? hit.pageStart : hit.pageEnd;
}
