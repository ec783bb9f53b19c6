import assert from 'node:assert/strict';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import { LocalModelMissingError } from '../../../src/core/index/embed/errors';
import { withTempDir } from '../../support/tempDir';
import { startFakeOllama } from '../../support/fakeOllama';
import { selectEmbedder } from '../../../src/core/index/embed/select';
import { freshMeta } from '../../../src/core/index/store/meta';
import { MINILM_DIR } from '../../support/shared';


const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('embedders: local transformers.js model', () => {
  it('embeds with the real MiniLM: 384 dimensions, normalised, similar sentences close', async () => {
    const embedder = new LocalEmbedder({ modelDir: MINILM_DIR, batchSize: 2 });
    try {
      assert.equal(embedder.id, 'local:all-MiniLM-L6-v2');
      const [food, bread, unrelated] = await embedder.embed(['A man is eating food.', 'A man is eating a piece of bread.', 'The stock market fell sharply on Tuesday.']);
      assert.equal(embedder.dimension, 384);
      assert.ok(Math.abs(dot(food!, food!) - 1) < 1e-4);
      const close = dot(food!, bread!);
      assert.ok(close > 0.6 && close > dot(food!, unrelated!) + 0.4, `cosine ${close}`);
      const query = await embedder.embedQuery('A man is eating food.');
      assert.ok(dot(query, food!) > 0.999);
    } finally {
      await embedder.close();
    }
  });

  it('says which file is missing from a model folder', async () => {
    await withTempDir(async (dir) => {
      await assert.rejects(new LocalEmbedder({ modelDir: dir }).probe(), (e) => e instanceof LocalModelMissingError && e.message.includes('config.json'));
    });
  });

  it('auto uses the local model when Ollama lacks the embedding model, and keeps an index on its local model', async () => {
    const server = await startFakeOllama({ models: ['llama3.2'] });
    const withNomic = await startFakeOllama();
    try {
      const fallback = await selectEmbedder({ mode: 'auto', ollamaHost: server.url, modelDir: MINILM_DIR });
      assert.equal(fallback.embedder?.id, 'local:all-MiniLM-L6-v2');
      assert.match(fallback.reason, /Ollama has no nomic-embed-text; using local model all-MiniLM-L6-v2/);
      await fallback.embedder?.close();

      const meta = { ...freshMeta(), embeddingModel: 'local:all-MiniLM-L6-v2', dimension: 384, modelDir: MINILM_DIR };
      const kept = await selectEmbedder({ mode: 'auto', ollamaHost: withNomic.url, indexMeta: meta });
      assert.equal(kept.embedder?.id, 'local:all-MiniLM-L6-v2');
      assert.match(kept.reason, /index was built with local model/);
      await kept.embedder?.close();
    } finally {
      await server.close();
      await withNomic.close();
    }
  });
});
