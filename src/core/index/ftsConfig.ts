/**
 * How the full-text index tokenizes chunk text. The store builds the index with these options and
 * LanceDB tokenizes queries the same way, so search and index always agree.
 *
 * Why these: English stemming lets "seeded" match "seed" and "converged" match "convergence";
 * stop-word removal keeps question words ("what", "the", "does") from dominating BM25 on short
 * chunks; ASCII folding makes "naïve" match "naive". Positions are kept so phrase queries work.
 * The simple tokenizer splits on punctuation, so `--timelimit` is the token `timelimit` and
 * `UV_THREADPOOL_SIZE` is `uv threadpool size`, which is what a user types anyway.
 */
import type { FtsOptions } from '@lancedb/lancedb';

export const FTS_INDEX_OPTIONS: Partial<FtsOptions> = {
  baseTokenizer: 'simple',
  lowercase: true,
  stem: true,
  language: 'English',
  removeStopWords: true,
  asciiFolding: true,
  withPosition: true,
};
