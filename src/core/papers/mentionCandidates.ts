/**
 * Which records of a library a question could name (mentions.ts), found through the words that can
 * start a mention, so a question looks at a handful of records rather than all of them (a
 * 5,000-item library beside a workspace). A superset, never a filter of its own: each candidate is
 * still judged by the same rules, in the library's order, so the mentions are those a look at every
 * record finds.
 *
 * A record can be named only through:
 * - its citekey, written in the question (for a key in ASCII, the lower-cased key is then part of
 *   the lower-cased question; a key in other letters is always looked at);
 * - its first author's family name (one of its forms, whose first word is a word of the question);
 * - its title: a quoted part of it (a question with a quote looks at every record), the whole title
 *   (its first word), its own name or presented package, or two or more of a part's rarer words
 *   (counted as a part counts them: a word twice in one part counts twice).
 */
import type { PaperRecord } from './record';

/** What of a record's normalised title and names (mentions.ts's MentionKeys) can start a mention. */
interface NamingKeys {
  title: string | null;
  parts: string[][];
  own: string[];
  presented: string[];
  authors: string[][][];
}

export interface CandidateIndex {
  /** A word of a question -> the records (ascending) it alone could name: first author, a title's first word, own name, package. */
  byWord: Map<string, number[]>;
  /** A title word -> the records whose parts hold it, each with how often one part holds it (1 or 2): two hits make a candidate. */
  byPartWord: Map<string, Array<[record: number, weight: number]>>;
  /** Per record: its citekey lower-cased when in ASCII, '' for a key in other letters (always looked at), null for none or a short one. */
  citekeys: readonly (string | null)[];
  size: number;
}

/** Keys shorter than this name nothing (mentions.ts's citekeyMention). */
const MIN_KEY_LENGTH = 4;

export function candidateIndex(records: readonly PaperRecord[], keys: readonly NamingKeys[]): CandidateIndex {
  const byWord = new Map<string, number[]>();
  const byPartWord = new Map<string, Array<[number, number]>>();
  const note = (word: string | undefined, i: number) => {
    if (!word) return;
    const list = byWord.get(word);
    if (!list) byWord.set(word, [i]);
    else if (list.at(-1) !== i) list.push(i);
  };
  keys.forEach((key, i) => {
    for (const form of key.authors[0] ?? []) note(form[0], i);
    note(key.title?.split(' ')[0], i);
    for (const name of key.own) note(name, i);
    for (const name of key.presented) note(name, i);
    const weights = new Map<string, number>();
    for (const part of key.parts) {
      const counts = new Map<string, number>();
      for (const word of part) counts.set(word, Math.min(2, (counts.get(word) ?? 0) + 1));
      for (const [word, count] of counts) weights.set(word, Math.max(count, weights.get(word) ?? 0));
    }
    for (const [word, weight] of weights) {
      const list = byPartWord.get(word);
      if (list) list.push([i, weight]);
      else byPartWord.set(word, [[i, weight]]);
    }
  });
  const citekeys = records.map((record) => {
    const key = record.citekey?.value;
    if (!key || key.length < MIN_KEY_LENGTH) return null;
    return /^[\x00-\x7f]*$/.test(key) ? key.toLowerCase() : '';
  });
  return { byWord, byPartWord, citekeys, size: records.length };
}

/** What of a question picks candidates: its words as typed and made singular, the singular ones alone (as parts are matched), whether it quotes, and itself as citekeys are looked for in it. */
export interface CandidateQuery {
  words: Iterable<string>;
  singularWords: Iterable<string>;
  quoted: boolean;
  folded: string;
}

/** The records to look at for a question, ascending; every record when the question quotes a part of a title. */
export function candidatesOf(index: CandidateIndex, query: CandidateQuery): number[] {
  if (query.quoted) return Array.from({ length: index.size }, (_, i) => i);
  const picked = new Set<number>();
  for (const word of query.words) for (const i of index.byWord.get(word) ?? []) picked.add(i);
  const hits = new Map<number, number>();
  for (const word of new Set(query.singularWords)) {
    for (const [i, weight] of index.byPartWord.get(word) ?? []) {
      const sum = (hits.get(i) ?? 0) + weight;
      hits.set(i, sum);
      if (sum >= 2) picked.add(i);
    }
  }
  index.citekeys.forEach((key, i) => {
    if (key !== null && (key === '' || query.folded.includes(key))) picked.add(i);
  });
  return [...picked].sort((a, b) => a - b);
}
