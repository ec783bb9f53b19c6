import assert from 'node:assert/strict';
import { readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../../support/tempDir';
import { IndexCorruptError, IndexMissingError, IndexStoreError, openIndexStore, removeIndexDir, META_FILE } from '../../../src/core/index/store';
import { makeWrite } from './storeFixtures';

const ids = async (store: Awaited<ReturnType<typeof openIndexStore>>) =>
  ((await store.table.query().select(['id']).toArray()) as Array<{ id: string }>).map((r) => r.id).sort();

describe('index store (real LanceDB)', () => {
  it('refuses to open a missing index unless asked to create it', async () => {
    await withTempDir(async (dir) => {
      await assert.rejects(openIndexStore(join(dir, 'idx')), IndexMissingError);
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      assert.equal(store.meta().embeddingModel, null);
      assert.equal(store.hasVectors(), false);
      store.close();
      assert.ok((await readdir(join(dir, 'idx'))).includes('README.md'));
    });
  });

  it('replaces a document in one step and deletes documents, with quotes, backslashes and non-ASCII in paths', async () => {
    await withTempDir(async (dir) => {
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      try {
        const tricky = "it's a \\ naïve 'file'.md";
        await store.replaceDocuments([makeWrite(tricky, 3, 'alpha'), makeWrite('other.md', 2, 'beta')]);
        assert.equal(await store.countChunks(), 5);
        await store.replaceDocument(makeWrite(tricky, 1, 'gamma', null, 'h2'));
        assert.deepEqual(await ids(store), [`${tricky}#0`, 'other.md#0', 'other.md#1']);
        const docs = await store.documents();
        assert.equal(docs.find((d) => d.path === tricky)?.contentHash, 'h2');
        assert.equal(docs.find((d) => d.path === tricky)?.chunks, 1);
        await store.deleteDocuments([tricky]);
        assert.deepEqual(await ids(store), ['other.md#0', 'other.md#1']);
        assert.deepEqual(
          (await store.documents()).map((d) => d.path),
          ['other.md'],
        );
      } finally {
        store.close();
      }
    });
  });

  it('the document list (read once per table state) follows every write through the handle', async () => {
    await withTempDir(async (dir) => {
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      try {
        const paths = async () => (await store.documents()).map((d) => `${d.path}:${d.contentHash}`).sort();
        assert.deepEqual(await paths(), []);
        await store.replaceDocuments([makeWrite('a.md', 1, 'alpha'), makeWrite('b.md', 1, 'beta')]);
        const listed = await store.documents();
        listed.pop(); // callers get their own array
        assert.equal((await store.documents()).length, 2);
        const [a] = (await store.documents()).filter((d) => d.path === 'a.md');
        await store.recordDocuments([{ ...a!, contentHash: 'touched' }]);
        assert.deepEqual(await paths(), ['a.md:touched', 'b.md:h1']);
        await store.deleteDocuments(['b.md']);
        assert.deepEqual(await paths(), ['a.md:touched']);
        await store.configureEmbedding('test:model', 4);
        assert.deepEqual(await paths(), [], 'a model switch starts afresh');
      } finally {
        store.close();
      }
    });
  });

  it('a document rewritten with no chunks loses its old chunks', async () => {
    await withTempDir(async (dir) => {
      const store = await openIndexStore(dir + '/idx', { create: true });
      await store.replaceDocument(makeWrite('a.md', 2, 'x'));
      await store.replaceDocument(makeWrite('a.md', 0, 'x'));
      assert.equal(await store.countChunks(), 0);
      assert.equal((await store.documents())[0]?.chunks, 0);
      store.close();
    });
  });

  it('builds the full-text index on optimize and keeps it fresh for later rows', async () => {
    await withTempDir(async (dir) => {
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      try {
        await store.replaceDocument(makeWrite('a.md', 2, 'variance of a vector'));
        assert.equal(await store.isSearchReady(), false);
        await store.optimize();
        assert.equal(await store.isSearchReady(), true);
        await store.replaceDocument(makeWrite('b.md', 1, 'gnuplot terminal'));
        await store.optimize();
        const hits = (await store.table.search('gnuplot', 'fts', 'text').select(['id']).limit(5).toArray()) as Array<{ id: string }>;
        assert.deepEqual(
          hits.map((h) => h.id),
          ['b.md#0'],
        );
      } finally {
        store.close();
      }
    });
  });

  it('records the embedding model; another model (other dimension) starts afresh without a vector-size crash', async () => {
    await withTempDir(async (dir) => {
      const db = join(dir, 'idx');
      let store = await openIndexStore(db, { create: true });
      assert.deepEqual(await store.configureEmbedding('ollama:a', 4), { changed: true, previous: null });
      await store.replaceDocument(makeWrite('a.md', 2, 'x', 4));
      store.close();
      store = await openIndexStore(db);
      assert.equal(store.meta().dimension, 4);
      assert.equal(store.hasVectors(), true);
      assert.deepEqual(await store.configureEmbedding('ollama:a', 4), { changed: false, previous: 'ollama:a' });
      assert.equal(await store.countChunks(), 2);
      assert.deepEqual(await store.configureEmbedding('local:b', 8, '/models/b'), { changed: true, previous: 'ollama:a' });
      assert.equal(await store.countChunks(), 0);
      assert.deepEqual(await store.documents(), []);
      await store.replaceDocument(makeWrite('a.md', 2, 'x', 8));
      await assert.rejects(store.replaceDocument(makeWrite('c.md', 1, 'x', null)), IndexStoreError);
      store.close();
      store = await openIndexStore(db);
      assert.equal(store.meta().embeddingModel, 'local:b');
      assert.equal(store.meta().modelDir, '/models/b');
      store.close();
    });
  });

  it('detects a garbage manifest, a deleted full-text index and a damaged meta file as IndexCorruptError', async () => {
    await withTempDir(async (dir) => {
      const make = async (name: string) => {
        const db = join(dir, name);
        const store = await openIndexStore(db, { create: true });
        await store.replaceDocument(makeWrite('a.md', 2, 'hello world'));
        await store.optimize();
        store.close();
        return db;
      };
      const manifest = await make('manifest');
      const versions = join(manifest, 'chunks.lance', '_versions');
      for (const f of await readdir(versions)) await writeFile(join(versions, f), 'garbage');
      await assert.rejects(openIndexStore(manifest), (e) => e instanceof IndexCorruptError && e.message.includes('--rebuild'));

      const indices = await make('indices');
      await rm(join(indices, 'chunks.lance', '_indices'), { recursive: true });
      await assert.rejects(openIndexStore(indices), IndexCorruptError);

      const meta = await make('meta');
      await writeFile(join(meta, META_FILE), '{ not json');
      await assert.rejects(openIndexStore(meta), IndexCorruptError);

      // --rebuild's removal then yields a fresh, working index.
      await removeIndexDir(indices);
      const fresh = await openIndexStore(indices, { create: true });
      assert.equal(await fresh.countChunks(), 0);
      fresh.close();
    });
  });

  it('will not delete or fill a folder that is not an index', async () => {
    await withTempDir(async (dir) => {
      const docs = join(dir, 'my-documents');
      await mkdir(docs);
      await writeFile(join(docs, 'thesis.md'), 'precious');
      await assert.rejects(removeIndexDir(docs), IndexStoreError);
      await assert.rejects(openIndexStore(docs, { create: true }), IndexStoreError);
      assert.deepEqual(await readdir(docs), ['thesis.md']);
    });
  });
});
