/**
 * The last step of an index run with embeddings: the sentences of every chunk that has none yet
 * are embedded and stored (store/sentenceVectorTable.ts), so the hybrid rerank reads its sentence
 * vectors instead of embedding ~16 sentences while the user waits (docs/benchmarks.md: most of a
 * hybrid query's time). It runs after the chunks are written and searchable: until it is done,
 * search embeds the sentences it needs as before.
 *
 * Only what is missing is embedded: rows are keyed by chunk text, so an unchanged chunk keeps its
 * row across runs and a run that changed nothing, after a complete pass, reads nothing at all.
 * Rows of texts no chunk holds any more are deleted. A cancel keeps every row written so far.
 */
import { EmbedderError } from '../embed/errors';
import type { Embedder } from '../embed/embedder';
import { isAbortError } from '../../llm/errors';
import { sentencesOf } from '../sentences';
import { sentenceVectorKey } from '../store/sentenceVectorTable';
import type { IndexStore } from '../store/indexStore';
import type { IndexProgress } from '../types';

/** Chunks embedded and written per step: one write, and one progress line, every few seconds. */
const CHUNKS_PER_WRITE = 128;

export interface SentencePassResult {
  /** Every chunk has its sentence vectors. */
  complete: boolean;
}

export async function* fillSentenceVectors(
  store: IndexStore,
  embedder: Embedder,
  {
    changed,
    existing,
    signal,
    notices,
  }: {
    /** The run wrote or deleted chunks. */
    changed: boolean;
    /** The index held chunks before the run. */
    existing: boolean;
    signal?: AbortSignal;
    notices: string[];
  },
): AsyncGenerator<IndexProgress, SentencePassResult> {
  const model = store.meta().embeddingModel;
  if (!model || !store.hasVectors()) return { complete: false };
  if (!changed && store.meta().sentenceVectors === model) return { complete: true };

  const wanted = await chunkTextsByKey(store, model);
  const stored = await store.sentenceVectors.keys();
  const missing = [...wanted].filter(([key]) => !stored.has(key));
  const gone = [...stored].filter((key) => !wanted.has(key));
  // An index from before sentence vectors (its meta has no word of them) says so once; the rows
  // this run writes, and `sentenceVectors` recorded at its end, keep the next run quiet.
  if (existing && store.meta().sentenceVectors === undefined && stored.size === 0 && missing.length > 0) {
    notices.push(
      `adding sentence vectors to the index (once): ${missing.length} passages; hybrid search reads them instead of embedding sentences for each question, and the passages' own embeddings are kept`,
    );
  }
  let embedded = 0;
  try {
    for (let start = 0; start < missing.length; start += CHUNKS_PER_WRITE) {
      signal?.throwIfAborted();
      yield { phase: 'sentences', done: start, total: missing.length, message: `${start} of ${missing.length} passages` };
      const step = missing.slice(start, start + CHUNKS_PER_WRITE);
      const sentences = step.map(([, text]) => sentencesOf(text));
      // Neighbouring passages overlap, so a sentence often appears twice in a step: embedded once.
      const distinct = [...new Set(sentences.flat())];
      // One call per step: the embedder spreads it over its workers, one sentence per pass as the
      // rerank embeds them, so a stored vector is the one search would have computed.
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embed(distinct, signal);
      } catch (error) {
        if (signal?.aborted || isAbortError(error) || !(error instanceof EmbedderError)) throw error;
        // The documents are indexed and searchable: an embedder that fails now costs only speed.
        notices.push(`sentence vectors stopped after ${embedded} of ${missing.length} passages (${error.message}); the next run embeds the rest`);
        return { complete: false };
      }
      const vectorOf = new Map(distinct.map((sentence, i) => [sentence, vectors[i]!]));
      await store.sentenceVectors.add(step.map(([key], i) => ({ key, vectors: sentences[i]!.map((sentence) => vectorOf.get(sentence)!) })));
      embedded += step.length;
    }
  } catch (error) {
    if (!signal?.aborted && !isAbortError(error)) throw error;
    notices.push(`sentence vectors cut short: ${embedded} of ${missing.length} passages done; the next run embeds the rest`);
    return { complete: false };
  }
  if (gone.length > 0) await store.sentenceVectors.delete(gone);
  if (embedded > 0 || gone.length > 0) {
    yield { phase: 'optimize', done: missing.length, total: missing.length, message: 'optimizing the sentence vectors' };
    await store.sentenceVectors.optimize();
  }
  return { complete: true };
}

/** Every distinct chunk text of the index, by its sentence-vector key. */
async function chunkTextsByKey(store: IndexStore, model: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  try {
    for await (const batch of store.table.query().select(['text'])) {
      for (const text of batch.getChild('text')!.toArray() as string[]) texts.set(sentenceVectorKey(model, text), text);
    }
  } catch (error) {
    throw await store.damageFrom(error);
  }
  return texts;
}
