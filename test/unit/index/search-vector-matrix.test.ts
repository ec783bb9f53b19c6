import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createRetriever } from '../../../src/core/index/search/search';
import { nearestInMemory } from '../../../src/core/index/search/vectorMatrix';
import type { Embedder } from '../../../src/core/index/embed/embedder';
import { openIndexStore } from '../../../src/core/index/store';
import type { DocumentWrite, IndexStore } from '../../../src/core/index/store/indexStore';
import { withTempDir } from '../../support/tempDir';
import { makeWrite } from './storeFixtures';

const DIMENSION = 24;

/** Deterministic pseudo-random vectors (not normalised: cosine must not depend on length). */
function vectorsFrom(seed: number, count: number): Float32Array[] {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  return Array.from({ length: count }, () => Float32Array.from({ length: DIMENSION }, () => next() * 3));
}

function write(path: string, vectors: Float32Array[]): DocumentWrite {
  return { ...makeWrite(path, vectors.length, `chunk of ${path}`), vectors };
}

async function vectorStore(dir: string): Promise<IndexStore> {
  const store = await openIndexStore(join(dir, 'idx'), { create: true });
  await store.configureEmbedding('test:random', DIMENSION);
  // Several writes: several fragments, so row ids are not just 0..n-1.
  for (const [i, path] of ['a.txt', 'b.txt', 'c.txt', 'd.txt'].entries()) await store.replaceDocument(write(path, vectorsFrom(i + 1, 60)));
  return store;
}

async function lanceNeighbours(store: IndexStore, query: Float32Array, limit: number, paths?: string[]): Promise<string[]> {
  let builder = store.table.query().nearestTo(Array.from(query)).distanceType('cosine').select(['id']).limit(limit);
  if (paths) builder = builder.where(`path IN (${paths.map((p) => `'${p}'`).join(', ')})`);
  return ((await builder.toArray()) as { id: string }[]).map((row) => row.id);
}

/** An embedder whose query vector is given by the test. */
function fixedQueryEmbedder(vector: () => Float32Array): Embedder {
  return {
    id: 'test:random',
    kind: 'local',
    model: 'random',
    dimension: DIMENSION,
    modelDir: null,
    batchSize: 1,
    probe: async () => DIMENSION,
    embed: async (texts) => texts.map(() => vector()),
    embedQuery: async () => vector(),
    close: async () => undefined,
  };
}

describe('in-memory vector list (vectorMatrix.ts)', function () {
  this.timeout(60_000);

  it('returns the neighbours and distances of LanceDB flat cosine scan, within a path filter too', async () => {
    await withTempDir(async (dir) => {
      const store = await vectorStore(dir);
      try {
        for (const query of vectorsFrom(99, 5)) {
          const memory = await nearestInMemory(store.table, query, 15, undefined);
          assert.ok(memory, 'a table without a vector index is searched in memory');
          assert.deepEqual(memory.ids, await lanceNeighbours(store, query, 15));
          const lance = (await store.table.query().nearestTo(Array.from(query)).distanceType('cosine').select(['id']).limit(15).toArray()) as {
            _distance: number;
          }[];
          memory.distances.forEach((distance, i) => assert.ok(Math.abs(distance - lance[i]!._distance) < 1e-5, `distance ${i}`));
          const scoped = await nearestInMemory(store.table, query, 10, ['b.txt', 'd.txt']);
          assert.deepEqual(scoped!.ids, await lanceNeighbours(store, query, 10, ['b.txt', 'd.txt']));
        }
      } finally {
        store.close();
      }
    });
  });

  it('leaves a table at or above the row limit to LanceDB', async () => {
    await withTempDir(async (dir) => {
      const store = await vectorStore(dir);
      try {
        assert.equal(await nearestInMemory(store.table, vectorsFrom(5, 1)[0]!, 10, undefined, 240), null);
        assert.ok(await nearestInMemory(store.table, vectorsFrom(5, 1)[0]!, 10, undefined, 241));
      } finally {
        store.close();
      }
    });
  });

  it('sees a document written after the copy was made: vector search finds its chunk first', async () => {
    await withTempDir(async (dir) => {
      const store = await vectorStore(dir);
      const target = vectorsFrom(1234, 1)[0]!;
      const retriever = createRetriever(
        store,
        fixedQueryEmbedder(() => target),
        { sentenceRerank: 0 },
      );
      try {
        const before = await retriever.search('anything', { k: 3, mode: 'vector' });
        assert.notEqual(before[0]!.path, 'new.txt');
        await store.replaceDocument(write('new.txt', [target]));
        const after = await retriever.search('anything', { k: 3, mode: 'vector' });
        assert.equal(after[0]!.path, 'new.txt');
        assert.ok(Math.abs(after[0]!.score - 1) < 1e-5, 'the same vector: cosine 1');
        await store.deleteDocuments(['new.txt']);
        const gone = await retriever.search('anything', { k: 3, mode: 'vector' });
        assert.deepEqual(
          gone.map((hit) => hit.id),
          before.map((hit) => hit.id),
        );
      } finally {
        store.close();
      }
    });
  });
});
