// The knobs of the retriever (createRetriever in ./search.ts): list weights, the rerank, papers and
// the document list. Defaults live beside the code that applies them, in search.ts.
import type { Logger } from '../../ports';
import type { PaperSource } from '../papers/paperSource';
import type { DocumentList } from './documentList';
import type { VectorIndexSearch } from './vectorIndexSearch';

export interface RetrieverOptions {
  logger?: Logger;
  /** Candidates fetched per side = max(k * factor, minimum). */
  candidateFactor?: number;
  minCandidates?: number;
  /** RRF weights of the lists. */
  ftsWeight?: number;
  vectorWeight?: number;
  /** Weight of the full-text list restricted to documents the question names (docScope.ts); 0 turns it off. */
  namedDocWeight?: number;
  /** Phrase clauses for quoted text (ftsQuery.ts). */
  phrases?: boolean;
  /** Inside named documents, search without the words that named them (they say nothing there). */
  stripNameWords?: boolean;
  /** Weight of per-part vector lists for questions that ask several things; 0 turns it off. */
  partWeight?: number;
  /**
   * Hybrid only: rerank the first N fused hits by their best sentence (sentenceRerank.ts: the
   * question's rare words together in one sentence; with sentenceVectors, also its embedding's
   * similarity to the question); 0 turns it off.
   */
  sentenceRerank?: number;
  /**
   * Hybrid rerank: sentences per reranked hit embedded at query time for the rerank's cosine order
   * (the ones richest in the question's words; default DEFAULT_SENTENCE_VECTORS); 0 leaves the
   * cosine order out and keeps the lexical one.
   */
  sentenceVectors?: number;
  /**
   * Full-text search without vectors: weight of the list of chunks containing a rare code
   * identifier the question names (CompleteMulti, UV_THREADPOOL_SIZE); 0 turns it off. See
   * identifierRows. Hybrid search leaves it out: measured in docs/benchmarks.md, with vectors it cost
   * hit@5 (a third full-text vote on the same chunks outweighed the per-part vector lists of
   * two-part questions), and the rerank's lexical sentence order already lifts such chunks.
   */
  identifierWeight?: number;
  /**
   * Weight of the list of chunks with a line that defines a code identifier the question names
   * (definitions.ts), in both modes (default: DEFAULT_DEFINITION_WEIGHT); 0 turns it off.
   */
  definitionWeight?: number;
  /** How the vector list reads an IVF index, when the table has one (default DEFAULT_VECTOR_INDEX_SEARCH). */
  vectorIndex?: VectorIndexSearch;
  /**
   * The index's papers (../papers/paperSource.ts): a question that names a paper by author and
   * year, title or citekey gets a full-text list inside it, hits carry the paper's reference, and
   * the words that named it are not content the passages must hold. Absent: papers are unknown.
   */
  papers?: PaperSource;
  /** Weight of each named paper's list; 0 turns paper naming off (hits still carry their paper). */
  paperWeight?: number;
  /** Leave the words that named a paper out of the main full-text list too (they match reference lists elsewhere). */
  stripPaperWords?: boolean;
  /** The index's document paths for the steps that match names (./documentList.ts); default: read from the store, kept a few seconds. */
  documentList?: DocumentList;
}
