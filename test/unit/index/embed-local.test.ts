import assert from 'node:assert/strict';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import { LocalModelMissingError } from '../../../src/core/index/embed/errors';
import { withTempDir } from '../../support/tempDir';
import { startFakeOllama } from '../../support/fakeOllama';
import { selectEmbedder } from '../../../src/core/index/embed/select';
import { freshMeta } from '../../../src/core/index/store/meta';
import { MINILM_DIR } from '../../support/shared';
import { EmbedWorkerCrashError, LocalEmbedPool } from '../../../src/core/index/embed/localPool';
import { repoRoot, runBundled } from '../../support/bundle';
import { join } from 'node:path';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('embedders: local transformers.js model', () => {
  it('embeds with the real MiniLM: 384 dimensions, normalised, similar sentences close', async () => {
    const embedder = new LocalEmbedder({ modelDir: MINILM_DIR, batchSize: 2, precision: 'fp32' });
    try {
      assert.equal(embedder.id, 'local:all-MiniLM-L6-v2');
      const [food, bread, unrelated] = await embedder.embed([
        'A man is eating food.',
        'A man is eating a piece of bread.',
        'The stock market fell sharply on Tuesday.',
      ]);
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
      assert.equal(fallback.embedder?.id, 'local:all-MiniLM-L6-v2@mixed');
      assert.match(fallback.reason, /Ollama has no nomic-embed-text; using local model all-MiniLM-L6-v2/);
      await fallback.embedder?.close();

      const meta = { ...freshMeta(), embeddingModel: 'local:all-MiniLM-L6-v2@int8', dimension: 384, modelDir: MINILM_DIR };
      const kept = await selectEmbedder({ mode: 'auto', ollamaHost: withNomic.url, indexMeta: meta });
      assert.equal(kept.embedder?.id, 'local:all-MiniLM-L6-v2@int8');
      assert.match(kept.reason, /index was built with local model/);
      await kept.embedder?.close();
    } finally {
      await server.close();
      await withNomic.close();
    }
  });
});

const cosine = (a: Float32Array, b: Float32Array) => dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));

describe('embedders: local model on worker threads', () => {
  const texts = ['A man is eating food.', 'A man is eating a piece of bread.', 'The stock market fell sharply on Tuesday.', 'Compile the kernel with make.'];

  it('embeds on two worker threads with the same vectors as in-thread', async () => {
    const pooled = new LocalEmbedder({ modelDir: MINILM_DIR, workers: 2 });
    const inThread = new LocalEmbedder({ modelDir: MINILM_DIR, workers: 1 });
    try {
      const viaWorkers = await pooled.embed(texts);
      assert.equal(pooled.usesWorkers, true);
      const direct = await inThread.embed(texts);
      assert.equal(inThread.usesWorkers, false);
      viaWorkers.forEach((vector, i) => assert.ok(cosine(vector, direct[i]!) > 0.9999, `text ${i}`));
      assert.ok(dot(viaWorkers[0]!, viaWorkers[1]!) > 0.6);
      assert.ok(dot(viaWorkers[0]!, viaWorkers[2]!) < 0.3);
      assert.ok(dot(await pooled.embedQuery(texts[0]!), direct[0]!) > 0.999);
    } finally {
      await pooled.close();
      await inThread.close();
    }
  });

  it('reports a worker that cannot start as a crash, so the embedder can fall back', async () => {
    const pool = new LocalEmbedPool(2, { code: 'throw new Error("no onnxruntime here")', eval: true }, { modelDir: MINILM_DIR, model: 'm', threads: 1 });
    try {
      await assert.rejects(pool.run(['text']), (e) => e instanceof EmbedWorkerCrashError);
      assert.equal(pool.crashed, true);
    } finally {
      await pool.close();
    }
  });

  it("texts past 256 tokens embed as their first 256 tokens (the model's training length)", async () => {
    const embedder = new LocalEmbedder({ modelDir: MINILM_DIR, workers: 1 });
    try {
      const head = Array.from({ length: 300 }, (_, i) => `word${i % 50}`).join(' ');
      const [long, longer] = await embedder.embed([head, `${head} ${'completely different tail about volcanoes '.repeat(40)}`]);
      assert.ok(cosine(long!, longer!) > 0.9999);
    } finally {
      await embedder.close();
    }
  });
});

// The CLI ships as an esbuild bundle that starts dist/embed-worker.js next to itself. This builds
// that layout in a temp folder (esbuild.mjs's settings) and embeds through it, so a worker that
// only works from source (tsx) would fail here.
describe('local embeddings from an esbuild bundle', () => {
  it('starts the bundled embed worker next to the bundle and embeds through it', () =>
    withTempDir(async (dir) => {
      const result = await runBundled<{ cosine: number; usesWorkers: boolean; script: { path?: string; eval: boolean } }>(dir, {
        worker: { in: 'src/core/index/embed/localWorker.ts', out: 'embed-worker' },
        external: ['@huggingface/transformers', 'onnxruntime-node', 'sharp'],
        entrySource: `import { LocalEmbedder } from ${JSON.stringify(join(repoRoot, 'src/core/index/embed/local'))};
         import { resolveEmbedWorkerScript } from ${JSON.stringify(join(repoRoot, 'src/core/index/embed/localPool'))};
         (async () => {
           const embedder = new LocalEmbedder({ modelDir: ${JSON.stringify(MINILM_DIR)}, workers: 2 });
           const [food, bread] = await embedder.embed(['A man is eating food.', 'A man is eating a piece of bread.']);
           const usesWorkers = embedder.usesWorkers;
           await embedder.close();
           const cosine = food!.reduce((s, x, i) => s + x * bread![i]!, 0);
           process.stdout.write(JSON.stringify({ cosine, usesWorkers, script: resolveEmbedWorkerScript() }));
         })();`,
      });

      assert.equal(result.usesWorkers, true);
      assert.deepEqual(result.script, { path: join(dir, 'dist', 'embed-worker.js'), eval: false });
      assert.ok(result.cosine > 0.6, `cosine ${result.cosine}`);
    }));
});
