/**
 * Before each rerank: the sentence vectors an index run stored for the candidates
 * (pipeline/sentenceVectorPass.ts) go into the rerank's cache, so it embeds only sentences of
 * passages the run has not reached yet (an index made before them, a run still going on).
 * One read of at most 8 rows by key (docs/benchmarks.md). A failed read costs only the speed-up:
 * the rerank embeds the sentences itself, as without stored vectors.
 */
import type { Logger } from '../../ports';
import { sentencesOf } from '../sentences';
import { sentenceVectorKey } from '../store/sentenceVectorTable';
import type { IndexStore } from '../store/indexStore';
import type { SentenceVectorCache } from './sentenceVectorCache';

export function storedSentenceVectors(store: IndexStore, cache: SentenceVectorCache, logger?: Logger): (chunkTexts: string[]) => Promise<void> {
  let warned = false;
  return async (chunkTexts) => {
    const model = store.meta().embeddingModel;
    if (!model || chunkTexts.length === 0) return;
    const keys = chunkTexts.map((text) => sentenceVectorKey(model, text));
    let found: Map<string, Float32Array[]>;
    try {
      found = await store.sentenceVectors.read(keys);
    } catch (error) {
      if (!warned) logger?.warn('stored sentence vectors could not be read; the rerank embeds sentences itself', error);
      warned = true;
      return;
    }
    chunkTexts.forEach((text, i) => {
      const vectors = found.get(keys[i]!);
      const sentences = vectors && sentencesOf(text);
      // A row cut another way (sentencesOf changed since it was written) is no use: embed instead.
      if (!vectors || sentences!.length !== vectors.length) return;
      sentences!.forEach((sentence, j) => cache.remember(sentence, vectors[j]!));
    });
  };
}
