/**
 * A page may name a count by a symbol and give its value apart: "the node is split into B locally
 * optimal segments (currently only B = 2 is implemented)". A sentence that counts those things
 * otherwise ("split into three segments") is contradicted by the value, when the page gives the
 * symbol one value only (a simulation's "K = 2, 3, 5" is no count of the method's).
 */
import { stemOf } from './claimTerms';
import type { NumberFact } from './claimTerms';

/** A page's sentence as this rule reads it (./passageSupport.ts prepares it; named here so the two files do not import each other). */
interface Clause {
  text: string;
  stems: { has(stem: string): boolean };
}

/** A capital letter (not the words "A" and "I") or a Greek letter, as a word of its own, and up to three words after it. */
const SYMBOL_BEFORE_WORDS = /(?<![\p{L}\p{N}])([B-HJ-Z\u0391-\u03a9\u03b1-\u03c9])\s+([\p{L}-]+)(?:\s+([\p{L}-]+))?(?:\s+([\p{L}-]+))?/gu;

/** The value the page gives the symbol that counts what the fact counts, when it differs from the fact's; else null. */
export function symbolCountOtherwise(fact: NumberFact, sentences: readonly Clause[]): string | null {
  const counted = fact.unit[0];
  if (fact.decimals !== 0 || counted === undefined) return null;
  const symbols = new Set<string>();
  for (const sentence of sentences) {
    if (!sentence.stems.has(counted)) continue;
    for (const m of sentence.text.matchAll(SYMBOL_BEFORE_WORDS)) {
      if (m.slice(2).some((word) => word !== undefined && stemOf(word) === counted)) symbols.add(m[1]!);
    }
  }
  for (const symbol of symbols) {
    const values = new Set<number>();
    const assigned = new RegExp(String.raw`(?<![\p{L}\p{N}])${symbol}\s*=\s*(\d+)(?![\d.,])`, 'gu');
    for (const sentence of sentences) for (const m of sentence.text.matchAll(assigned)) values.add(Number(m[1]));
    if (values.size !== 1) continue;
    const [value] = values;
    if (value !== fact.value) return String(value);
  }
  return null;
}
