/**
 * The vector list on a table with an IVF vector index reads it with the search's settings
 * (search/vectorIndexSearch.ts). Real LanceDB, a real IVF_RQ index (built here over a few hundred
 * rows with 4 partitions; the store builds it from VECTOR_INDEX_MIN_ROWS chunks), the real
 * `ollama` client against the scripted server for the question's vector. What the query does is
 * read from LanceDB's own plan of the query the retriever ran.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Table, VectorQuery } from '@lancedb/lancedb';
import { OllamaEmbedder } from '../../../src/core/index/embed/ollama';
import { createRetriever } from '../../../src/core/index/search/search';
import { DEFAULT_VECTOR_INDEX_SEARCH } from '../../../src/core/index/search/vectorIndexSearch';
import { openIndexStore } from '../../../src/core/index/store/openIndexStore';
import { loadLanceDb } from '../../../src/core/index/store/lancedb';
import type { IndexStore } from '../../../src/core/index/store/indexStore';
import { hashedEmbedding, startFakeOllama } from '../../support/fakeOllama';
import { withTempDir } from '../../support/tempDir';
import { makeWrite } from './storeFixtures';

const DIMENSION = 32;

/** The store, with every vector query the retriever builds on its table kept for its plan. */
function recordingVectorQueries(store: IndexStore): { store: IndexStore; queries: VectorQuery[] } {
  const queries: VectorQuery[] = [];
  const table = new Proxy(store.table, {
    get(target: Table, property) {
      if (property !== 'query') return Reflect.get(target, property, target) as unknown;
      return () => {
        const query = target.query();
        const nearestTo = query.nearestTo.bind(query);
        return Object.assign(query, {
          nearestTo: (vector: number[]) => {
            const vectorQuery = nearestTo(vector);
            queries.push(vectorQuery);
            return vectorQuery;
          },
        });
      };
    },
  });
  const recording = Object.create(store) as IndexStore;
  Object.defineProperty(recording, 'table', { get: () => table });
  return { store: recording, queries };
}

describe('vector list on an IVF index', function () {
  this.timeout(120_000);

  it('probes and refines as the retriever is told, and by default as vectorIndexSearch.ts says', () =>
    withTempDir(async (dir) => {
      const server = await startFakeOllama({ embed: (_model, inputs) => inputs.map((t) => hashedEmbedding(t, DIMENSION)) });
      const embedder = new OllamaEmbedder({ host: server.url, model: 'nomic-embed-text' });
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      try {
        await store.configureEmbedding(embedder.id, DIMENSION);
        const write = makeWrite('notes.md', 512, 'note');
        write.vectors = write.chunks.map((c) => Float32Array.from(hashedEmbedding(c.text, DIMENSION)));
        await store.replaceDocument(write);
        await store.optimize();
        const lancedb = await loadLanceDb();
        await store.table.createIndex('vector', { config: lancedb.Index.ivfRq({ distanceType: 'cosine', numPartitions: 4 }) });

        const plans = async (options: Parameters<typeof createRetriever>[2]) => {
          const recording = recordingVectorQueries(store);
          const hits = await createRetriever(recording.store, embedder, options).search('note 7', { k: 10, mode: 'vector' });
          assert.equal(hits.length, 10);
          return Promise.all(recording.queries.map((q) => q.explainPlan()));
        };
        // 40 candidates (max(4k, 40)) a list: refined, the index is asked for 40 x 3.
        const [told] = await plans({ vectorIndex: { minimumNprobes: 3, refineFactor: 3 } });
        assert.match(told!, /ANNIvfPartition: .*minimum_nprobes=3, maximum_nprobes=None/);
        assert.match(told!, /ANNSubIndex: .*k=120/);
        assert.match(told!, /KNNVectorDistance/, 'the refine step re-ranks by the stored vectors');

        const [byDefault] = await plans({});
        const { minimumNprobes, refineFactor } = DEFAULT_VECTOR_INDEX_SEARCH;
        assert.match(byDefault!, new RegExp(`minimum_nprobes=${minimumNprobes ?? 20},`));
        assert.match(byDefault!, new RegExp(`ANNSubIndex: .*k=${40 * (refineFactor ?? 1)},`));
        assert.equal(/KNNVectorDistance/.test(byDefault!), refineFactor !== undefined);
      } finally {
        store.close();
        await embedder.close();
        await server.close();
      }
    }));
});
