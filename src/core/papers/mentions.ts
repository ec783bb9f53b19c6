/**
 * Which papers of the library a question names, the ways researchers name them:
 * - by author and year: "Chaussé (2010)", "Bates et al. 2015", "Henningsen and Hamann (2007)",
 *   "Hyndman & Khandakar 2008", "in Zeileis's 2004 paper"; the first author, whole names only
 *   ("Newey and West (1987)" names Newey's paper, never Westfall's); accents optional ("Chausse",
 *   "Burkner"); a year the record contradicts rules a paper out, a record without a year stays a
 *   weaker candidate (a vignette prints none, yet others cite it by year);
 * - by citekey: `@zeileis2004econometric` or the bare key;
 * - by title: a quoted title ("In 'Parties, Models, Mobsters', …"), most of a title's rare words,
 *   or a title's own name word ("the RcppEigen paper", "the brms papers": the package a title
 *   starts with, a word spelt like code, or the package a title presents, "… with the R Package
 *   brms", when the question calls it a paper or a package).
 * A soft preference for search, never a filter: each mention has a strength, and the question's
 * words that named the paper, which are not content the passages must contain.
 */
import { comparable } from './normalize';
import type { PaperRecord } from './record';
import { TITLE_COMMON_WORDS } from '../text/stopWords';
import { candidateIndex, candidatesOf, type CandidateIndex } from './mentionCandidates';

export type MentionKind = 'citekey' | 'author-year' | 'author' | 'title';

export interface PaperMention {
  path: string;
  kind: MentionKind;
  /** 0-1: 1 for a citekey or an author and year the record agrees with. */
  strength: number;
  /** The question's words (lower case, as typed and without accents) that named the paper. */
  words: string[];
  /**
   * The paper's own title words (lower case, no accents, without words every title has): inside
   * the paper they are everywhere and pin nothing down ("systemfit" in the systemfit paper).
   */
  titleWords: string[];
}

/** A token of the question: as typed (accents kept), lower case, comparable (no accents), and whether it starts with a capital. */
interface Token {
  typed: string;
  key: string;
  capital: boolean;
}

const PARTICLES = new Set(['van', 'von', 'de', 'der', 'den', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'ten', 'ter', 'dos', 'das', 'st']);
const CONNECTORS = new Set(['and', '&', 'et', 'al', 'und']);

function tokensOf(text: string): Token[] {
  return (text.match(/[\p{L}\p{M}\p{N}]+|&/gu) ?? []).map((raw) => ({ typed: raw.toLowerCase(), key: comparable(raw) || raw, capital: /^\p{Lu}/u.test(raw) }));
}

/** The family name's words to look for: the whole name, and without its particles ("van de Wiel" -> "wiel"). */
function familyForms(family: string): string[][] {
  const words = comparable(family).split(' ').filter(Boolean);
  const core = words.filter((w) => !PARTICLES.has(w));
  const forms = [words];
  if (core.length > 0 && core.length < words.length) forms.push(core);
  return forms;
}

function startsAt(tokens: Token[], at: number, words: string[]): boolean {
  return words.length > 0 && words.every((w, j) => tokens[at + j]?.key === w);
}

const yearOfToken = (token: Token | undefined) => {
  const match = token && /^(1[89]\d\d|20\d\d)[a-z]?$/.exec(token.key);
  return match ? Number(match[1]) : null;
};

/** What the library's titles and names say, computed once per library, not once per question. */
export interface MentionIndex {
  records: readonly PaperRecord[];
  /** Title word -> how many titles hold it. */
  titleWordCounts: Map<string, number>;
  /** Per record (same order as `records`): its title and names as questions are matched against them. */
  keys: readonly MentionKeys[];
  /** Which records a question's words could name (mentionCandidates.ts): a question looks at those, not at all 5,000. */
  candidates: CandidateIndex;
}

/** One record's title and names, normalised once. */
export interface MentionKeys {
  /** The title without accents, lower case; null without a title. */
  title: string | null;
  /** The title's parts (split at ": " and " - "), each as its rarer words. */
  parts: string[][];
  /** Its distinct rarer words (PaperMention.titleWords). */
  words: string[];
  /** The words that name it alone (titleNames) and the package it presents (packageNames). */
  own: string[];
  presented: string[];
  /** Each author's family name forms (familyForms), in order. */
  authors: string[][][];
}

/** Records' keys kept between processes (mentionKeyCache.ts, core/library/mentionKeyFile.ts): a large library is not worked out for every CLI question. */
export interface MentionKeyCache {
  /** Each record's keys, in order: those kept for its `mentionKeyId` under `MENTION_KEYS_RULES_VERSION` (mentionKeyCache.ts), else `compute(record)`. */
  keysOf(records: readonly PaperRecord[], compute: (record: PaperRecord) => MentionKeys): MentionKeys[];
}

