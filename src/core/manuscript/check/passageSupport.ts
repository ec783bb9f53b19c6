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
import { isShare, numbersIn, sameNumber } from './numbers';
import { acronymsOf } from './acronyms';
import { numberingAt } from './numbering';
import { rowNameAt } from './tableRows';
import { sameSpan } from './measures';
import { oneLetterOff } from './misspelt';
import { listCounts } from './listCount';
import { settingsOf, settingsOn } from './settings';
import { onlyOneOf } from './onlyOne';
import { symbolCountOtherwise } from './symbolCount';

export interface Claim {
  text: string;
  stems: string[];
  facts: Fact[];
  /** The stems of the sentence before it (its context, when it cites nothing) that it lacks: a claim may be spread over both. */
  contextStems: string[];
  /** For each of its stems, the initials of the runs of its words that stem is in (./acronyms.ts): a page may abbreviate them. */
  acronyms?: ReadonlyMap<string, readonly string[]>;
  /** Values it sets a parameter to that are no fact of its own ("set to one"; ./settings.ts): never missing, but a page's clause may set that parameter otherwise. */
  settings?: NumberFact[];
  /** What the claim says is the only one of its kind ("the only explicit solver", ./onlyOne.ts): never missing, but a page may count more. */
  onlyOne?: NumberFact | null;
}

export interface PassageJudgement {
  /** 0-1: the weighted share of the claim's content words the passage holds. */
  coverage: number;
  /** Facts the passage does not state. */
  missing: Fact[];
  /** Numbers the passage states otherwise for what the claim's number counts or names: the claim's, and the passage's. */
  contradicted: Array<{ claim: string; passage: string; fact: NumberFact }>;
  /** The values the sentence sets that are no fact of its own (./settings.ts) which the passage sets too. */
  settled?: NumberFact[];
  /** Numbers the passage holds only loosely (in a sentence about the same thing, not next to what they count): a page that gives another number for that very thing outweighs them. */
  loose: NumberFact[];
}

export interface PassageSentence {
  /** The sentence as the passage writes it, and about where it starts in the passage (its pieces' lengths and one space each before it). */
  text: string;
  start: number;
  stems: Set<string>;
  /** Its words in order, lower-cased, and their stems. */
  words: readonly string[];
  wordStems: readonly string[];
  readonly numbers: Array<{
    value: number;
    decimals: number;
    text: string;
    after: string[];
    afterWords: string[];
    before: string | null;
    row: string[] | null;
    numbering: boolean;
  }>;
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
  const facts = factsOf(text);
  return {
    text,
    stems,
    facts,
    contextStems: context ? contentStems(context).filter((stem) => !own.has(stem)) : [],
    acronyms: acronymsOf(text),
    settings: settingsOf(text, facts),
    onlyOne: onlyOneOf(text),
  };
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
  const sentences: PassageSentence[] = [];
  const words: string[] = [];
  const stems = new Set<string>();
  let at = 0;
  // A colon before a number is printed output's label ("Median : 0.12139"), not a sentence's end: the value stays with its label.
  for (const piece of text.split(/(?<=[.!?;])\s+|(?<=:)\s+(?![-+]?\d)|\n{2,}/u)) {
    if (piece.trim() !== '') {
      const sentence = sentenceOf(piece, wordsOf(piece), at);
      for (const word of sentence.words) words.push(word);
      // Each word is stemmed once, for its sentence; the passage's stems are its sentences'.
      for (const stem of sentence.wordStems) stems.add(stem);
      sentences.push(sentence);
    }
    at += piece.length + 1;
  }
  const passage = { words: [words], stems, sentences };
  if (PREPARED.size >= PREPARED_CAP) PREPARED.delete(PREPARED.keys().next().value!);
  PREPARED.set(text, passage);
  ID.set(passage, nextId++);
  return passage;
}

