/**
 * What a cited sentence claims, as words a passage can be checked against: its content words
 * (prefix-stemmed, as the search's sentence rerank compares them), and its facts, the things a
 * passage must say for it to support the sentence: numbers (`0.034`, `5,000`, `6.7%`, "seventeen")
 * and names (`HC3`, `vcovHC()`, `kernHAC`, `BOBYQA`, a capitalised word inside the sentence such as
 * "Rademacher"). Retrieval finds a passage about the same thing; a changed number or a named method
 * the passage lacks is what tells a right citation from a near miss. General English only: no
 * list fitted to a manuscript.
 */
import { CLAIM_FUNCTION_WORDS } from '../../text/stopWords';
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
  }
  return w.slice(0, 5);
}

/** Greek letters as their names: a writer spells out "alpha" or "epsilon" where the paper prints α or ϵ. */
const GREEK: Record<string, string> = Object.fromEntries(
  'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma sigma tau upsilon phi chi psi omega'
    .split(' ')
    .map((name, i) => [String.fromCharCode(0x3b1 + i), name]),
);

/** Lower-cased words and numbers of a text, split as the full-text index splits them; Greek letters as their names. */
export function wordsOf(text: string): string[] {
  // Ligatures, full-width forms and symbol variants (ϵ, ϑ) as their letters; plain ASCII (most of a passage) needs no normalising.
  if (!/[^\x00-\x7f]/.test(text)) return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const plain = text
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
  /** Stems of the content words right after it ("models", "iterations"): what it counts. */
  unit: string[];
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
    const key = `n${number.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const unit = contentStems(sentence.slice(number.end, number.end + 40)).slice(0, 2);
    facts.push({ kind: 'number', text: number.text, value: number.value, decimals: number.decimals, unit });
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
