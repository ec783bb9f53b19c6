/**
 * Whether a page's clause speaks of what a claim's clause speaks of: the clause holding the page's
 * relation word ("but they clearly decrease from the 1st to the 3rd class") shares CLAUSE_WORDS
 * content words with the claim's clause holding its own ("the share … rises from first to third
 * class"), the relation words aside. Ordinals are read as words ("1st" as "first"): a page prints
 * them in digits where a writer spells them out.
 */
import { contentStems } from './claimTerms';

/** Content words the two clauses share, the relation words aside, for them to speak of one thing. */
const CLAUSE_WORDS = 2;
/** Where a clause ends: a comma, semicolon or colon, or a conjunction that starts another. */
const CLAUSE_BREAK = /[,;:]\s+|\s+(?:but|while|whereas|although)\s+/iu;
const ORDINALS: Record<string, string> = {
  '1st': 'first',
  '2nd': 'second',
  '3rd': 'third',
  '4th': 'fourth',
  '5th': 'fifth',
  '6th': 'sixth',
  '7th': 'seventh',
  '8th': 'eighth',
  '9th': 'ninth',
  '10th': 'tenth',
};

/** The content stems of each clause of `text` that holds one of `forms` (lower-case words), ordinals as words, the forms left out. */
function clausesWith(text: string, forms: readonly string[]): Array<Set<string>> {
  const left = new Set(forms.flatMap((form) => contentStems(form)));
  return text
    .split(CLAUSE_BREAK)
    .filter((clause) => (clause.toLowerCase().match(/\p{L}+/gu) ?? []).some((word) => forms.includes(word)))
    .map(
      (clause) => new Set(contentStems(clause.replace(/\b(?:1st|2nd|3rd|[4-9]th|10th)\b/giu, (o) => ORDINALS[o.toLowerCase()]!)).filter((s) => !left.has(s))),
    );
}

export function sameClauseTopic(claimText: string, said: readonly string[], pageText: string, against: readonly string[]): boolean {
  const mine = clausesWith(claimText, said);
  return clausesWith(pageText, against).some((page) => mine.some((claim) => [...claim].filter((stem) => page.has(stem)).length >= CLAUSE_WORDS));
}
