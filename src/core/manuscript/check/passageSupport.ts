/**
 * How well one passage supports one claim, without a model: the share of the claim's content
 * words it holds (weighted by the caller, ./judgeCitation.ts), and which of the claim's facts
 * (./claimTerms.ts) it lacks or contradicts. A number counts as present when the passage writes
 * it (as digits or a word) in a sentence that shares a content word with the claim; it is
 * contradicted when the passage puts another number right before what the claim's number counts
 * ("30 potential models" against "24 such models"). A passage is read once (`prepared`) and kept
 * for the next claim: a draft's sentences about one paper meet the same passages.
 */
import { contentStems, factsOf, labelBefore, singularOf, stemOf, wordsOf, type Fact, type NameFact, type NumberFact } from './claimTerms';
import { numbersIn, sameNumber } from './numbers';

export interface Claim {
  text: string;
  stems: string[];
  facts: Fact[];
  /** The stems of the sentence before it (its context, when it cites nothing) that it lacks: a claim may be spread over both. */
  contextStems: string[];
}

export interface PassageJudgement {
  /** 0-1: the weighted share of the claim's content words the passage holds. */
  coverage: number;
  /** Facts the passage does not state. */
  missing: Fact[];
  /** Numbers the passage states otherwise for what the claim's number counts or names: the claim's, and the passage's. */
  contradicted: Array<{ claim: string; passage: string; fact: NumberFact }>;
  /** Numbers the passage holds only loosely (in a sentence about the same thing, not next to what they count): a page that gives another number for that very thing outweighs them. */
  loose: NumberFact[];
}

export interface PassageSentence {
  /** The sentence as the passage writes it. */
  text: string;
  stems: Set<string>;
  /** Its words in order, lower-cased. */
  words: readonly string[];
  readonly numbers: Array<{ value: number; decimals: number; text: string; after: string[]; afterWords: string[]; before: string | null }>;
}

/** A passage as the judgement reads it. */
export interface PreparedPassage {
  /** Its words in order; a passage made of several, each one's (a name is looked for inside one). */
  words: ReadonlyArray<readonly string[]>;
  stems: { has(stem: string): boolean };
  sentences: PassageSentence[];
}

export function claimOf(text: string, context = ''): Claim {
  const stems = contentStems(text);
  const own = new Set(stems);
  return { text, stems, facts: factsOf(text), contextStems: context ? contentStems(context).filter((stem) => !own.has(stem)) : [] };
}

/** Passages read lately, by their text (least recently used out). */
const PREPARED = new Map<string, PreparedPassage>();
/** About the passages of 60 papers read whole, and the library's hits beside them. */
const PREPARED_CAP = 6000;

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
    words: [words],
    stems: new Set(words.map(stemOf)),
    sentences: sentences.map(({ piece, words: w }) => sentenceOf(piece, w)),
  };
  if (PREPARED.size >= PREPARED_CAP) PREPARED.delete(PREPARED.keys().next().value!);
  PREPARED.set(text, passage);
  return passage;
}

/** Several passages read as one (a page's passages, in order), each prepared once: a view over them, nothing copied but the sentence list. */
export function preparedParts(parts: readonly string[]): PreparedPassage {
  if (parts.length === 1) return prepared(parts[0]!);
  const each = parts.map(prepared);
  return {
    words: each.flatMap((p) => p.words),
    stems: { has: (stem) => each.some((p) => p.stems.has(stem)) },
    sentences: each.flatMap((p) => p.sentences),
  };
}

/** Judges a passage, given as its text or as the passages that make it up (a page's). */
export function judgePassage(claim: Claim, text: string | readonly string[], weights: ReadonlyMap<string, number>): PassageJudgement {
  const passage = typeof text === 'string' ? prepared(text) : preparedParts(text);
  const missing: Fact[] = [];
  const contradicted: PassageJudgement['contradicted'] = [];
  const loose: NumberFact[] = [];
  for (const fact of claim.facts) {
    if (fact.kind === 'name') {
      if (!holdsName(passage.words, fact)) missing.push(fact);
      continue;
    }
    if (passage.sentences.some((sentence) => sentence.numbers.some((n) => sameNumber(fact, n) && labelled(fact, n)))) continue;
    // A number held near the claim's words is outweighed only by another number stated for that thing near them too.
    const held = holdsNumber(fact, passage.sentences, claim);
    const other = otherNumberFor(fact, passage.sentences, claim, held);
    if (!other && held) {
      loose.push(fact);
      continue;
    }
    missing.push(fact);
    if (other) contradicted.push({ claim: fact.text, passage: other, fact });
  }
  return { coverage: windowCoverage(claim, passage, weights), missing, contradicted, loose };
}

/**
 * A claim is stated in a few sentences in a row, not scattered over a page: coverage is the best
 * share of the claim's (weighted) words that WINDOW consecutive sentences of the passage hold
 * together. A table row, which has no sentence stops, is read whole with the rows beside it. A
 * claim spread over two sentences of the draft (a list split in two, "That vector is …") is also
 * read with its context sentence: the better of the two shares counts.
 */
export const WINDOW = 3;

