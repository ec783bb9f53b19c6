/**
 * A superlative said of another thing: "the out-of-bag estimate was consistently the best of the
 * four ways" where the page says "5-fold cross validation is consistently the best of them". The
 * claim's clause and a page clause near the sentence that says most of the claim use the same
 * superlative ("best", "fastest", "lowest") after a copula ("is consistently the best"); what comes before it in each (its subject) is told
 * apart by words of its own, and neither clause holds the other's: the page crowns another thing.
 * The page's clause is looked for up to AROUND sentences either side of the one that says most of the claim.
 * A subject one side writes as the initials of the other's words ("OOB", "out-of-bag") is the same.
 */
import { CLAIM_FUNCTION_WORDS } from '../../text/stopWords';
import { stemOf } from './claimTerms';
import type { Claim, PassageSentence } from './passageSupport';

const SUPERLATIVES = new Set([
  'best',
  'worst',
  'largest',
  'smallest',
  'biggest',
  'highest',
  'lowest',
  'fastest',
  'slowest',
  'greatest',
  'strongest',
  'weakest',
  'shortest',
  'longest',
  'simplest',
  'cheapest',
]);
/** Where a clause ends: a comma, semicolon or colon, or a conjunction that starts another. */
const CLAUSE_BREAK = /[,;:]\s+|\s+(?:but|while|whereas|although)\s+/iu;

interface Crowned {
  superlative: string;
  /** The content words before the superlative, and their stems. */
  subject: string[];
  stems: Set<string>;
  /** Every content stem of the clause, and its words. */
  clause: Set<string>;
  words: string[];
}

/** Words that say a thing is (or was) the best: "is consistently the best", "was the fastest". */
const COPULAS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'remains', 'remained']);

/** The superlative at i is said of the clause's subject ("X is consistently the best"), not a noun's attribute ("relative to the best method"). */
function said(words: readonly string[], i: number): boolean {
  if (words[i - 1] !== 'the') return false;
  for (let j = i - 2; j >= Math.max(0, i - 4); j--) if (COPULAS.has(words[j]!)) return true;
  return false;
}

function crowned(text: string): Crowned[] {
  const found: Crowned[] = [];
  for (const part of text.split(CLAUSE_BREAK)) {
    const words = part.toLowerCase().match(/\p{L}+/gu) ?? [];
    const at = words.findIndex((w, i) => SUPERLATIVES.has(w) && said(words, i));
    if (at === -1) continue;
    const content = (w: string) => w.length > 1 && !CLAIM_FUNCTION_WORDS.has(w);
    const subject = words.slice(0, at).filter(content);
    found.push({
      superlative: words[at]!,
      subject,
      stems: new Set(subject.map(stemOf)),
      clause: new Set(words.filter(content).map(stemOf)),
      words,
    });
  }
  return found;
}

/** Whether `words` holds the initials of a run of two or more of `run` (or the other way round): "oob" for "out of bag". */
function abbreviates(words: readonly string[], run: readonly string[]): boolean {
  const initials = new Set<string>();
  for (let i = 0; i < run.length; i++) {
    let letters = run[i]![0]!;
    for (let j = i + 1; j < run.length; j++) initials.add((letters += run[j]![0]!));
  }
  return words.some((w) => initials.has(w) && !CLAIM_FUNCTION_WORDS.has(w));
}

/** Sentences either side of the one that says most of the claim that are read too (the comparison may come after the setup). */
const AROUND = 2;

export function otherBest(claim: Claim, sentences: readonly PassageSentence[], about: number): string | null {
  const claimStems = new Set(claim.stems);
  const around = sentences.slice(Math.max(0, about - AROUND), about + AROUND + 1);
  for (const mine of crowned(claim.text))
    for (const sentence of around)
      for (const theirs of crowned(sentence.text)) {
        if (theirs.superlative !== mine.superlative) continue;
        const own = [...mine.stems].filter((stem) => !theirs.stems.has(stem));
        const other = [...theirs.stems].filter((stem) => !mine.stems.has(stem));
        if (own.length === 0 || other.length === 0) continue;
        if (own.some((stem) => theirs.clause.has(stem)) || other.some((stem) => claimStems.has(stem))) continue;
        const claimWords = claim.text.toLowerCase().match(/\p{L}+/gu) ?? [];
        const mineRun = mine.words.slice(0, mine.words.indexOf(mine.superlative));
        const theirsRun = theirs.words.slice(0, theirs.words.indexOf(theirs.superlative));
        if (abbreviates(theirs.words, mineRun) || abbreviates(claimWords, theirsRun)) continue;
        return sentence.text;
      }
  return null;
}