/** Several passages read as one (a page's passages, in order), each prepared once: a view over them, nothing copied but the sentence list. */
export function preparedParts(parts: readonly string[]): PreparedPassage {
  if (parts.length === 1) return prepared(parts[0]!);
  const each = parts.map(prepared);
  // A page's passages are joined again for every claim that reads the page: the view is kept, by the passages it joins.
  const key = each.map((p) => ID.get(p)).join(',');
  const known = JOINED.get(key);
  if (known) return known;
  const joined: PreparedPassage = {
    words: each.flatMap((p) => p.words),
    stems: { has: (stem) => each.some((p) => p.stems.has(stem)) },
    sentences: each.flatMap((p) => p.sentences),
  };
  if (JOINED.size >= PREPARED_CAP) JOINED.delete(JOINED.keys().next().value!);
  JOINED.set(key, joined);
  return joined;
}

/** Each prepared passage's number, and the views that join several (by their numbers). */
const ID = new WeakMap<PreparedPassage, number>();
let nextId = 0;
const JOINED = new Map<string, PreparedPassage>();

/** Judges a passage, given as its text or as the passages that make it up (a page's). */
export function judgePassage(claim: Claim, text: string | readonly string[], weights: ReadonlyMap<string, number>): PassageJudgement {
  const passage = typeof text === 'string' ? prepared(text) : preparedParts(text);
  const missing: Fact[] = [];
  const contradicted: PassageJudgement['contradicted'] = [];
  const loose: NumberFact[] = [];
  const near = contextOf(passage.sentences, claim);
  for (const fact of claim.facts) {
    if (fact.kind === 'name') {
      if (!holdsName(passage.words, fact)) missing.push(fact);
      continue;
    }
    if (
      passage.sentences.some((sentence) => sentence.numbers.some((n) => ((sameNumber(fact, n) && labelled(fact, n)) || sameSpan(fact, n)) && !numbersParts(n)))
    )
      continue;
    // A number held near the claim's words is outweighed only by another number stated for that thing near them too.
    const held = holdsNumber(fact, passage.sentences, near) || countsList(fact, passage.sentences, near);
    const other = otherNumberFor(fact, passage.sentences, near, held) ?? symbolCountOtherwise(fact, passage.sentences);
    if (!other && held) {
      loose.push(fact);
      continue;
    }
    missing.push(fact);
    if (other) contradicted.push({ claim: fact.text, passage: other, fact });
  }
  const only = claim.onlyOne;
  const more = only ? otherNumberFor(only, passage.sentences, near, true) : null;
  const { settled, otherwise } = settingsOn(claim.settings ?? [], claim.stems, passage.sentences);
  for (const { fact, passage: other } of [...otherwise, ...(only && more ? [{ fact: only, passage: more }] : [])]) {
    missing.push(fact);
    contradicted.push({ claim: fact.text, passage: other, fact });
  }
  return { coverage: windowCoverage(claim, passage, weights), missing, contradicted, loose, settled };
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
  const weight = stems.map((stem) => (LINKING_STEMS.has(stem) ? 0 : (weights.get(stem) ?? 1)));
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
  // A stem is held as itself or as the initials of a run of the claim's words it is in ("nls" for "nonlinear least squares").
  const short = stems.map((stem) => claim.acronyms?.get(stem) ?? null);
  const holds = (set: { has(stem: string): boolean }, i: number) => set.has(stems[i]!) || (short[i] !== null && short[i]!.some((a) => set.has(a)));
  const onPage = stems.map((_, i) => holds(passage.stems, i));
  // No window of the page holds more than the page itself: a page that holds little needs no windows.
  const bound = shares((i) => onPage[i]!);
  if (sentences.length <= WINDOW || bound < NO_WINDOWS_BELOW) return bound;
  // Each sentence's share as bits over the stems the page holds (a claim has a few dozen stems at most, 31 bits hold most).
  const present = stems.flatMap((_, i) => (onPage[i] ? [i] : []));
  const bit = stems.map((_, i) => present.indexOf(i));
  const masks =
    present.length <= 31 ? sentences.map((sentence) => present.reduce((mask, i, b) => (holds(sentence.stems, i) ? mask | (1 << b) : mask), 0)) : null;
  let best = 0;
  for (let start = 0; start + WINDOW <= sentences.length && best < bound; start++) {
    let share: number;
    if (masks) {
      let mask = 0;
      for (let s = start; s < start + WINDOW; s++) mask |= masks[s]!;
      share = shares((i) => bit[i]! >= 0 && ((mask >>> bit[i]!) & 1) === 1);
    } else {
      const window = sentences.slice(start, start + WINDOW);
      share = shares((i) => onPage[i]! && window.some((sentence) => holds(sentence.stems, i)));
    }
    if (share > best) best = share;
  }
  return best;
}

