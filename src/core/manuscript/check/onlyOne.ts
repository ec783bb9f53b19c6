/**
 * "The only X" counts X: one. A page that says "two explicit methods" where the claim says "the
 * only explicit solver" gives another count for it (./passageSupport.ts). The claim need not find
 * "one" on the page: the count is only ever contradicted, never missing.
 */
import { singularOf, unitAfter, type NumberFact } from './claimTerms';

const THE_ONLY = /\bthe\s+only\s+/iu;

export function onlyOneOf(sentence: string): NumberFact | null {
  const m = THE_ONLY.exec(sentence);
  if (!m) return null;
  const rest = sentence.slice(m.index + m[0].length, m.index + m[0].length + 40);
  const unitWords = unitAfter(rest, singularOf);
  if (unitWords.length === 0) return null;
  return { kind: 'number', text: m[0].trim(), value: 1, decimals: 0, unit: unitAfter(rest), unitWords, label: null, labelParts: [] };
}
