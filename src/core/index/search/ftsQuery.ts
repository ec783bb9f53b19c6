/**
 * Builds LanceDB's full-text query from an analyzed question: one BM25 match over the content words
 * plus, as extra "should" clauses, each phrase (quoted text, identifiers split at punctuation), so a
 * chunk that contains `set fit limit` or `UV_THREADPOOL_SIZE` verbatim outranks one that merely
 * mentions "fit" and "limit" somewhere. LanceDB tokenizes these with the index's own tokenizer
 * (ftsConfig.ts), so stemming and case folding apply to the query too.
 */
import type { FullTextQuery, Occur } from '@lancedb/lancedb';
import { loadLanceDb } from '../store/lancedb';
import { tokenPieces, type AnalyzedQuery } from './query';

/** Column searched; the store builds the FTS index on it. */
export const FTS_TEXT_COLUMN = 'text';

/** Null when the question has no searchable words at all (e.g. "what is it?"). */
export async function buildFtsQuery(analyzed: AnalyzedQuery, options: { phrases?: boolean } = {}): Promise<FullTextQuery | null> {
  if (analyzed.terms.length === 0) return null;
  const { BooleanQuery, MatchQuery, Occur, PhraseQuery } = await loadLanceDb();
  const clauses: [Occur, FullTextQuery][] = [[Occur.Should, new MatchQuery(analyzed.terms.join(' '), FTS_TEXT_COLUMN)]];
  if (options.phrases !== false) {
    for (const phrase of analyzed.phrases) clauses.push([Occur.Should, new PhraseQuery(phrase, FTS_TEXT_COLUMN)]);
  }
  return clauses.length === 1 ? clauses[0]![1] : new BooleanQuery(clauses);
}

/**
 * Chunks that contain one identifier the user typed (all its pieces, adjacent), ranked by the
 * whole question: BM25 over a long question lets its many common words outvote the one rare
 * name that pins the answer down ("what does the CompleteMulti option do ...").
 */
export async function buildIdentifierQuery(identifier: string, analyzed: AnalyzedQuery): Promise<FullTextQuery | null> {
  const pieces = tokenPieces(identifier);
  if (pieces.length === 0) return null;
  const { BooleanQuery, MatchQuery, Occur, PhraseQuery } = await loadLanceDb();
  const must = pieces.length === 1 ? new MatchQuery(pieces[0]!, FTS_TEXT_COLUMN) : new PhraseQuery(pieces.join(' '), FTS_TEXT_COLUMN);
  const clauses: [Occur, FullTextQuery][] = [[Occur.Must, must]];
  if (analyzed.terms.length > 0) clauses.push([Occur.Should, new MatchQuery(analyzed.terms.join(' '), FTS_TEXT_COLUMN)]);
  return new BooleanQuery(clauses);
}
