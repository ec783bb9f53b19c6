/**
 * A claim that writes out what a paper abbreviates: "nonlinear least-squares fits" where the page
 * says `nls`, "generalized linear models" for `glm`, "conditional maximum likelihood" for "cml".
 * Each run of three or four content words in a row of a clause of the claim gives its initials; a page that holds
 * the initials as a word holds those words.
 */
import { CLAIM_FUNCTION_WORDS } from '../../text/stopWords';
import { stemOf, wordsOf } from './claimTerms';

/** For each of the claim's stems, the initials of the runs of words it is part of. */
export function acronymsOf(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  // A run stays within a clause ("Cox models, parametric …" is no run); two initials are too often a word of their own.
  for (const clause of text.split(/[,;:.()[\]]/u)) add(wordsOf(clause), found);
  return found;
}

function add(words: readonly string[], found: Map<string, string[]>): void {
  for (let i = 0; i < words.length; i++) {
    for (let length = MIN_RUN; length <= MAX_RUN && i + length <= words.length; length++) {
      const run = words.slice(i, i + length);
      if (run.some((w) => w.length < 2 || CLAIM_FUNCTION_WORDS.has(w) || !/^\p{L}/u.test(w))) break;
      const initials = stemOf(run.map((w) => w[0]).join(''));
      for (const w of run) {
        const stem = stemOf(w);
        const list = found.get(stem) ?? [];
        if (!list.includes(initials)) list.push(initials);
        found.set(stem, list);
      }
    }
  }
}

const MIN_RUN = 3;
const MAX_RUN = 4;