export function mentionIndex(records: readonly PaperRecord[], cache?: MentionKeyCache): MentionIndex {
  const titleWordCounts = new Map<string, number>();
  const keys = cache ? cache.keysOf(records, recordKeys) : records.map((record) => recordKeys(record));
  for (const { words } of keys) for (const word of words) titleWordCounts.set(word, (titleWordCounts.get(word) ?? 0) + 1);
  return { records, titleWordCounts, keys, candidates: candidateIndex(records, keys) };
}

function recordKeys(record: PaperRecord): MentionKeys {
  const title = record.title?.value ?? '';
  return {
    title: title ? comparable(title) : null,
    parts: title
      .split(/:\s|\s[-–—]\s/)
      .map(titleWords)
      .filter((words) => words.length > 0),
    words: [...new Set(titleWords(title))],
    own: title ? titleNames(title) : [],
    presented: title ? packageNames(title) : [],
    authors: (record.authors?.value ?? []).map((author) => familyForms(author.family)),
  };
}

function titleWords(title: string): string[] {
  return comparable(title)
    .split(' ')
    .filter((w) => w.length > 1 && !TITLE_COMMON_WORDS.has(w))
    .map(singular);
}

const singular = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

export function papersNamedBy(question: string, index: MentionIndex): PaperMention[] {
  const asked = askedOf(question);
  const folded = foldedForKeys(question);
  const found = new Map<string, PaperMention>();
  const add = (mention: Omit<PaperMention, 'titleWords'>, keys: MentionKeys) => {
    const held = found.get(mention.path);
    if (!held || held.strength < mention.strength) found.set(mention.path, { ...mention, titleWords: keys.words });
  };
  const words = asked.tokens.flatMap((t) => [t.key, singular(t.key)]);
  const query = { words, singularWords: asked.words.keys(), quoted: asked.quoted.length > 0, folded };
  for (const i of candidatesOf(index.candidates, query)) {
    const record = index.records[i]!;
    const keys = index.keys[i]!;
    const byKey = citekeyMention(question, folded, record);
    if (byKey) add(byKey, keys);
    const byAuthor = authorMention(asked.tokens, record, keys);
    if (byAuthor) add(byAuthor, keys);
    const byTitle = titleMention(asked, record, keys, index);
    if (byTitle) add(byTitle, keys);
  }
  return [...found.values()].sort((a, b) => b.strength - a.strength);
}

type Found = Omit<PaperMention, 'titleWords'>;

/**
 * The question as citekeys are looked for in it: lower case, with the two letters that /iu folds
 * onto ASCII ones (long s, Kelvin sign) spelt as those, so an ASCII key the key's pattern would
 * find is always a substring of it.
 */
function foldedForKeys(question: string): string {
  return question
    .replace(/\u017f/g, 's')
    .replace(/\u212a/g, 'k')
    .toLowerCase();
}

/** Each key's pattern, compiled once per process (up to a bound): a Unicode, case-insensitive pattern costs milliseconds to compile. */
const keyPatterns = new Map<string, RegExp>();
const MAX_KEY_PATTERNS = 20_000;

