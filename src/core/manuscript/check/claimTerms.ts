/**
 * What a cited sentence claims, as words a passage can be checked against: its content words
 * (prefix-stemmed, as the search's sentence rerank compares them), and its facts, the things a
 * passage must say for it to support the sentence: numbers (`0.034`, `5,000`, `6.7%`, "seventeen")
 * and names (`HC3`, `vcovHC()`, `kernHAC`, `BOBYQA`, a capitalised word inside the sentence such as
 * "Rademacher"). Retrieval finds a passage about the same thing; a changed number or a named method
 * the passage lacks is what tells a right citation from a near miss. General English only: no
 * list fitted to a manuscript.
 */

const STOP_WORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto as about than so such ' +
    'what which who whom whose when where why how is are was were be been being am do does did done doing ' +
    'have has had having can could should would will shall may might must it its this that these those ' +
    'there here they them their he she his her we our you your i me my us not no nor only also very just ' +
    'both each every other some any all more most less few many much own same once too while whereas ' +
    'via per up down out over under again further between through during before after above below ' +
    'used use uses using usually often rather instead well even still already new one ones'
  ).split(' '),
);

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
};

/** The stem a word is compared by: its first five letters, lower-cased (shorter words whole). */
export function stemOf(word: string): string {
  return word.toLowerCase().slice(0, 5);
}

/** Lower-cased words and numbers of a text, split as the full-text index splits them. */
export function wordsOf(text: string): string[] {
  // Ligatures and full-width forms as their letters; plain ASCII (most of a passage) needs no normalising.
  const plain = /[^\x00-\x7f]/.test(text) ? text.normalize('NFKC') : text;
  return plain.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The sentence's content words as stems, each once: no stop words, no numbers, no one-letter words. */
export function contentStems(text: string): string[] {
  return [
    ...new Set(
      wordsOf(text)
        .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d/.test(w) && !(w in NUMBER_WORDS))
        .map(stemOf),
    ),
  ];
}

export interface NumberFact {
  kind: 'number';
  /** As written: `5,000`, `6.7%`, `seventeen`. */
  text: string;
  value: number;
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

const NUMBER = /(?<![\p{L}\p{N}.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(%?)(?![\p{L}\p{N}])|\b([a-z]+)\b/giu;

/** The numbers and names a passage must hold to support the sentence. */
export function factsOf(sentence: string): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  for (const m of sentence.matchAll(NUMBER)) {
    const word = m[3]?.toLowerCase();
    if (word !== undefined && !(word in NUMBER_WORDS)) continue;
    const text = m[0];
    const value = word !== undefined ? NUMBER_WORDS[word]! : Number(m[1]!.replace(/,/g, ''));
    // A year or a version-like "1" says little; single small digits count only when written as a quantity.
    if (word === undefined && /^(19|20)\d\d$/.test(m[1]!)) continue;
    const after = sentence.slice(m.index + text.length, m.index + text.length + 40);
    const unit = contentStems(after).slice(0, 2);
    const key = `n${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    facts.push({ kind: 'number', text, value, unit });
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

/** Words a number is written as, for finding "four" in a passage that the sentence wrote as 4 and back. */
export function numberWordsOf(value: number): string[] {
  return Object.entries(NUMBER_WORDS)
    .filter(([, v]) => v === value)
    .map(([w]) => w);
}
