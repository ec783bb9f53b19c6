/**
 * A comparison read backwards: "marginal maximum likelihood estimates are at least as good as
 * conditional ones" where the page says "the cml estimates are at least as good as the mml
 * estimates"; "A is faster than B" where the page says "B is faster than A". The claim's clause and
 * a page clause near the sentence that says most of the claim compare with the same word ("as good
 * as", "faster than"); the claim's side before it (the words right before its verb) is the page's
 * side after it (the words right after "than" or "as"), or the other way round, and not the page's
 * side in its own place. A side matches another by a
 * word of its own (one the other side of its clause lacks) or by its initials ("mml").
 */
import { CLAIM_FUNCTION_WORDS } from '../../text/stopWords';
import { stemOf } from './claimTerms';
import type { Claim, PassageSentence } from './passageSupport';

/** Where a clause ends: a comma, semicolon or colon, or a conjunction that starts another. */
const CLAUSE_BREAK = /[,;:]\s+|\s+(?:but|while|whereas|although|and\s+that)\s+/iu;
/** Sentences either side of the one that says most of the claim that are read too. */
const AROUND = 1;
/** How far before "than" its comparative may come ("better than", "a better job than"). */
const REACH = 3;

interface Comparison {
  /** The comparing word: "good" of "as good as", "faster" of "faster than". */
  word: string;
  before: string[];
  after: string[];
}

const content = (w: string) => w.length > 1 && !CLAIM_FUNCTION_WORDS.has(w) && !/\d/.test(w);
const comparative = (w: string) => /(?:er|ior)$/u.test(w) || ['better', 'worse', 'more', 'less', 'fewer'].includes(w);

/** Verbs that end the subject: "A is at least as good as B", "A does a better job than B". */
const VERBS = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'does',
  'do',
  'did',
  'has',
  'have',
  'had',
  'performs',
  'perform',
  'performed',
  'gives',
  'give',
  'gave',
]);

/** The subject of what comes before the comparison: the last run of content words before its last verb ("the cml estimates are at least"). */
function subjectOf(before: readonly string[]): string[] {
  let end = before.length;
  for (let i = before.length - 1; i >= 0; i--)
    if (VERBS.has(before[i]!)) {
      end = i;
      break;
    }
  let start = end;
  while (start > 0 && content(before[start - 1]!)) start--;
  return before.slice(start, end);
}

/** What the comparison is against: the first run of content words after "than" or "as" ("the mml estimates"). */
function objectOf(after: readonly string[]): string[] {
  let start = 0;
  while (start < after.length && !content(after[start]!)) start++;
  let end = start;
  while (end < after.length && content(after[end]!)) end++;
  return after.slice(start, end);
}

function comparisonsIn(text: string): Comparison[] {
  const found: Comparison[] = [];
  for (const part of text.split(CLAUSE_BREAK)) {
    const words = part.toLowerCase().match(/\p{L}+/gu) ?? [];
    words.forEach((word, i) => {
      // "as good as": the word between two "as".
      if (word === 'as' && words[i + 2] === 'as' && words[i + 1] && content(words[i + 1]!))
        found.push({ word: words[i + 1]!, before: subjectOf(words.slice(0, i)), after: objectOf(words.slice(i + 3)) });
      if (word !== 'than') return;
      for (let j = i - 1; j >= Math.max(0, i - REACH); j--)
        if (comparative(words[j]!)) {
          found.push({ word: words[j]!, before: subjectOf(words.slice(0, j)), after: objectOf(words.slice(i + 1)) });
          return;
        }
    });
  }
  return found;
}

/** A side's own words: its content stems that the clause's other side lacks. */
function own(side: readonly string[], other: readonly string[]): Set<string> {
  const others = new Set(other.filter(content).map(stemOf));
  return new Set(
    side
      .filter(content)
      .map(stemOf)
      .filter((stem) => !others.has(stem)),
  );
}

/** Initials of runs of two or more words of `side`: "mml" of "marginal maximum likelihood". */
function initialsOf(side: readonly string[]): Set<string> {
  const words = side.filter(content);
  const initials = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    let letters = words[i]![0]!;
    for (let j = i + 1; j < words.length; j++) initials.add((letters += words[j]![0]!));
  }
  return initials;
}

/** Whether a claim's side and a page's side name the same thing. */
function same(claimSide: readonly string[], claimOther: readonly string[], pageSide: readonly string[], pageOther: readonly string[]): boolean {
  const mine = own(claimSide, claimOther);
  const theirs = own(pageSide, pageOther);
  if ([...mine].some((stem) => theirs.has(stem))) return true;
  const abbreviated = (words: readonly string[], initials: Set<string>) => words.some((w) => content(w) && initials.has(w));
  return abbreviated(pageSide, initialsOf(claimSide)) || abbreviated(claimSide, initialsOf(pageSide));
}

export function comparedBackwards(claim: Claim, sentences: readonly PassageSentence[], about: number): string | null {
  const mine = comparisonsIn(claim.text);
  if (mine.length === 0) return null;
  for (const sentence of sentences.slice(Math.max(0, about - AROUND), about + AROUND + 1))
    for (const theirs of comparisonsIn(sentence.text))
      for (const c of mine) {
        if (c.word !== theirs.word) continue;
        const kept = same(c.before, c.after, theirs.before, theirs.after) || same(c.after, c.before, theirs.after, theirs.before);
        const crossed = same(c.before, c.after, theirs.after, theirs.before) || same(c.after, c.before, theirs.before, theirs.after);
        if (crossed && !kept) return sentence.text;
      }
  return null;
}