function keyPattern(key: string): RegExp {
  let pattern = keyPatterns.get(key);
  if (!pattern) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])@?${escaped}(?![\\p{L}\\p{N}_])`, 'iu');
    if (keyPatterns.size >= MAX_KEY_PATTERNS) keyPatterns.clear();
    keyPatterns.set(key, pattern);
  }
  return pattern;
}

function citekeyMention(question: string, folded: string, record: PaperRecord): Found | null {
  const key = record.citekey?.value;
  if (!key || key.length < 4) return null;
  // Most keys are not in the question: a substring test rules them out before any pattern is
  // compiled (5,000 patterns per question took seconds with a large library).
  if (/^[\x00-\x7f]*$/.test(key) && !folded.includes(key.toLowerCase())) return null;
  if (!keyPattern(key).exec(question)) return null;
  return { path: record.path, kind: 'citekey', strength: 1, words: [key.toLowerCase(), ...comparable(key).split(' ')] };
}

/**
 * The first author's family name, then optionally "et al." or co-authors in order, then a year
 * within a few words. Without a year the name must read as a name (capitalised, or followed by
 * "et al." or a co-author), since family names are also words ("Young", "Graham").
 */
function authorMention(tokens: Token[], record: PaperRecord, keys: MentionKeys): Found | null {
  const authors = record.authors?.value ?? [];
  if (authors.length === 0) return null;
  const year = record.year?.value ?? null;
  let best: Found | null = null;
  for (const form of keys.authors[0]!) {
    for (let at = 0; at < tokens.length; at++) {
      if (!startsAt(tokens, at, form)) continue;
      const used = tokens.slice(at, at + form.length);
      let next = at + form.length;
      let coauthors = 0;
      let etAl = false;
      // "et al." / "and Hamann" / "& Khandakar" / ", Köll, and Graham"
      for (let guard = 0; guard < 8 && next < tokens.length; guard++) {
        if (tokens[next]!.key === 'et' && tokens[next + 1]?.key === 'al') {
          used.push(tokens[next]!, tokens[next + 1]!);
          next += 2;
          etAl = true;
          break;
        }
        const connector = CONNECTORS.has(tokens[next]!.key) ? 1 : 0;
        const coForm = keys.authors[1 + coauthors]?.find((f) => startsAt(tokens, next + connector, f));
        if (!coForm) break;
        used.push(...tokens.slice(next, next + connector + coForm.length));
        next += connector + coForm.length;
        coauthors++;
      }
      // A possessive ("Zeileis's") and a few words may stand between the names and the year; one
      // name may cite several papers by their years ("Zeileis (2004 and 2006)", "Koenker 2005, 2008").
      const mentionedYears: number[] = [];
      for (let j = next; j < Math.min(tokens.length, next + 4); j++) {
        if (yearOfToken(tokens[j]) === null) continue;
        for (let more = j; yearOfToken(tokens[more]) !== null; more += CONNECTORS.has(tokens[more + 1]?.key ?? '') ? 2 : 1) {
          mentionedYears.push(yearOfToken(tokens[more])!);
          used.push(tokens[more]!);
        }
        break;
      }
      const mentionedYear = mentionedYears.length === 0 ? null : year !== null && mentionedYears.includes(year) ? year : mentionedYears[0]!;
      // A co-author named that the record does not have ("Hahsler, Hornik & Buchta" is not
      // Hahsler and Hornik's paper): another paper by the same first author.
      const namedOther = !etAl && CONNECTORS.has(tokens[next]?.key ?? '') && tokens[next + 1]?.capital && !yearOfToken(tokens[next + 1]);
      if (namedOther) continue;
      // "et al." stands for two or more further authors: never a paper by one or two.
      if (etAl && authors.length < 3) continue;
      let mention: Found | null = null;
      const words = used.flatMap((t) => [t.typed, t.key]);
      // A lone family name cites a paper by one author; for more, a reader writes "et al." or the co-authors.
      const lone = !etAl && coauthors === 0 && authors.length > 1;
      if (mentionedYear !== null) {
        if (year !== null && year !== mentionedYear) continue;
        if (lone && year === null) continue;
        const strength = year !== null ? Math.min(1, (lone ? 0.8 : 0.9) + 0.05 * coauthors) : 0.5;
        mention = { path: record.path, kind: year !== null ? 'author-year' : 'author', strength, words };
      } else if (etAl || coauthors > 0 || (tokens[at]!.capital && !lone)) {
        mention = { path: record.path, kind: 'author', strength: coauthors > 0 ? 0.6 : 0.4, words };
      }
      if (mention && (!best || mention.strength > best.strength)) best = mention;
    }
  }
  return best;
}

/**
 * The package a title presents: "… with the R Package brms", "package lme4 for …" (a name the end,
 * punctuation or a joining word follows), "the forecast package".
 */
const PACKAGE_NAMED = [/\bpackage\s+([\p{L}\p{N}.]+)(?=\s*(?:$|[:,;()–—-]|(?:in|for|with|and|to|using|on)\b))/giu, /\bthe\s+([\p{L}\p{N}.]+)\s+package\b/giu];
/** How a question names a package's paper: "the brms papers", "the forecast package", "the ordinal vignette". */
const PACKAGE_CONTEXT = new Set(['paper', 'papers', 'package', 'packages', 'vignette', 'vignettes', 'article', 'articles']);

const QUOTED = /["“”'‘’]([^"“”'‘’]{6,})["“”'‘’]/gu;

/** A question as titles are matched against it: its tokens, its words by singular key, its quoted parts. */
interface Asked {
  tokens: Token[];
  words: Map<string, Token>;
  quoted: { comparable: string; words: string[] }[];
}

function askedOf(question: string): Asked {
  const tokens = tokensOf(question);
  const quoted = [...question.matchAll(QUOTED)]
    .map((match) => ({ comparable: comparable(match[1]!), words: quotedWords(match[1]!) }))
    .filter((q) => q.comparable.split(' ').length >= 2);
  return { tokens, words: new Map(tokens.map((t) => [singular(t.key), t])), quoted };
}

function titleMention(question: Asked, record: PaperRecord, keys: MentionKeys, index: MentionIndex): Found | null {
  const comparableTitle = keys.title;
  if (!comparableTitle) return null;
  // A quoted part of the title: "In 'Parties, Models, Mobsters', …".
  for (const quoted of question.quoted) {
    if (` ${comparableTitle} `.includes(` ${quoted.comparable} `) || quoted.comparable.includes(comparableTitle)) {
      return { path: record.path, kind: 'title', strength: 0.95, words: quoted.words };
    }
  }
  // The whole title written out as a title ("According to An Introduction to R, …"): its words
  // may all be common ones no title word list keeps, but a capitalised run of them names the book.
  const echoed = echoedTitle(question.tokens, comparableTitle);
  if (echoed) return { path: record.path, kind: 'title', strength: ECHOED_TITLE, words: echoed };
  const asked = question.words;
  const parts = keys.parts;
  let best: Found | null = null;
  const total = Math.max(1, index.records.length);
  const idf = (word: string) => Math.log(1 + total / (index.titleWordCounts.get(word) ?? 1));
  for (const words of parts) {
    const matched = words.filter((w) => asked.has(w));
    if (matched.length < 2) continue;
    const weight = words.reduce((sum, w) => sum + idf(w), 0);
    const coverage = matched.reduce((sum, w) => sum + idf(w), 0) / weight;
    if (coverage >= 0.75) {
      const mention = { path: record.path, kind: 'title' as const, strength: 0.8 * coverage, words: wordsOf(matched, asked) };
      if (!best || mention.strength > best.strength) best = mention;
    }
  }
  // A title's own name: the package it starts with ("brms: An R Package …") or a word spelt like
  // code (RcppEigen); or the package it presents, when the question calls it a package or a paper
  // ("the brms papers", "the forecast package"): alone, "forecast" or "ordinal" is just a word.
  const { own, presented } = keys;
  for (const name of new Set([...own, ...presented])) {
    const token = asked.get(name);
    if (!token || (index.titleWordCounts.get(name) ?? 0) > 3) continue;
    if (!own.includes(name) && !calledPackage(question.tokens, name)) continue;
    const mention = { path: record.path, kind: 'title' as const, strength: 0.6, words: wordsOf([name], asked) };
    if (!best || mention.strength > best.strength) best = mention;
  }
  return best;
}

/**
 * Below a citekey's or a quoted title's certainty (search's PRECISE_MENTION): a title the file's
 * name also echoes ("Auto Multiple Choice") is still searched as a named document, as before.
 */
const ECHOED_TITLE = 0.85;
/** Shorter titles ("Octave", "SISCone") are words a question uses in passing; a quoted or rarer-word match names those. */
const MIN_ECHOED_WORDS = 3;

/**
 * The question's typed words of the whole title, when it holds the title word for word, starting
 * with a capital (a title, not a phrase: "an introduction to r" in running text is not a book).
 */
function echoedTitle(tokens: Token[], title: string): string[] | null {
  const words = title.split(' ');
  if (words.length < MIN_ECHOED_WORDS) return null;
  for (let at = 0; at + words.length <= tokens.length; at++) {
    if (!tokens[at]!.capital || !startsAt(tokens, at, words)) continue;
    return tokens.slice(at, at + words.length).flatMap((t) => [t.typed, t.key]);
  }
  return null;
}

/** The package a title presents ("… with the R Package brms", "The frbs Package: …"). */
function packageNames(title: string): string[] {
  // Both patterns name the word "package": most titles have none (and the patterns are slow).
  if (!/package/i.test(title)) return [];
  const names = PACKAGE_NAMED.flatMap((pattern) => [...title.matchAll(pattern)].map((match) => singular(comparable(match[1]!))));
  return names.filter((n) => n.length >= 2 && !TITLE_COMMON_WORDS.has(n));
}

/** The question writes the name beside "paper", "package", "vignette" or "article". */
function calledPackage(tokens: Token[], name: string): boolean {
  return tokens.some((t, i) => singular(t.key) === name && (PACKAGE_CONTEXT.has(tokens[i + 1]?.key ?? '') || tokens[i - 1]?.key === 'package'));
}

/** The words that name a title by themselves: the word before its colon or dash ("kernlab – An S4 Package …"), and words spelt like code (RcppEigen, lme4, e1071, FlexMix). */
function titleNames(title: string): string[] {
  const names = new Set<string>();
  const head = /^\s*([\p{L}\p{N}.]+)(?::|\s[-–—]\s)/u.exec(title);
  if (head) names.add(singular(comparable(head[1]!).replace(/ /g, '')));
  for (const word of title.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/\p{Ll}\p{Lu}/u.test(word) || (/\p{L}/u.test(word) && /\p{N}/u.test(word))) names.add(singular(comparable(word)));
  }
  return [...names].filter((n) => n.length >= 2 && !TITLE_COMMON_WORDS.has(n));
}

function quotedWords(text: string): string[] {
  return tokensOf(text).flatMap((t) => [t.typed, t.key]);
}

function wordsOf(matched: string[], asked: Map<string, Token>): string[] {
  return matched.flatMap((w) => {
    const token = asked.get(w)!;
    return [token.typed, token.key];
  });
}
