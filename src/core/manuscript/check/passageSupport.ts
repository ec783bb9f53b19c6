/**
 * How well one passage supports one claim, without a model: the share of the claim's content
 * words it holds (weighted by the caller, ./judgeCitation.ts), and which of the claim's facts
 * (./claimTerms.ts) it lacks or contradicts. A number counts as present when the passage writes
 * it (as digits or a word) in a sentence that shares a content word with the claim; it is
 * contradicted when the passage puts another number right before what the claim's number counts
 * ("30 potential models" against "24 such models"). A passage is read once (`prepared`) and kept
 * for the next claim: a draft's sentences about one paper meet the same passages.
 */
import { contentStems, factsOf, numberWordsOf, stemOf, wordsOf, type Fact, type NameFact, type NumberFact } from './claimTerms';

export interface Claim {
  text: string;
  stems: string[];
  facts: Fact[];
}

export interface PassageJudgement {
  /** 0-1: the weighted share of the claim's content words the passage holds. */
  coverage: number;
  /** Facts the passage does not state. */
  missing: Fact[];
  /** Of those, numbers the passage states otherwise: the claim's, and the passage's. */
  contradicted: Array<{ claim: string; passage: string }>;
}

interface PassageSentence {
  stems: Set<string>;
  numbers: Array<{ value: number; text: string; after: string[] }>;
}

/** A passage as the judgement reads it. */
export interface PreparedPassage {
  words: string[];
  stems: Set<string>;
  sentences: PassageSentence[];
}

export function claimOf(text: string): Claim {
  return { text, stems: contentStems(text), facts: factsOf(text) };
}

/** Passages read lately, by their text (least recently used out). */
const PREPARED = new Map<string, PreparedPassage>();
const PREPARED_CAP = 2000;

export function prepared(text: string): PreparedPassage {
  const known = PREPARED.get(text);
  if (known) {
    PREPARED.delete(text);
    PREPARED.set(text, known);
    return known;
  }
  const sentences = text
    .split(/(?<=[.!?;:])\s+|\n{2,}/u)
    .filter((piece) => piece.trim() !== '')
    .map((piece) => ({ piece, words: wordsOf(piece) }));
  const words = sentences.flatMap((s) => s.words);
  const passage = {
    words,
    stems: new Set(words.map(stemOf)),
    sentences: sentences.map(({ piece, words: w }) => ({ stems: new Set(w.map(stemOf)), numbers: numbersIn(piece, w) })),
  };
  if (PREPARED.size >= PREPARED_CAP) PREPARED.delete(PREPARED.keys().next().value!);
  PREPARED.set(text, passage);
  return passage;
}

export function judgePassage(claim: Claim, text: string, weights: ReadonlyMap<string, number>): PassageJudgement {
  const passage = prepared(text);
  let total = 0;
  let held = 0;
  for (const stem of claim.stems) {
    const weight = weights.get(stem) ?? 1;
    total += weight;
    if (passage.stems.has(stem)) held += weight;
  }
  const missing: Fact[] = [];
  const contradicted: PassageJudgement['contradicted'] = [];
  for (const fact of claim.facts) {
    if (fact.kind === 'name' ? holdsName(passage.words, fact) : holdsNumber(fact, passage.sentences, claim)) continue;
    missing.push(fact);
    const other = fact.kind === 'number' ? otherNumberFor(fact, passage.sentences) : null;
    if (other) contradicted.push({ claim: fact.text, passage: other });
  }
  return { coverage: total > 0 ? held / total : 0, missing, contradicted };
}

/** The name's words in a row; a capitalised word may also start a longer word ("Cox" in `coxph`). */
function holdsName(words: readonly string[], fact: NameFact): boolean {
  const wanted = wordsOf(fact.text);
  if (fact.word && wanted.length === 1) return words.some((w) => w.startsWith(wanted[0]!));
  return words.some((_, i) => wanted.every((w, j) => words[i + j] === w));
}

const DIGITS = /(?<![\p{L}\p{N}.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\p{N}])|(?<![\p{L}\p{N}.])\d+(?:\.\d+)?(?![\p{N}])/gu;

/** The numbers a sentence states, as digits or words, each with the stems of the two words right after it (what it counts). */
function numbersIn(text: string, words: readonly string[]): PassageSentence['numbers'] {
  const out: PassageSentence['numbers'] = [];
  for (const m of text.matchAll(DIGITS)) {
    const after = wordsOf(text.slice(m.index + m[0].length, m.index + m[0].length + 40))
      .slice(0, 2)
      .map(stemOf);
    out.push({ value: Number(m[0].replace(/,/g, '')), text: m[0], after });
  }
  words.forEach((word, i) => {
    const value = wordValue(word);
    if (value !== null) out.push({ value, text: word, after: words.slice(i + 1, i + 3).map(stemOf) });
  });
  return out;
}

const WORD_VALUES = new Map<string, number>();
function wordValue(word: string): number | null {
  if (WORD_VALUES.size === 0) for (let v = 2; v <= 100; v++) for (const w of numberWordsOf(v)) WORD_VALUES.set(w, v);
  return WORD_VALUES.get(word) ?? null;
}

/** Stated in a sentence of the passage that shares a content word with the claim. */
function holdsNumber(fact: NumberFact, sentences: readonly PassageSentence[], claim: Claim): boolean {
  return sentences.some((sentence) => sentence.numbers.some((n) => n.value === fact.value) && claim.stems.some((stem) => sentence.stems.has(stem)));
}

/** Another number the passage puts right before what the claim's number counts ("30 potential models" against "24 such models"), if any. */
function otherNumberFor(fact: NumberFact, sentences: readonly PassageSentence[]): string | null {
  if (fact.unit.length === 0) return null;
  const numbers = sentences.flatMap((sentence) => sentence.numbers).filter((n) => n.value !== fact.value);
  // The word right after the number first ("30 models"), then the one after that ("30 potential models").
  for (const at of [0, 1]) {
    const other = numbers.find((n) => n.after[at] !== undefined && fact.unit.includes(n.after[at]!));
    if (other) return other.text;
  }
  return null;
}
