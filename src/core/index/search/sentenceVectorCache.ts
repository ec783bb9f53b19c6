/**
 * Sentence vectors for the rerank's cosine order, kept in memory by the hash of their text: those
 * an index run stored (read before each rerank), and those embedded at query time when the index
 * has none for a passage yet. A chat turn searches up to 3 sub-queries and 2 re-queries that mostly
 * meet the same chunks, so their sentences are embedded once per turn, not once per query. Least
 * recently used entries go first.
 */
import { createHash } from 'node:crypto';
import type { Embedder } from '../embed/embedder';

/** 384 floats (MiniLM) = 1.5 KB a sentence: 2,000 sentences are ~3 MB, a few dozen turns' worth. */
const DEFAULT_CAPACITY = 2000;

export type SentenceEmbedder = Pick<Embedder, 'embed'>;

export interface SentenceVectorCache extends SentenceEmbedder {
  /** Keeps a vector read from the index (storedSentenceVectors.ts), so `embed` need not compute it. */
  remember(text: string, vector: Float32Array): void;
}

const keyOf = (text: string) => createHash('sha1').update(text).digest('base64');

export function cachedSentenceEmbedder(embedder: SentenceEmbedder, capacity = DEFAULT_CAPACITY): SentenceVectorCache {
  const vectors = new Map<string, Float32Array>();
  const trim = () => {
    while (vectors.size > capacity) vectors.delete(vectors.keys().next().value!);
  };
  return {
    remember(text, vector) {
      const key = keyOf(text);
      vectors.delete(key);
      vectors.set(key, vector);
      trim();
    },
    async embed(texts, signal) {
      const keys = texts.map(keyOf);
      const missing = [...new Set(keys.filter((key) => !vectors.has(key)))];
      if (missing.length > 0) {
        const textOf = new Map(keys.map((key, i) => [key, texts[i]!]));
        // One batch for every sentence not seen yet: a batch is much cheaper than its parts one by one.
        const fresh = await embedder.embed(
          missing.map((key) => textOf.get(key)!),
          signal,
        );
        missing.forEach((key, i) => vectors.set(key, fresh[i]!));
      }
      const out = keys.map((key) => vectors.get(key)!);
      for (const key of keys) {
        // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
        const vector = vectors.get(key)!;
        vectors.delete(key);
        vectors.set(key, vector);
      }
      trim();
      return out;
    },
  };
}
