/**
 * Turns a user's question into what full-text search should look for.
 *
 * Questions are full sentences ("What is the default ... of `why3 prove` (option --timelimit)?"):
 * BM25 over every word rewards chunks full of "what", "does", "you". So we keep content words,
 * and treat two things specially because users name them exactly:
 *  - quoted or back-ticked text (`set fit limit`) is a phrase;
 *  - identifiers (SRANDOM, --timelimit, UV_THREADPOOL_SIZE, libR.so, -dKPreserve=2) keep every
 *    piece, even pieces that look like filler words ("so" in libR.so, "US" in capitals).
 * The word list is generic English question and filler words, not tuned to any question set.
 */
import { QUESTION_FILLER_WORDS } from '../../text/stopWords';

export interface AnalyzedQuery {
  /** Content words, in order, deduplicated (case-insensitively). */
  terms: string[];
  /** Multi-token phrases the user quoted, which should match adjacently. */
  phrases: string[];
  /** Tokens that look like identifiers (kept verbatim, also included in `terms`). */
  identifiers: string[];
}

// Quotes as users type them: `code`, "double", 'single' (only when it wraps words), “curly”.
const QUOTED = /`([^`]+)`|"([^"]+)"|“([^”]+)”|(?<![\p{L}\p{N}])'([^']+)'(?![\p{L}\p{N}])/gu;

/** A token with inner punctuation, a leading dash, inner capitals or all capitals: an identifier. */
function isIdentifier(token: string): boolean {
  return (
    /^-{1,2}[\p{L}\p{N}]/u.test(token) || /[\p{L}\p{N}][_.=/:\-+][\p{L}\p{N}]/u.test(token) || /\p{Ll}\p{Lu}/u.test(token) || /^\p{Lu}{3,}\p{N}*$/u.test(token)
  );
}

/**
 * Identifiers only code has: mixed case inside a word (CompleteMulti, libR), underscores, `=` or
 * `::`, a leading option dash, or a whole word in capitals (SRANDOM). Hyphenated English
 * ("plain-text") and dotted names ("Node.js") are identifiers for tokenizing, but not this specific.
 */
export function isCodeToken(token: string): boolean {
  return (
    /\p{Ll}\p{Lu}/u.test(token) ||
    /[\p{L}\p{N}]_[\p{L}\p{N}]/u.test(token) ||
    /=|::/u.test(token) ||
    /^-{1,2}\p{L}/u.test(token) ||
    /^\p{Lu}{4,}\p{N}*$/u.test(token)
  );
}

/** The pieces the index tokenizer will see for one token (it splits at anything not a letter/digit). */
export function tokenPieces(token: string): string[] {
  return token.split(/[^\p{L}\p{N}]+/u).filter((piece) => piece.length > 0);
}

export function analyzeQuery(query: string): AnalyzedQuery {
  const phrases: string[] = [];
  const identifiers: string[] = [];
  const words: string[] = [];

  const unquoted = query.replace(QUOTED, (_match, ...groups: unknown[]) => {
    const inner = String(groups.slice(0, 4).find((g) => typeof g === 'string') ?? '').trim();
    const innerTokens = inner.split(/\s+/).filter(Boolean);
    if (innerTokens.length > 1) {
      const pieces = tokenPieces(inner);
      if (pieces.length > 1) phrases.push(pieces.join(' '));
    }
    words.push(...innerTokens);
    return ' ';
  });
  // "How many" and "how much" ask for a quantity: the word is the question's, not its topic's (a
  // page's "among many others" is no closer to the answer than one without it).
  words.push(...unquoted.replace(/\bhow\s+(?:many|much)\b/giu, 'how').split(/\s+/));

  const terms: string[] = [];
  const seen = new Set<string>();
  for (const raw of words) {
    // Sentence punctuation around a word is not part of it; a leading dash (an option) is.
    const token = raw.replace(/^[([{<"'“‘]+|[)\]}>"'”’?!,;:.]+$/gu, '');
    // A possessive ("Meyer's", "partykit’s") names the word; a lone "s" would match every other possessive.
    const word = token.replace(/['’]s$/u, '');
    if (word === '') continue;
    // Identifiers are not made phrases: measured, "debian/copyright" or "machine-readable" as
    // phrases over-rewarded title pages; their rare pieces already carry high BM25 weight.
    if (isIdentifier(word) && !identifiers.includes(word)) identifiers.push(word);
    for (const piece of tokenPieces(word)) {
      const key = piece.toLowerCase();
      // "US" (all capitals) is a name, "us" a pronoun.
      const shouted = piece.length >= 2 && piece === piece.toUpperCase();
      if (seen.has(key) || (QUESTION_FILLER_WORDS.has(key) && !isIdentifier(word) && !shouted)) continue;
      seen.add(key);
      terms.push(piece);
    }
  }
  return { terms, phrases: [...new Set(phrases)], identifiers };
}

/** The query without the given (lowercase) words; used inside documents those words named. */
export function withoutWords(analyzed: AnalyzedQuery, words: Set<string>): AnalyzedQuery {
  const keep = (t: string) => {
    const lower = t.toLowerCase();
    return !words.has(lower) && !words.has(`${lower}s`) && !(lower.endsWith('s') && words.has(lower.slice(0, -1)));
  };
  return { terms: analyzed.terms.filter(keep), phrases: analyzed.phrases, identifiers: analyzed.identifiers.filter(keep) };
}

/**
 * The parts of a question that asks several things ("What is X, and how do I change Y?"): split
 * at sentence ends and at "and"/"also" followed by a new question word. One part: no split.
 */
export function splitQuestion(query: string): string[] {
  const parts = query
    .split(/(?<=[?!.])\s+|[,;]?\s+(?:and|also|plus)\s+(?=(?:what|which|how|where|when|who|why|is|are|does|do|can|should)\b)/i)
    .map((p) => p.trim())
    .filter((p) => analyzeQuery(p).terms.length > 0);
  return parts.length > 1 ? parts : [query];
}

/**
 * The words the rerank's lexical order weighs: the question's, without the words of the title of a
 * document it names ("according to the LilyPond Music Glossary" -> music, glossary). Inside the
 * named manual they say nothing, and elsewhere they favour passages that cite that manual ("see
 * Section “pitch” in Music Glossary") over the one that answers. A folder's name (LilyPond,
 * Ghostscript) stays: it is also the tool the question is about. Measured in docs/benchmarks.md.
 * Unchanged when nothing is named or nothing else would be left.
 */
export function rerankTerms(analyzed: AnalyzedQuery, titleWords: ReadonlySet<string>): string[] {
  if (titleWords.size === 0) return analyzed.terms;
  const kept = withoutWords(analyzed, new Set(titleWords)).terms;
  return kept.length > 0 ? kept : analyzed.terms;
}
