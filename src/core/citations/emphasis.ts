/**
 * Which sentence of a cited passage an answer's claim rests on, so the viewer can emphasise it
 * inside the highlighted chunk. Pure: bundled into the webview too.
 *
 * Score of a sentence: the claim's content words it contains, each weighted by how rare it is
 * among the passage's sentences (a word every sentence has says nothing about which one is meant).
 */
import { anyCitationMarkers } from './citationMarkers';
import { foldCodePoint } from './fold';
import { SENTENCE_FUNCTION_WORDS } from '../text/stopWords';

/**
 * A sentence ends at . ! or ? followed by a space and an upper-case letter, digit or opening
 * quote/bracket, or at a blank line. Abbreviations like "e.g. the" stay inside (lower case next).
 */
const SENTENCE_END = /(?<=[.!?]['"’”)\]]?)\s+(?=[\p{Lu}\p{N}'"‘“([])|\n\s*\n/u;

/** A sentence must share this much of the claim's weight to be called a match. */
const MIN_SHARE = 0.3;
/** ...and at least this many of its content words, unless the claim has only one. */
const MIN_SHARED_WORDS = 2;

/** The sentence of `passage` that best matches `claim`, as written in the passage; null when none matches meaningfully. */
export function bestSentence(passage: string, claim: string): string | null {
  const sentences = splitSentences(passage);
  const claimWords = new Set(contentWords(claim.replace(anyCitationMarkers(), ' ')));
  if (sentences.length === 0 || claimWords.size === 0) return null;
  const sentenceWords = sentences.map((s) => new Set(contentWords(s)));
  // A bare title or term ("SRANDOM") is not worth emphasising: candidates say at least two things.
  const candidate = (words: Set<string>) => words.size >= 2;
  const frequency = new Map<string, number>();
  for (const words of sentenceWords) for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  // A claim word the passage never uses still counts in the claim's total: it is unsupported.
  const weight = (word: string) => Math.log(1 + sentences.length / (frequency.get(word) ?? 1));
  const claimWeight = [...claimWords].reduce((sum, word) => sum + weight(word), 0);

  let best = { index: -1, score: 0, shared: 0 };
  for (const [index, words] of sentenceWords.entries()) {
    if (!candidate(words)) continue;
    let score = 0;
    let shared = 0;
    for (const word of claimWords) {
      if (!words.has(word)) continue;
      score += weight(word);
      shared++;
    }
    // Ties go to the earlier sentence: the viewer shows the first place the claim is supported.
    if (score > best.score) best = { index, score, shared };
  }
  if (best.index < 0 || best.shared < Math.min(MIN_SHARED_WORDS, claimWords.size) || best.score < MIN_SHARE * claimWeight) return null;
  return sentences[best.index] ?? null;
}

/**
 * Sentences of a passage, trimmed, as written (inner line breaks kept). A short line without
 * closing punctuation before a capitalised line is a title or a term ("SRANDOM" above its
 * description in a manual), not the start of the next sentence.
 */
export function splitSentences(passage: string): string[] {
  const lines = passage.split('\n');
  const longest = Math.max(...lines.map((l) => l.trim().length));
  const pieces: string[] = [];
  let current: string[] = [];
  lines.forEach((line, index) => {
    current.push(line);
    const next = lines[index + 1]?.trim() ?? '';
    const trimmed = line.trim();
    if (trimmed.length > 0 && trimmed.length < longest / 2 && !/[\p{P}]$/u.test(trimmed) && /^\p{Lu}/u.test(next)) {
      pieces.push(current.join('\n'));
      current = [];
    }
  });
  pieces.push(current.join('\n'));
  return pieces
    .flatMap((piece) => piece.split(SENTENCE_END))
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Lower-cased, folded words minus stop words and 1-letter words, crudely stemmed. */
function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}]+/u)) {
    let word = '';
    for (const codePoint of raw) word += foldCodePoint(codePoint);
    if (word === '' || SENTENCE_FUNCTION_WORDS.has(word) || (word.length === 1 && !/\d/.test(word))) continue;
    words.push(stem(word));
  }
  return words;
}

/** "assignments"/"assigned"/"assigning" -> "assign": enough to match a claim's wording to the source's. */
function stem(word: string): string {
  if (/\d/.test(word) || word.length <= 4) return word;
  for (const suffix of ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ies', 'ied', 'ed', 'ly', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' || suffix === 'ied' ? `${base}y` : base;
    }
  }
  return word;
}
