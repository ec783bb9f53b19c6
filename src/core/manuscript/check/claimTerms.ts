/**
 * What a cited sentence claims, as words a passage can be checked against: its content words
 * (prefix-stemmed, as the search's sentence rerank compares them), and its facts, the things a
 * passage must say for it to support the sentence: numbers (`0.034`, `5,000`, `6.7%`, "seventeen")
 * and names (`HC3`, `vcovHC()`, `kernHAC`, `BOBYQA`, a capitalised word inside the sentence such as
 * "Rademacher"). Retrieval finds a passage about the same thing; a changed number or a named method
 * the passage lacks is what tells a right citation from a near miss. General English only: no
 * list fitted to a manuscript.
 */
import { CLAIM_FUNCTION_WORDS, NUMBER_BESIDE_WORDS, NUMBER_JOINING_WORDS, NUMBER_LEADING_WORDS, NUMBER_SETTING_VERBS } from '../../text/stopWords';
import { isNumberWord, numbersIn } from './numbers';

/**
 * The stem a word is compared by: lower-cased, its inflection taken off ("played", "plays" ->
 * play; "studies" -> study; "modelled" -> model), then its first five letters (shorter words
 * whole), so word forms of one root meet ("independently", "independence").
 */
export function stemOf(word: string): string {
  let known = STEMS.get(word);
  if (known === undefined) {
    if (STEMS.size >= STEMS_CAP) STEMS.clear();
    known = stemOfWord(word);
    STEMS.set(word, known);
  }
  return known;
}

/** Stems by word: a library's pages repeat the same few thousand words. */
const STEMS = new Map<string, string>();
const STEMS_CAP = 100_000;

