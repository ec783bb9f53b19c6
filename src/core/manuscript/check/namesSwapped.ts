/**
 * Named things traded between a claim's two clauses: "Portnoy's estimator generalises the
 * Nelson–Aalen estimator, whereas Peng and Huang build on the Kaplan–Meier estimator" where the
 * page says Portnoy's generalises Kaplan–Meier and Peng and Huang's builds on Nelson–Aalen; "PCR
 * captures the covariance between X and Y, while SIMPLS attends to the variance of X" where the page
 * says it the other way round. The page's clauses near the sentence that says most of the claim are
 * read one by one: a clause naming what one of the claim's clauses names, and nothing the other
 * names, says what the other clause says of its names, not what its own says, by SWAP_MARGIN words
 * or more over the clauses read together (and SWAP_WORDS at least).
 */
import { contentStems, factsOf, stemOf } from './claimTerms';
import type { Claim, PassageSentence } from './passageSupport';

/** Two clauses: "…, while …", "…, whereas …", "…, where …", "…; …", "…, but …". */
const CLAUSES = /\s*,\s+(?:while|whereas|where|but)\s+|\s+(?:while|whereas)\s+|;\s+/iu;
/** The words said of the names cross over by this many more than they stay, and by this many at least. */
const SWAP_MARGIN = 2;
const SWAP_WORDS = 3;
/** Sentences either side of the one that says most of the claim that are read too (a claim's two halves may be two sentences apart). */
const AROUND = 2;

export function namesSwapped(claim: Claim, sentences: readonly PassageSentence[], about: number): string | null {
  const parts = claim.text.split(CLAUSES);
  if (parts.length !== 2) return null;
  const names = factsOf(claim.text).filter((fact) => fact.kind === 'name');
  const [n1, n2] = parts.map((part) => new Set(names.filter((name) => part.includes(name.text)).map((name) => stemOf(name.text.toLowerCase())))) as [
    Set<string>,
    Set<string>,
  ];
  for (const stem of [...n1]) if (n2.has(stem)) [n1, n2].forEach((set) => set.delete(stem));
  if (n1.size === 0 || n2.size === 0) return null;
  const [c1, c2] = parts.map((part) => new Set(contentStems(part))) as [Set<string>, Set<string>];
  // What each clause says of its names: its own words, less the names and what both clauses say.
  const said1 = [...c1].filter((stem) => !c2.has(stem) && !n1.has(stem) && !n2.has(stem));
  const said2 = [...c2].filter((stem) => !c1.has(stem) && !n1.has(stem) && !n2.has(stem));
  let stay = 0;
  let cross = 0;
  let shown: string | null = null;
  let most = 0;
  for (const sentence of sentences.slice(Math.max(0, about - AROUND), about + AROUND + 1)) {
    for (const clause of sentence.text.split(CLAUSES)) {
      const stems = new Set(contentStems(clause));
      const has1 = [...n1].some((stem) => stems.has(stem));
      const has2 = [...n2].some((stem) => stems.has(stem));
      if (has1 === has2) continue;
      const [own, other] = has1 ? [said1, said2] : [said2, said1];
      const kept = own.filter((stem) => stems.has(stem)).length;
      const traded = other.filter((stem) => stems.has(stem)).length;
      stay += kept;
      cross += traded;
      if (traded - kept > most) {
        most = traded - kept;
        shown = sentence.text;
      }
    }
  }
  return cross >= SWAP_WORDS && cross >= stay + SWAP_MARGIN ? shown : null;
}
