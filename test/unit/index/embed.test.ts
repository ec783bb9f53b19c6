import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { startFakeOllama, hashedEmbedding } from '../../support/fakeOllama';
import { OllamaEmbedder } from '../../../src/core/index/embed/ollama';
import { EmbeddingModelMissingError, OllamaUnreachableError } from '../../../src/core/index/embed/errors';
import { embedderForIndex, selectEmbedder } from '../../../src/core/index/embed/select';
import { freshMeta } from '../../../src/core/index/store/meta';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('embedders: Ollama (against the Ollama-protocol test server)', () => {
  it('embeds in batches through /api/embed with nomic prefixes for documents and queries', async () => {
    const server = await startFakeOllama();
    try {
      const embedder = new OllamaEmbedder({ host: server.url, batchSize: 2 });
      assert.equal(embedder.id, 'ollama:nomic-embed-text');
      const vectors = await embedder.embed(['one', 'two', 'three']);
      assert.equal(vectors.length, 3);
      assert.equal(embedder.dimension, 64);
      const embedCalls = server.requests.filter((r) => r.path === '/api/embed');
      assert.deepEqual(
        embedCalls.map((r) => r.body.input),
        [['search_document: one', 'search_document: two'], ['search_document: three']],
      );
      assert.deepEqual(Array.from(vectors[2]!), Array.from(Float32Array.from(hashedEmbedding('search_document: three'))));
      await embedder.embedQuery('what');
      assert.deepEqual(server.requests.at(-1)!.body.input, ['search_query: what']);
    } finally {
      await server.close();
    }
  });

  it('honours OLLAMA_HOST when no host is given', async () => {
    const server = await startFakeOllama();
    const saved = process.env.OLLAMA_HOST;
    process.env.OLLAMA_HOST = server.url;
    try {
      const embedder = new OllamaEmbedder();
      assert.equal(await embedder.probe(), 64);
      assert.equal(embedder.host, server.url);
    } finally {
      if (saved === undefined) delete process.env.OLLAMA_HOST;
      else process.env.OLLAMA_HOST = saved;
      await server.close();
    }
  });

  it('raises typed errors: model missing (with the pull command) and unreachable (with the host tried)', async () => {
    const server = await startFakeOllama({ models: ['llama3.2'] });
    try {
      await assert.rejects(
        new OllamaEmbedder({ host: server.url }).probe(),
        (e) => e instanceof EmbeddingModelMissingError && e.message.includes('ollama pull nomic-embed-text'),
      );
    } finally {
      await server.close();
    }
    const host = `http://127.0.0.1:${await closedPort()}`;
    await assert.rejects(new OllamaEmbedder({ host }).probe(), (e) => e instanceof OllamaUnreachableError && e.host === host);
  });

  it('stops a request when its signal aborts', async () => {
    const server = await startFakeOllama();
    try {
      const controller = new AbortController();
      controller.abort();
      await assert.rejects(new OllamaEmbedder({ host: server.url }).embed(['x'], controller.signal), (e: Error) => e.name === 'AbortError');
    } finally {
      await server.close();
    }
  });
});

describe('embedder selection', () => {
  it('auto picks Ollama when it has the model, and says so', async () => {
    const server = await startFakeOllama();
    try {
      const choice = await selectEmbedder({ mode: 'auto', ollamaHost: server.url });
      assert.equal(choice.embedder?.id, 'ollama:nomic-embed-text');
      assert.match(choice.reason, /Ollama at .* has nomic-embed-text/);
    } finally {
      await server.close();
    }
  });

  it('auto falls back to full-text only and says why', async () => {
    const server = await startFakeOllama({ models: ['llama3.2'] });
    try {
      const choice = await selectEmbedder({ mode: 'auto', ollamaHost: server.url, modelDir: null });
      assert.equal(choice.embedder, null);
      assert.match(choice.reason, /no nomic-embed-text.*no local model folder.*full-text only/);
    } finally {
      await server.close();
    }
  });

  it('none is full-text only; an explicit ollama that is down throws', async () => {
    assert.equal((await selectEmbedder({ mode: 'none' })).embedder, null);
    await assert.rejects(selectEmbedder({ mode: 'ollama', ollamaHost: `http://127.0.0.1:${await closedPort()}` }), OllamaUnreachableError);
  });

  it('rebuilds the embedder an index was made with, for queries', () => {
    assert.equal(embedderForIndex(freshMeta()), null);
    const ollama = embedderForIndex({ ...freshMeta(), embeddingModel: 'ollama:mxbai-embed-large', dimension: 1024 });
    assert.equal(ollama?.id, 'ollama:mxbai-embed-large');
    const local = embedderForIndex({ ...freshMeta(), embeddingModel: 'local:all-MiniLM-L6-v2', dimension: 384, modelDir: '/m/all-MiniLM-L6-v2' });
    assert.equal(local?.modelDir, '/m/all-MiniLM-L6-v2');
  });
});