function stemOfWord(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 3) {
    if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
    else if (/[^s]s$/.test(w) && !/(?:us|is)$/.test(w) && !(w.length === 4 && w.endsWith('as'))) w = w.slice(0, -1);
    if (/ly$/.test(w) && w.length > 5) w = w.slice(0, -2);
    const base = w.replace(/(?:ing|ed)$/, '');
    // "played" -> play, "stopping" -> stop; not "need" -> ne, nor "speed" -> spe.
    if (base !== w && base.length >= 3 && /[aeiouy]/.test(base) && !/e$/.test(base)) {
      w = base;
      if (/([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
    }
    w = americanOf(w);
  }
  return w.slice(0, 5);
}

/**
 * British spellings as American ones where the five letters kept would differ: "centre" as
 * "center", "colour" as "color" (a writer and a paper may spell one word both ways; "analyse",
 * "neighbour", "modelling" already keep the same five letters).
 */
function americanOf(w: string): string {
  if (w.length >= 5 && /[bcgt]re$/.test(w)) return `${w.slice(0, -2)}er`;
  if (w.length >= 6 && /[^aeiou]our$/.test(w)) return `${w.slice(0, -3)}or`;
  return w;
}

/** Greek letters as their names: a writer spells out "alpha" or "epsilon" where the paper prints α or ϵ. */
const GREEK: Record<string, string> = Object.fromEntries(
  'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma sigma tau upsilon phi chi psi omega'
    .split(' ')
    .map((name, i) => [String.fromCharCode(0x3b1 + i), name]),
);

/** An accent printed as a character of its own (`Ro¨hmel`), and letters that carry one (or a combining mark): most non-ASCII text has neither. */
const SPACING_ACCENT = /[\u00a8\u00b4\u02c6\u02c7\u02d8\u02dc\u00b8]/u;
const ACCENTED = /[\u00c0-\u024f\u0300-\u036f\u1e00-\u1eff]/u;

/** Lower-cased words and numbers of a text, split as the full-text index splits them; Greek letters as their names. */
export function wordsOf(text: string): string[] {
  // Ligatures, full-width forms and symbol variants (ϵ, ϑ) as their letters; plain ASCII (most of a passage) needs no normalising.
  if (!/[^\x00-\x7f]/.test(text)) return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // Accents as the letters they mark ("Röhmel" as "rohmel"): a PDF's text may print them apart (`Ro¨hmel`) or not at all.
  const apart = SPACING_ACCENT.test(text) ? text.replace(/(?<=\p{L})[\u00a8\u00b4\u02c6\u02c7\u02d8\u02dc\u00b8]/gu, '') : text;
  const plain = (ACCENTED.test(apart) ? apart.normalize('NFKD').replace(/\p{M}/gu, '') : apart)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u03b1-\u03c9]/g, (letter) => ` ${GREEK[letter] ?? letter} `);
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The sentence's content words as stems, each once: no stop words, no numbers, no one-letter words. */
export function contentStems(text: string): string[] {
  return [
    ...new Set(
      wordsOf(text)
        .filter((w) => w.length > 1 && !CLAIM_FUNCTION_WORDS.has(w) && !/^\d/.test(w) && !isNumberWord(w))
        .map(stemOf),
    ),
  ];
}

export interface NumberFact {
  kind: 'number';
  /** As written: `5,000`, `6.7%`, `seventeen`. */
  text: string;
  value: number;
  /** Digits after the decimal point as written: a passage's figure may be rounded to them. */
  decimals: number;
  /** Stems of the content words right after it ("models", "iterations", "kinds of fluctuation process"): what it counts. */
  unit: string[];
  /** The same words whole, singular ("process" for "processes"): "regressors" is not "regression". */
  unitWords: string[];
  /** The stem of the content word right before it, when only function words or `=` lie between ("a cost of 10", "cost = 100"): what it is the value of. */
  label: string | null;
  /** The stems of that word's parts as well ("log" and "likelihood" of "log-likelihood"): a table row may name it by one ("log L"). */
  labelParts: string[];
  /** A value the sentence sets that is no fact of its own (./settings.ts): a page's clause that sets it otherwise contradicts it, another page need not state it. */
  setting?: true;
}

/** What a number counts: up to this many content words after it ("eight kinds of fluctuation process"). */
const UNIT_WORDS = 3;

/**
 * What a number counts: the content words after it, up to UNIT_WORDS, across "of" but not past
 * another function word ("100 observations in each class": observations); nothing when a
 * conjunction or a stop follows it ("p = 0.0096 and the sum test": the number ends its phrase).
 */
export function unitAfter(text: string, form: (word: string) => string = stemOf): string[] {
  // A mark right after the number (`,`, `)`, `$`) or a conjunction ends its phrase; so does any stop further on.
  if (/^\s*(?:[^\s\p{L}\p{N}-]|(?:and|or|but|against|versus|vs|while|whereas)\b)/iu.test(text)) return [];
  const phrase = text.split(/[,;:.()$[\]]/u)[0]!;
  const stems: string[] = [];
  for (const word of wordsOf(phrase)) {
    if (stems.length >= UNIT_WORDS || /^\d/.test(word) || isNumberWord(word)) break;
    if (CLAIM_FUNCTION_WORDS.has(word)) {
      if (word === 'of' || (stems.length === 0 && NUMBER_LEADING_WORDS.has(word))) continue;
      break;
    }
    if (word.length > 1) stems.push(form(word));
  }
  return stems;
}

/** A word in the singular, as far as its ending says: "processes" -> process, "models" -> model, "classes" -> class. */
export function singularOf(word: string): string {
  const w = word.toLowerCase();
  if (/(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/[^su]s$/.test(w) && w.length > 3) return w.slice(0, -1);
  return w;
}

/**
 * The content word a number is the value of: the last word before it, joined to it by `=` or a
 * joining word ("of", "is", "at"); null when nothing joins them ("a model with two"), or a stop or
 * a word that sets numbers side by side ("against", "and") comes between.
 */
export function labelBefore(text: string): string | null {
  const word = labelWordBefore(text);
  return word === null ? null : stemOf(word);
}

function labelWordBefore(text: string): string | null {
  // A sign is the number's own ("a log-likelihood of -12090.1").
  const words = text
    .replace(/[−–-]$/u, '')
    .split(/\s+|(?==)|(?<==)/u)
    .filter(Boolean);
  let connected = false;
  for (let i = words.length - 1; i >= 0 && i >= words.length - 4; i--) {
    // A stop between the word and the number: the word ends another phrase ("the introduction, eleven of …").
    if (/[,;.:)\]]$/u.test(words[i]!)) return null;
    const word = words[i]!.toLowerCase().replace(/^[("'`$]+/gu, '');
    if (NUMBER_BESIDE_WORDS.has(word)) return null;
    if (word === '=' || NUMBER_JOINING_WORDS.has(word)) {
      connected = true;
      continue;
    }
    // A verb that sets what comes before it: "minPts defaults to 4" is the value of minPts, not of "defaults".
    if (NUMBER_SETTING_VERBS.has(word) && /^(?:to|at|=)$/i.test(words[i + 1] ?? '')) continue;
    if (CLAIM_FUNCTION_WORDS.has(word)) continue;
    // A value is joined to what it is the value of: "cost = 100", "a cost of 10", "estimated at 37.1", "h is 0.2" ("a model with two": not a value of "model").
    if (!connected) return null;
    return /^\p{L}[\p{L}-]*$/u.test(word) && word.length > 1 ? word : null;
  }
  return null;
}

export interface NameFact {
  kind: 'name';
  /** As written, without call parentheses: `vcovHC`, `HC3`, `Rademacher`. */
  text: string;
  /** A capitalised word ("Cox"): a passage may write it as the start of a longer name (`coxph`). */
  word: boolean;
}

export type Fact = NumberFact | NameFact;

/** The numbers and names a passage must hold to support the sentence. */
export function factsOf(sentence: string): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  for (const number of numbersIn(sentence)) {
    // A year says little; "one" alone is more often a pronoun ("the one with") than a count, and
    // "zero" a name's part ("zero-inflated") than a value.
    if (!number.word && number.decimals === 0 && /^(19|20)\d\d$/.test(number.text)) continue;
    if (number.word && number.value <= 1) continue;
    // "a few thousand", "several hundred": a rough size, not a figure a page must print.
    if (
      number.word &&
      /\b(?:few|several|many|some|couple\s+of|tens\s+of|hundreds\s+of)\s+$/iu.test(sentence.slice(Math.max(0, number.start - 20), number.start))
    )
      continue;
    const key = `n${number.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const unitText = sentence.slice(number.end, number.end + 40);
    const unit = unitAfter(unitText);
    const unitWords = unitAfter(unitText, singularOf);
    const labelWord = labelWordBefore(sentence.slice(Math.max(0, number.start - 40), number.start));
    const label = labelWord === null ? null : stemOf(labelWord);
    const labelParts =
      labelWord === null
        ? []
        : [
            label!,
            ...labelWord
              .split('-')
              .filter((part) => part.length > 1)
              .map(stemOf),
          ];
    facts.push({ kind: 'number', text: number.text, value: number.value, decimals: number.decimals, unit, unitWords, label, labelParts });
  }
  for (const { text, word } of namesOf(sentence)) {
    const key = `w${text.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    facts.push({ kind: 'name', text, word });
  }
  return facts;
}

/**
 * Names: code (`vcovHC()`, `estfun`), mixed case or capitals with digits (`kernHAC`, `HC3`,
 * `BOBYQA`, `VAR`), and capitalised words that do not start the sentence or follow a colon
 * ("Rademacher", "Concorde", "Fortran"). Capitalised words in a run are one name's parts and each
 * counts ("Nelder", "Mead").
 */
function namesOf(sentence: string): Array<{ text: string; word: boolean }> {
  const names: Array<{ text: string; word: boolean }> = [];
  const tokens = [...sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}_.]*[\p{L}\p{N}]|\p{L}/gu)];
  tokens.forEach((m, i) => {
    const token = m[0].replace(/\.$/, '');
    const before = sentence.slice(0, m.index).trimEnd();
    const startsSentence = i === 0 || /[:.!?]$/.test(before);
    const code = sentence.slice(m.index + m[0].length, m.index + m[0].length + 2) === '()' || /[_.]/.test(token);
    const mixed = /\p{Ll}\p{Lu}/u.test(token) || (/\p{Lu}/u.test(token) && /\p{N}/u.test(token)) || /^\p{Lu}{2,}$/u.test(token);
    const capitalised = /^\p{Lu}\p{Ll}+$/u.test(token) && !startsSentence;
    if ((code && /\p{L}/u.test(token)) || mixed) names.push({ text: token, word: false });
    else if (capitalised) names.push({ text: token, word: true });
  });
  return names;
}
