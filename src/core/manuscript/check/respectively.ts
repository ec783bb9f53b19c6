/**
 * Two values a page gives two things by "respectively" ("hard partitions and the fuzziest possible
 * partition get fuzziness values of zero and one, respectively") that a claim gives the other way
 * round ("a hard partition gets a fuzziness of one and the fuzziest possible partition a fuzziness
 * of zero"). The page's pair of things is the "A and B" nearest before the values; each is known by
 * a word of its own (one the other lacks). The claim names each thing and each value once; whether
 * it writes "A gets x" or "x for A", its things and values come in the same order when it pairs
 * them as the page does, and in opposite orders when it trades them.
 */
import { CLAIM_FUNCTION_WORDS } from '../../text/stopWords';
import { stemOf, wordsOf } from './claimTerms';
import type { Claim, PassageSentence } from './passageSupport';

/** Sentences either side of the one that says most of the claim that are read too. */
const AROUND = 1;
/** The words of each thing that name it: the last ones before its "and", the first ones after. */
const THING_WORDS = 2;

/** "zero and one, respectively": the two values, single words or figures. */
const VALUES = /(?:^|[\s(])([\p{L}\p{N}.%-]+)\s+and\s+([\p{L}\p{N}.%-]+),?\s+respectively\b/iu;

const content = (w: string) => w.length > 1 && !CLAIM_FUNCTION_WORDS.has(w) && !/\d/.test(w);

interface Pairing {
  values: [string, string];
  /** The stems that name each thing and not the other. */
  things: [string[], string[]];
}

/** The pairing a page sentence makes by "respectively", or null when it makes none this reads. */
function pairingOf(text: string): Pairing | null {
  const match = VALUES.exec(text);
  if (!match) return null;
  const values = [match[1]!.replace(/\.$/u, '').toLowerCase(), match[2]!.replace(/\.$/u, '').toLowerCase()] as [string, string];
  if (values[0] === values[1]) return null;
  const before = wordsOf(text.slice(0, match.index));
  const and = before.lastIndexOf('and');
  if (and < 1) return null;
  const first = before.slice(0, and).filter(content).slice(-THING_WORDS).map(stemOf);
  const second = before
    .slice(and + 1)
    .filter(content)
    .slice(0, THING_WORDS)
    .map(stemOf);
  const own = (a: string[], b: string[]) => a.filter((stem) => !b.includes(stem));
  const things: [string[], string[]] = [own(first, second), own(second, first)];
  if (things[0].length === 0 || things[1].length === 0) return null;
  return { values, things };
}

/** Where the claim names something once: the index of its only word that is one of `stems` (or the value itself), else -1. */
function onlyPlace(words: readonly string[], match: (word: string) => boolean): number {
  const at = words.flatMap((word, i) => (match(word) ? [i] : []));
  return at.length === 1 ? at[0]! : -1;
}

/** The page sentence near `best` whose "respectively" pairs the claim's two values with its two things the other way round, or null. */
export function tradedRespectively(claim: Claim, sentences: readonly PassageSentence[], best: number): string | null {
  const words = wordsOf(claim.text);
  const stems = words.map(stemOf);
  for (const sentence of sentences.slice(Math.max(0, best - AROUND), best + AROUND + 1)) {
    const pairing = pairingOf(sentence.text);
    if (!pairing) continue;
    const [v1, v2] = pairing.values.map((value) => onlyPlace(words, (w) => w === value));
    const thingAt = (own: string[]) => {
      // A word the claim repeats ("partition" of both things) does not place the thing; one it writes once does.
      const places = own.map((stem) => onlyPlace(stems, (s) => s === stem)).filter((i) => i >= 0);
      return places.length > 0 ? Math.min(...places) : -1;
    };
    const [t1, t2] = pairing.things.map(thingAt);
    if (v1! < 0 || v2! < 0 || t1! < 0 || t2! < 0) continue;
    if (t1! < t2! !== v1! < v2!) return sentence.text;
  }
  return null;
}
