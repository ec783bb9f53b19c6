/**
 * Two things a question says about its answer that word coverage (./absence.ts) cannot see:
 * - the things it names: a word written with a capital inside the sentence (GPU, Rust, Lean,
 *   MusicXML). A user paraphrases ordinary words ("reproducible" for "seeded"), but a tool, format
 *   or vendor has one name, so an answer mentions it;
 * - that it asks for a date ("When was Bash 5.3 released?", "the release date of Debian 13"): an
 *   answer then holds a year or a month and day, and a passage that only shares the question's words
 *   ("Debian 13 will be called trixie") does not.
 */
import { pathWords } from './docScope';

/**
 * The question's words written with a capital letter, not as a sentence's first word, lowercased.
 * Only plain words: a name typed with `_`, `.`, `-` or `=` (R_MAX_THREADS, Node.js) is a code
 * name, judged as a phrase by absence.ts. One letter (R, C) is left out: as a token it is a
 * variable, a list label or a unit as often as the name.
 */
export function capitalisedNames(question: string): string[] {
  const names = new Set<string>();
  const words = question.split(/\s+/).filter(Boolean);
  let lowercase = 0;
  words.forEach((raw, i) => {
    const sentenceStart = i === 0 || /[.!?:]["')\]]*$/.test(words[i - 1]!);
    const word = raw.replace(/^["'(\[`]+/, '').replace(/(['’]s)?["'`),.;:!?\]]*$/u, '');
    if (/^\p{Ll}/u.test(word)) lowercase++;
    if (sentenceStart || word.length < 2 || !/^[\p{L}\p{N}]+$/u.test(word) || !/\p{Lu}/u.test(word)) return;
    names.add(word.toLowerCase());
  });
  // A question In Title Case or IN CAPITALS capitalises everything: then it names nothing by it.
  return names.size > lowercase ? [] : [...names];
}

/** The name words of indexed documents: a question naming a manual ("SubmittingPatches") names something the index has. */
export function documentNameWords(paths: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const path of paths) {
    for (const word of pathWords(path)) words.add(word);
    // The file's name glued, as a question types it: git/SubmittingPatches.txt -> "submittingpatches".
    const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
    words.add(base.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));
  }
  return words;
}

/**
 * The question asks when something was released or published. Narrow on purpose: "When was the
 * option added?" is answered by a version ("added: v10.5.0"), and "when does Bash read ~/.bashrc"
 * by a condition, neither of them a date.
 */
export function asksForDate(question: string): boolean {
  const q = question.toLowerCase();
  return (
    /\bwhen (was|were|did|will)\b[^?]*\b(releas|publish|launch|announc|came out|come out)/.test(q) ||
    /\b(release|publication) date\b/.test(q) ||
    /\b(what|which) year\b/.test(q)
  );
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATE = new RegExp(`\\b(?:1[89]\\d\\d|20\\d\\d)\\b|\\b${MONTH}\\s+\\d{1,2}\\b`, 'i');

/** The text holds a year (1800-2099) or a month and day ("March 3"; "3 may" is more often the verb). */
export function holdsDate(text: string): boolean {
  return DATE.test(text);
}

/** Words that ask which row of a table wins, or by how much: a table gives the answer as a number, not as the word. */
const RANKING_WORDS = new Set(
  (
    'best worst most least fewest lowest highest largest smallest fastest slowest longest shortest biggest greatest ' +
    'better worse more fewer less lower higher larger smaller faster slower longer shorter bigger greater minimum maximum'
  ).split(' '),
);
/** "How long", "how often": the word after "how" that asks for an amount ("how does" asks for a way). */
const AMOUNT_AFTER_HOW = new Set('long fast often large big small far high low old quickly slow accurate precise close strong'.split(' '));

/**
 * The question's words that ask for a value: a ranking ("fastest", "lowest", "fewer") and an
 * amount after "how" ("how long", "how often"), lowercased. "Which method was fastest in the
 * lmBenchmark, and how long did it take?" is answered by a table row, "LDLt 1.00 1.18", which
 * holds neither "fastest" nor "long".
 */
export function valueWords(question: string): Set<string> {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word, i) => RANKING_WORDS.has(word) || (i > 0 && words[i - 1] === 'how' && AMOUNT_AFTER_HOW.has(word))));
}
