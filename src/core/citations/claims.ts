/**
 * The claim an answer makes with a citation: the answer's sentences that carry its `[n]`. A
 * viewer emphasises the passage's sentence that best matches it (emphasis.ts).
 */
import { citationMarkers, markerCiting } from './citationMarkers';

const SENTENCE = /[^.!?\n]+(?:[.!?]+|\n|$)/g;

/** The sentences of `answer` that cite `n` (as `[n]` or inside `[a, n, b]`), markers removed. */
export function claimOf(answer: string, n: number): string {
  const marker = markerCiting(n);
  const sentences = answer.match(SENTENCE) ?? [];
  return sentences
    .filter((s) => marker.test(s))
    .map((s) => s.replace(citationMarkers(), '').trim())
    .join(' ');
}
