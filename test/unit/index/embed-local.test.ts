import assert from 'node:assert/strict';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import { LocalModelMissingError } from '../../../src/core/index/embed/errors';
import { withTempDir } from '../../support/tempDir';

/** The real all-MiniLM-L6-v2 (ONNX) the project keeps for offline tests. */
export const MINILM_DIR = process.env.RESEARCH_TEST_MODEL_DIR ?? '/work/shared/models/all-MiniLM-L6-v2';

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
});
