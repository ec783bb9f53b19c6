/**
 * "Not in your documents": a signal, from the index alone (no LLM), that the answer to a question
 * is absent. It asks how much of the question the top passages cover, weighting each of the
 * question's words by its rarity in the whole index (IDF): a question whose rare words the best
 * passages do not contain, or that uses a word the index has nowhere, asks about something the
 * documents do not say. Two cues from the question itself (./absenceCues.ts) catch what coverage
 * cannot: a thing it names that no top passage names, and a date it asks for that the best passage
 * lacks. Thresholds and how they were measured: ./README.md ("Not in your documents").
 */
import { asksForDate, capitalisedNames, holdsDate, valueWords } from './absenceCues';
import { holdsTable } from './tables';
import { PAPER_NOUNS } from './acrossDocuments';
import { pathWords } from './docScope';
import { analyzeQuery, tokenPieces } from './query';
import type { Absence, SearchHit } from '../types';
import { INDEX_STOP_WORDS } from '../../text/stopWords';
import { withinOneEdit } from '../../text/withinOneEdit';

/** What the index says about one word of the question, or one multi-part name it typed (`R_MAX_THREADS`). */
export interface TermEvidence {
  /** A word, or a name's parts joined by spaces (matched as a phrase). */
  term: string;
  kind: 'word' | 'name';
  /** Chunks containing it (capped at DF_CAP). 0: nowhere in the index. */
  df: number;
  /** Some top passage contains it (its text, or its document's name). */
  covered: boolean;
  /** Occurs nowhere, but a top passage has a word one edit away: a misspelling, not a new topic. */
  misspelt: boolean;
  /** Ids of the top passages that contain it (its document's name counts for all of them). */
  passages: string[];
  /** A word the question capitalises inside the sentence (GPU, Rust) and no indexed document is named by: a thing an answer names. */
  proper?: boolean;
  /** A word asking for a value ("fastest", "how long": absenceCues.ts valueWords): ids of the top passages holding a table, which give it as a number. */
  valueIn?: string[];
}

/** What the index and the top passages say about a question. */
export interface AbsenceEvidence {
  terms: TermEvidence[];
  /** The question asks when something was released or published (absenceCues.ts). */
  asksForDate: boolean;
  /** Ids of the top passages that hold a year or a date. */
  datedPassages: string[];
  /**
   * The question asks about several documents (./acrossDocuments.ts): its answer is a passage of
   * each, so their coverage together counts as one passage's. Per top passage id, its document.
   */
  acrossDocuments?: { documentOf: Record<string, string> };
}

/** Top passages whose words count as covering the question (the ones an answer would quote). */
export const ABSENCE_TOP = 5;
/** Chunks counted per word; above this a word is common and its IDF barely changes. */
export const DF_CAP = 1000;
/**
 * Below this IDF-weighted coverage inside the single best of the top passages, they miss the
 * question's substance. Calibrated (README.md) on the development, held-out 1 and 2 questions and
 * unanswerable-1: every answerable one had 0.51 or more in one passage; unanswerable ones 0.32-1.
 */
export const MIN_COVERAGE = 0.5;
/**
 * A word the index has nowhere, or a capitalised name no top passage has, flags the question only
 * when coverage is also below this, so one odd word in an otherwise well-matched question is not a
 * refusal. Measured on the calibration sets (README.md): no answerable question had either; the
 * unanswerable ones with an unknown word covered 0.38-0.63, those with an uncovered name 0.32-0.72
 * (full-text) and 0.32-0.69 (hybrid).
 */
export const UNKNOWN_WORD_COVERAGE = 0.7;

/** The question's words as the index sees them: pieces of its content words, lowercased, no stop words. */
export function questionTerms(question: string): string[] {
  const pieces = analyzeQuery(question)
    .terms.flatMap(tokenPieces)
    .map((piece) => piece.toLowerCase());
  return [...new Set(pieces)].filter((piece) => !INDEX_STOP_WORDS.has(piece));
}

/**
 * Names of several parts the question types (`R_MAX_THREADS`, `--max-worker-threads`), as the
 * phrase of their parts. Every part of a made-up option can exist on its own; the name does not.
 * Number parts are values, not the name (`-dKPreserve=2`, `5.3`: the manual writes `=0/1/2` or
 * another version), so they are dropped. A name with a stop-word part is left out: the index drops
 * that part, so the phrase cannot match.
 */
export function questionNames(question: string): Array<{ phrase: string; spelled: string }> {
  const names = analyzeQuery(question).identifiers.map((name) => ({
    pieces: tokenPieces(name)
      .map((p) => p.toLowerCase())
      .filter((p) => !/^\d+$/.test(p)),
    spelled: name.toLowerCase().replace(/^-+/, ''),
  }));
  return names
    .filter(({ pieces }) => pieces.length > 1 && !pieces.some((p) => INDEX_STOP_WORDS.has(p)))
    .map(({ pieces, spelled }) => ({ phrase: pieces.join(' '), spelled }));
}

