/**
 * The claim an answer makes with a citation: the answer's sentences that carry its `[n]`. A
 * viewer emphasises the passage's sentence that best matches it (emphasis.ts).
 */

const SENTENCE = /[^.!?\n]+(?:[.!?]+|\n|$)/g;

/** The sentences of `answer` that cite `n` (as `[n]` or inside `[a, n, b]`), markers removed. */
export function claimOf(answer: string, n: number): string {
  const marker = new RegExp(`\\[(?:\\d+\\s*,\\s*)*${n}(?:\\s*,\\s*\\d+)*\\]`);
  const sentences = answer.match(SENTENCE) ?? [];
  return sentences
    .filter((s) => marker.test(s))
    .map((s) => s.replace(/\[\d+(?:\s*,\s*\d+)*\]/g, '').trim())
    .join(' ');
}