/**
 * Prepositions the stop words keep (a relation rule may read them) that weigh nothing in the
 * coverage: a page says "without" and "within" in other words ("not constrained by" for "without
 * restrictions", "in" for "within"). Others ("across", "along", "among") moved which page a
 * claim is judged on in the eval sets and were left weighing.
 */
const LINKING_STEMS = new Set('within without'.split(' ').map(stemOf));

/** A page holding less than this of the claim (all its sentences together) is far from saying it: its share is taken as is. */
const NO_WINDOWS_BELOW = 0.2;

/** The name's words in a row; a capitalised word may also start a longer word ("Cox" in `coxph`), or be misspelt by one letter when long (./misspelt.ts). */
function holdsName(lists: ReadonlyArray<readonly string[]>, fact: NameFact): boolean {
  const wanted = wordsOf(fact.text);
  if (fact.word && wanted.length === 1) {
    const name = wanted[0]!;
    return lists.some((words) => words.some((w) => w.startsWith(name) || oneLetterOff(name, w)));
  }
  return lists.some((words) => words.some((_, i) => wanted.every((w, j) => words[i + j] === w)));
}

/** A passage's sentence: its stems now, its numbers when a claim with numbers first asks (most claims state none). */
function sentenceOf(piece: string, words: readonly string[], start: number): PassageSentence {
  let numbers: PassageSentence['numbers'] | undefined;
  const wordStems = words.map(stemOf);
  return {
    text: piece,
    start,
    words,
    wordStems,
    stems: new Set(wordStems),
    get numbers() {
      return (numbers ??= numbersOf(piece));
    },
  };
}

/** The numbers a sentence states, as digits or words, each with the stems of the two words right after it (what it counts). */
function numbersOf(text: string): PassageSentence['numbers'] {
  return numbersIn(text, true).map((n) => {
    // What follows and precedes each number is read when a claim asks (a page prints many numbers no claim is about).
    let next: string[] | undefined;
    let after: string[] | undefined;
    let afterWords: string[] | undefined;
    let before: string | null | undefined;
    let row: string[] | null | undefined;
    const following = () => (next ??= wordsOf(text.slice(n.end, n.end + 40)).slice(0, 2));
    return {
      value: n.value,
      decimals: n.decimals,
      text: n.text,
      get after() {
        return (after ??= following().map(stemOf));
      },
      get afterWords() {
        return (afterWords ??= following().map(singularOf));
      },
      // Joined by `=` or a word ("cost = 100", "a cost of 100"): a table's header beside its figures ("error 10") is no label.
      get before() {
        if (before === undefined) before = labelBefore(text.slice(Math.max(0, n.start - 40), n.start));
        return before;
      },
      // A number that numbers things rather than counts them: a heading's ("3. Illustrations"), a range's end ("steps 1–3").
      get numbering() {
        return numberingAt(text, n.start, n.end);
      },
      // The name of the table row it is a figure of ("parameters 8 8 9 15 15").
      get row() {
        if (row === undefined) row = rowNameAt(text, n.start);
        return row;
      },
    };
  });
}

/**
 * A number that numbers the page's parts (a heading's "2 Free Light Chain", a reference's "pp. 11–12")
 * neither states the claim's figure nor gives another one for it; a table row's figure stays a figure.
 */
function numbersParts(n: PassageSentence['numbers'][number]): boolean {
  return n.numbering && n.row === null;
}

/** A passage's number stated for what the claim's number counts ("six processes" for "eight kinds of fluctuation process") or names ("cost = 100" for "a cost of 10"). */
function labelled(fact: NumberFact, n: PassageSentence['numbers'][number]): boolean {
  if (n.after.slice(0, 2).some((stem) => fact.unit.includes(stem)) || (fact.label !== null && n.before === fact.label)) return true;
  const row = n.row;
  return row !== null && row.some((stem) => fact.unit.includes(stem) || fact.labelParts.includes(stem));
}