/** How the index answers the two questions asked of each word; search.ts runs them on LanceDB. */
export interface TermLookup {
  /** Chunks containing the word (or, with `phrase`, the words adjacent), up to DF_CAP. */
  documentFrequency(term: string, phrase?: boolean): Promise<number>;
  /** Those of `ids` whose text contains the word or phrase (the index's tokenizer and stemmer decide). */
  containing(term: string, ids: readonly string[], phrase?: boolean): Promise<Set<string>>;
  /** Chunks in the index. */
  total(): Promise<number>;
  /** The name words of the indexed documents (absenceCues.ts documentNameWords). */
  documentNameWords(): Promise<Set<string>>;
}

/**
 * `naming`: per document path, the question's words that named it as a paper of the library
 * ("Chaussé", "2010", "et", "al"): a passage of that paper covers them, as a document's name covers
 * its name words; they say which paper, not what it says.
 */
export async function assessAbsence(
  question: string,
  hits: readonly SearchHit[],
  lookup: TermLookup,
  naming: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
  acrossDocuments = false,
): Promise<Absence> {
  if (hits.length === 0) return { absent: true, confidence: 1, reason: 'the search found no passage', missing: [] };
  const evidence = await gatherEvidence(question, hits, lookup, naming, acrossDocuments);
  if (evidence.terms.length === 0) return { absent: false, confidence: 0, reason: 'the question has no searchable words', missing: [] };
  return judgeAbsence(evidence, await lookup.total());
}

/** Each of the question's words: how common in the index, and whether the top passages have it. */
export async function gatherEvidence(
  question: string,
  hits: readonly SearchHit[],
  lookup: TermLookup,
  naming: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
  acrossDocuments = false,
): Promise<AbsenceEvidence> {
  const top = hits.slice(0, ABSENCE_TOP);
  const asked = valueWords(question);
  const tables = asked.size > 0 ? top.filter((hit) => holdsTable(hit.text)).map((hit) => hit.id) : [];
  const capitalised = capitalisedNames(question);
  const documentNameWords = capitalised.length > 0 ? await lookup.documentNameWords() : new Set<string>();
  const ids = top.map((hit) => hit.id);
  const documentNames = new Set(top.flatMap((hit) => pathWords(hit.path)));
  const words = new Set(top.flatMap((hit) => hit.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
  const spellings = new Set(top.flatMap((hit) => hit.text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_.:=+-]*[\p{L}\p{N}]/gu) ?? []));
  const namesPaper = (hit: SearchHit, term: string) => naming.get(hit.path)?.has(term) ?? false;
  // "The ctree vignette", "which two papers": the words naming a kind of paper name no content.
  const wordEvidence = questionTerms(question)
    .filter((term) => !PAPER_NOUNS.has(term))
    .map(async (term): Promise<TermEvidence> => {
      const [df, inTop] = await Promise.all([lookup.documentFrequency(term), lookup.containing(term, ids)]);
      const named = top.filter((hit) => pathWords(hit.path).includes(term) || namesPaper(hit, term)).map((hit) => hit.id);
      const covered = inTop.size > 0 || documentNames.has(term) || named.length > 0;
      const misspelt = df === 0 && term.length >= 5 && [...words].some((word) => withinOneEdit(term, word));
      const proper = capitalised.includes(term) && !documentNameWords.has(term) && named.length === 0;
      const valueIn = asked.has(term) && tables.length > 0 ? { valueIn: tables } : {};
      return { term, kind: 'word', df, covered, misspelt, passages: [...new Set([...inTop, ...named])], proper, ...valueIn };
    });
  const nameEvidence = questionNames(question).map(async ({ phrase, spelled }): Promise<TermEvidence> => {
    const [df, inTop] = await Promise.all([lookup.documentFrequency(phrase, true), lookup.containing(phrase, ids, true)]);
    const misspelt = df === 0 && [...spellings].some((word) => withinOneEdit(spelled, word));
    return { term: phrase, kind: 'name', df, covered: inTop.size > 0, misspelt, passages: [...inTop] };
  });
  const dates = asksForDate(question);
  return {
    terms: await Promise.all([...wordEvidence, ...nameEvidence]),
    asksForDate: dates,
    datedPassages: dates ? top.filter((hit) => holdsDate(hit.text)).map((hit) => hit.id) : [],
    ...(acrossDocuments ? { acrossDocuments: { documentOf: Object.fromEntries(top.map((hit) => [hit.id, hit.path])) } } : {}),
  };
}