function windowCoverage(claim: Claim, passage: PreparedPassage, weights: ReadonlyMap<string, number>): number {
  // Which of the claim's stems (then its context's) each sentence holds, found once; a window is
  // the union of WINDOW sentences' sets.
  const stems = [...claim.stems, ...claim.contextStems];
  const weight = stems.map((stem) => weights.get(stem) ?? 1);
  const own = claim.stems.length;
  const held = (has: (i: number) => boolean, upTo: number) => {
    let total = 0;
    let sum = 0;
    for (let i = 0; i < upTo; i++) {
      total += weight[i]!;
      if (has(i)) sum += weight[i]!;
    }
    return total === 0 ? 0 : sum / total;
  };
  const shares = (has: (i: number) => boolean) => Math.max(held(has, own), own < stems.length ? held(has, stems.length) : 0);
  const sentences = passage.sentences;
  const onPage = stems.map((stem) => passage.stems.has(stem));
  // No window of the page holds more than the page itself: a page that holds little needs no windows.
  const bound = shares((i) => onPage[i]!);
  if (sentences.length <= WINDOW || bound < NO_WINDOWS_BELOW) return bound;
  const masks = sentences.map((sentence) => stems.map((stem, i) => onPage[i]! && sentence.stems.has(stem)));
  let best = 0;
  for (let start = 0; start + WINDOW <= sentences.length && best < bound; start++) {
    const window = masks.slice(start, start + WINDOW);
    const share = shares((i) => window.some((mask) => mask[i]!));
    if (share > best) best = share;
  }
  return best;
}

/** A page holding less than this of the claim (all its sentences together) is far from saying it: its share is taken as is. */
const NO_WINDOWS_BELOW = 0.2;

/** The name's words in a row; a capitalised word may also start a longer word ("Cox" in `coxph`). */
function holdsName(lists: ReadonlyArray<readonly string[]>, fact: NameFact): boolean {
  const wanted = wordsOf(fact.text);
  if (fact.word && wanted.length === 1) return lists.some((words) => words.some((w) => w.startsWith(wanted[0]!)));
  return lists.some((words) => words.some((_, i) => wanted.every((w, j) => words[i + j] === w)));
}

/** A passage's sentence: its stems now, its numbers when a claim with numbers first asks (most claims state none). */
function sentenceOf(piece: string, words: readonly string[]): PassageSentence {
  let numbers: PassageSentence['numbers'] | undefined;
  return {
    text: piece,
    words,
    stems: new Set(words.map(stemOf)),
    get numbers() {
      return (numbers ??= numbersOf(piece));
    },
  };
}

/** The numbers a sentence states, as digits or words, each with the stems of the two words right after it (what it counts). */
function numbersOf(text: string): PassageSentence['numbers'] {
  return numbersIn(text, true).map((n) => ({
    value: n.value,
    decimals: n.decimals,
    text: n.text,
    after: wordsOf(text.slice(n.end, n.end + 40))
      .slice(0, 2)
      .map(stemOf),
    afterWords: wordsOf(text.slice(n.end, n.end + 40))
      .slice(0, 2)
      .map(singularOf),
    // Joined by `=` or a word ("cost = 100", "a cost of 100"): a table's header beside its figures ("error 10") is no label.
    before: labelBefore(text.slice(Math.max(0, n.start - 40), n.start)),
  }));
}

/** A passage's number stated for what the claim's number counts ("six processes" for "eight kinds of fluctuation process") or names ("cost = 100" for "a cost of 10"). */
function labelled(fact: NumberFact, n: PassageSentence['numbers'][number]): boolean {
  return n.after.slice(0, 2).some((stem) => fact.unit.includes(stem)) || (fact.label !== null && n.before === fact.label);
}

/**
 * Stated about the same thing: in a sentence of the passage where the number is followed by what the
 * claim's number counts ("4 possible models" for "four candidate models"), or whose sentence and
 * its neighbours share CONTEXT_WORDS content words with the claim. A paper prints small numbers
 * everywhere (equation numbers, sections, list items): one shared word is not context.
 */
const CONTEXT_WORDS = 2;

function holdsNumber(fact: NumberFact, sentences: readonly PassageSentence[], claim: Claim): boolean {
  return sentences.some((sentence, i) => sentence.numbers.some((n) => sameNumber(fact, n)) && inContext(sentences, i, claim));
}

/** A sentence, with its neighbours, shares CONTEXT_WORDS content words with the claim. */
function inContext(sentences: readonly PassageSentence[], i: number, claim: Claim): boolean {
  const around = sentences.slice(Math.max(0, i - 1), i + 2);
  let shared = 0;
  for (const stem of claim.stems) if (around.some((s) => s.stems.has(stem)) && ++shared >= CONTEXT_WORDS) return true;
  return false;
}

/**
 * Another number the passage puts right before what the claim's number counts ("30 potential
 * models" against "24 such models"), or right after what it names, in a sentence about the claim
 * ("cost = 100" against "a cost of 10"), if any.
 */
function otherNumberFor(fact: NumberFact, sentences: readonly PassageSentence[], claim: Claim, nearClaim: boolean): string | null {
  const numbers = sentences
    .flatMap((sentence, i) => sentence.numbers.filter((n) => !sameNumber(fact, n)).map((n) => ({ n, i })))
    .filter(({ i }) => !nearClaim || inContext(sentences, i, claim));
  // The word right after the number first ("30 models"), then the one after that ("30 potential models"); against
  // a number the page holds near the claim's words, the very word ("3 regression coefficients" does not count "two regressors").
  for (const at of [0, 1]) {
    const other = nearClaim
      ? numbers.find(({ n }) => n.afterWords[at] !== undefined && fact.unitWords.includes(n.afterWords[at]!))
      : numbers.find(({ n }) => n.after[at] !== undefined && fact.unit.includes(n.after[at]!));
    if (other) return other.n.text;
  }
  if (fact.label === null) return null;
  // A value written as the claim's is (a whole number, or one with decimals): a table's counts are not a changed estimate.
  const alike = (n: PassageSentence['numbers'][number]) => (n.decimals === 0) === (fact.decimals === 0);
  return numbers.find(({ n, i }) => n.before === fact.label && alike(n) && (nearClaim || inContext(sentences, i, claim)))?.n.text ?? null;
}