/**
 * Stated about the same thing: in a sentence of the passage where the number is followed by what the
 * claim's number counts ("4 possible models" for "four candidate models"), or whose sentence and
 * its neighbours share CONTEXT_WORDS content words with the claim. A paper prints small numbers
 * everywhere (equation numbers, sections, list items): one shared word is not context.
 */
const CONTEXT_WORDS = 2;

function holdsNumber(fact: NumberFact, sentences: readonly PassageSentence[], near: (i: number) => boolean): boolean {
  return sentences.some((sentence, i) => sentence.numbers.some((n) => sameNumber(fact, n) && !n.numbering) && near(i));
}

/** A whole number the page gives as a list of that many items, in a sentence about the claim ("one of six classes": "Date, POSIXct, …, or timeDate"). */
function countsList(fact: NumberFact, sentences: readonly PassageSentence[], near: (i: number) => boolean): boolean {
  if (fact.decimals !== 0 || fact.text.endsWith('%')) return false;
  return sentences.some((sentence, i) => near(i) && sentence.text.includes(',') && listCounts(sentence.text).includes(fact.value));
}

/** Whether a sentence, with its neighbours, shares CONTEXT_WORDS content words with the claim: found once per sentence of a judgement. */
function contextOf(sentences: readonly PassageSentence[], claim: Claim): (i: number) => boolean {
  const known: Array<boolean | undefined> = [];
  return (i) => {
    let near = known[i];
    if (near === undefined) {
      near = false;
      let shared = 0;
      const from = Math.max(0, i - 1);
      const to = Math.min(sentences.length, i + 2);
      for (const stem of claim.stems) {
        let held = false;
        for (let j = from; j < to && !held; j++) held = sentences[j]!.stems.has(stem);
        if (held && ++shared >= CONTEXT_WORDS) {
          near = true;
          break;
        }
      }
      known[i] = near;
    }
    return near;
  };
}

/**
 * Another number the passage puts right before what the claim's number counts ("30 potential
 * models" against "24 such models"), or right after what it names, in a sentence about the claim
 * ("cost = 100" against "a cost of 10"), if any.
 */
function otherNumberFor(fact: NumberFact, sentences: readonly PassageSentence[], near: (i: number) => boolean, nearClaim: boolean): string | null {
  const numbers: Array<{ n: PassageSentence['numbers'][number]; i: number }> = [];
  const share = isShare(fact.text, fact.unitWords[0]);
  sentences.forEach((sentence, i) => {
    if (sentence.numbers.length === 0 || (nearClaim && !near(i))) return;
    // The words after a page's number are read for a claim that gives a share (a page's "%" says it at once).
    for (const n of sentence.numbers)
      if (!sameNumber(fact, n) && (n.text.endsWith('%') || (share && isShare(n.text, n.afterWords[0]))) === share) numbers.push({ n, i });
  });
  // The word right after the number first ("30 models"), then the one after that ("30 potential models"); against
  // a number the page holds near the claim's words, the very word ("3 regression coefficients" does not count "two regressors").
  // A number that numbers the page's parts is asked last (reading it costs more than reading the words after it).
  for (const at of [0, 1]) {
    const other = nearClaim
      ? numbers.find(({ n }) => n.afterWords[at] !== undefined && fact.unitWords.includes(n.afterWords[at]!) && !numbersParts(n))
      : numbers.find(({ n }) => n.after[at] !== undefined && fact.unit.includes(n.after[at]!) && !numbersParts(n));
    if (other) return other.n.text;
  }
  if (fact.label === null) return null;
  // A value written as the claim's is (a whole number, or one with decimals): a table's counts are not a changed estimate.
  const alike = (n: PassageSentence['numbers'][number]) => (n.decimals === 0) === (fact.decimals === 0);
  return numbers.find(({ n, i }) => n.before === fact.label && alike(n) && (nearClaim || near(i)) && !numbersParts(n))?.n.text ?? null;
}