/** The verdict from the evidence; kept apart from the lookups so it can be measured and tested alone. */
export function judgeAbsence(evidence: AbsenceEvidence, totalChunks: number): Absence {
  const { terms } = evidence;
  const idf = (df: number) => Math.log((totalChunks + 1) / (df + 0.5));
  const words = terms.filter((e) => e.kind === 'word');
  const unknownName = terms.find((e) => e.kind === 'name' && e.df === 0 && !e.misspelt);
  const weight = words.reduce((sum, e) => sum + idf(e.df), 0);
  const covered = words.reduce((sum, e) => sum + (e.covered || e.misspelt ? idf(e.df) : 0), 0);
  const coverage = weight > 0 ? covered / weight : 1;
  const { single, bestPassages } = singleCoverage(evidence, totalChunks);
  const uncovered = (e: TermEvidence) => !e.covered && !e.misspelt;
  // A word only in a document's name (its text never says "gnuplot") is covered, not unknown.
  const unknown = words.filter((e) => e.df === 0 && uncovered(e)).map((e) => e.term);
  const unnamed = words.filter((e) => e.proper && e.df > 0 && uncovered(e)).map((e) => e.term);
  const missing = terms
    .filter(uncovered)
    .sort((a, b) => a.df - b.df)
    .slice(0, 3)
    .map((e) => e.term);
  const shown = round(coverage);
  const quote = (list: string[]) => list.map((t) => JSON.stringify(t)).join(', ');
  const absent = (confidence: number, reason: string): Absence => ({ absent: true, confidence: round(confidence), reason, missing });
  // A name typed in full that no document contains is the clearest sign: its parts may all be common.
  if (unknownName) return absent(Math.max(0.5, 1 - coverage), `the name "${unknownName.term}" occurs nowhere in the index`);
  if (unknown.length > 0 && coverage < UNKNOWN_WORD_COVERAGE) {
    return absent(1 - coverage, `${quote(unknown)} occur${unknown.length === 1 ? 's' : ''} nowhere in the index (coverage ${shown})`);
  }
  // A thing the question names (GPU, Rust) that the index has elsewhere but no top passage names:
  // the passages are about the rest of the question. Same threshold as an unknown word, for the
  // same reason: one passing name in an otherwise well-matched question is context, not the topic.
  if (unnamed.length > 0 && coverage < UNKNOWN_WORD_COVERAGE) {
    return absent(1 - coverage, `no top passage names ${quote(unnamed)} (coverage ${shown})`);
  }
  if (single < MIN_COVERAGE) {
    return absent(
      1 - single,
      `the best passage covers ${round(single)} of the question's rare words, the top ${ABSENCE_TOP} together ${shown} (missing ${quote(missing)})`,
    );
  }
  // A date is asked for: the passage that holds the most of the question must hold one ("Debian 13
  // will be called trixie" shares every word of "the release date of Debian 13 trixie", and no date).
  if (evidence.asksForDate && bestPassages.length > 0 && !bestPassages.some((id) => evidence.datedPassages.includes(id))) {
    return absent(0.5, 'the question asks for a date and the passage that best matches it holds none');
  }
  return { absent: false, confidence: shown, reason: `the top passages cover ${shown} of the question's rare words`, missing };
}

/**
 * The coverage inside the one passage that holds the most of the question: an answer sits in one
 * place, and five passages that each share a different word of the question answer none of it. A
 * table passage holds the value a ranking word asks for (valueIn). For a question across
 * documents, one passage of each of two documents together: each holds its document's part of the
 * answer. `bestPassages`: the single passages holding the most (any of them on a tie).
 */
export function singleCoverage(evidence: AbsenceEvidence, totalChunks: number): { single: number; bestPassages: string[] } {
  const idf = (df: number) => Math.log((totalChunks + 1) / (df + 0.5));
  const words = evidence.terms.filter((e) => e.kind === 'word');
  const weight = words.reduce((sum, e) => sum + idf(e.df), 0);
  const ids = [...new Set(words.flatMap((e) => [...e.passages, ...(e.valueIn ?? [])]))];
  const holds = (e: TermEvidence, id: string) => e.passages.includes(id) || (e.valueIn?.includes(id) ?? false);
  const sumOver = (group: readonly string[]) => words.reduce((sum, e) => sum + (e.misspelt || group.some((id) => holds(e, id)) ? idf(e.df) : 0), 0);
  const perPassage = new Map(ids.map((id) => [id, sumOver([id])]));
  const documentOf = evidence.acrossDocuments?.documentOf;
  const pairs = documentOf
    ? ids.flatMap((a, i) =>
        ids
          .slice(i + 1)
          .filter((b) => documentOf[a] !== documentOf[b])
          .map((b) => [a, b]),
      )
    : [];
  const bestOne = Math.max(0, ...perPassage.values());
  const inOne = Math.max(bestOne, ...pairs.map(sumOver));
  return {
    single: weight > 0 ? inOne / weight : 1,
    bestPassages: [...perPassage].filter(([, sum]) => sum === bestOne).map(([id]) => id),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
