import assert from 'node:assert/strict';
import { rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../../support/tempDir';
import { startFakeOllama } from '../../support/fakeOllama';
import { garbageBytes, writePdf } from '../../support/pdfs';
import { indexFolder, type IndexFolderOptions } from '../../../src/core/index/pipeline/indexer';
import { OllamaEmbedder } from '../../../src/core/index/embed/ollama';
import { IndexCorruptError, openIndexStore } from '../../../src/core/index/store';
import { EmbedderError } from '../../../src/core/index/embed/errors';
import { extractFile } from '../../../src/core/index/pipeline/extract';
import { sqlEquals } from '../../../src/core/index/sql';
import type { IndexProgress, IndexSummary } from '../../../src/core/index/types';

/** Runs the generator to its end; `onProgress` sees every step. */
async function run(options: IndexFolderOptions, onProgress?: (p: IndexProgress) => void): Promise<IndexSummary> {
  const gen = indexFolder({ workers: 0, ...options });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}

async function storedTexts(dbDir: string, path: string): Promise<string[]> {
  const store = await openIndexStore(dbDir);
  try {
    const rows = (await store.table.query().where(sqlEquals('path', path)).select(['text']).toArray()) as Array<{ text: string }>;
    return rows.map((r) => r.text);
  } finally {
    store.close();
  }
}

async function storedPaths(dbDir: string): Promise<{ documents: string[]; chunkPaths: string[] }> {
  const store = await openIndexStore(dbDir);
  try {
    const documents = (await store.documents()).map((d) => d.path).sort();
    const rows = (await store.table.query().select(['path']).toArray()) as Array<{ path: string }>;
    return { documents, chunkPaths: [...new Set(rows.map((r) => r.path))].sort() };
  } finally {
    store.close();
  }
}

describe('indexFolder', () => {
  it('indexes incrementally: unchanged skipped, touched re-stamped, changed replaced, removed deleted', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# Alpha\n\nThe alpha document talks about variance.\n');
      await writeFile(join(root, 'b.md'), '# Beta\n\nOriginal beta text about histograms.\n');
      await writeFile(join(root, 'c.txt'), 'Gamma notes on regression.\n');
      const dbDir = join(root, '.research-index');

      const first = await run({ root });
      assert.deepEqual([first.files, first.indexed, first.skipped, first.failed.length], [3, 3, 0, 0]);
      assert.ok(first.chunks >= 3);

      const second = await run({ root });
      assert.deepEqual([second.indexed, second.skipped, second.removed], [0, 3, 0]);

      // Same bytes, new mtime: hashed, found unchanged, not re-extracted.
      await utimes(join(root, 'a.md'), new Date(), new Date(Date.now() + 5000));
      await writeFile(join(root, 'b.md'), '# Beta\n\nRewritten beta text about scatter plots.\n');
      await unlink(join(root, 'c.txt'));
      const third = await run({ root });
      assert.deepEqual([third.indexed, third.skipped, third.removed], [1, 1, 1]);
      const beta = (await storedTexts(dbDir, 'b.md')).join('\n');
      assert.match(beta, /scatter plots/);
      assert.doesNotMatch(beta, /histograms/);
      assert.deepEqual(await storedPaths(dbDir), { documents: ['a.md', 'b.md'], chunkPaths: ['a.md', 'b.md'] });

      // The touched file's new mtime was recorded: the next run takes the fast path for all.
      const fourth = await run({ root });
      assert.deepEqual([fourth.indexed, fourth.skipped], [0, 2]);
    }));

  it('handles paths with quotes, spaces and non-ASCII (SQL escaping end to end)', () =>
    withTempDir(async (root) => {
      const name = `it's "quoted" — naïve.md`;
      await writeFile(join(root, name), '# Q\n\nfirst version\n');
      await writeFile(join(root, `other's.md`), '# O\n\nanother file\n');
      await run({ root });
      await writeFile(join(root, name), '# Q\n\nsecond version, longer than before\n');
      const summary = await run({ root });
      assert.equal(summary.indexed, 1);
      const texts = (await storedTexts(join(root, '.research-index'), name)).join('\n');
      assert.match(texts, /second version/);
      assert.doesNotMatch(texts, /first version/);
      await unlink(join(root, name));
      assert.equal((await run({ root })).removed, 1);
      assert.deepEqual((await storedPaths(join(root, '.research-index'))).chunkPaths, [`other's.md`]);
    }));

  it('records PDF pages and reports each bad file with a specific reason while indexing the rest', () =>
    withTempDir(async (root) => {
      await writePdf(join(root, 'good.pdf'), ['first page about kernels', 'second page about modules']);
      await writeFile(join(root, 'garbage.pdf'), garbageBytes());
      await writeFile(join(root, 'binary.md'), Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 0, 7]));
      await writeFile(join(root, 'fine.txt'), 'plain text that indexes fine\n');
      const summary = await run({ root });
      assert.equal(summary.indexed, 2);
      assert.equal(summary.pages, 2);
      const codes = Object.fromEntries(summary.failed.map((f) => [f.path, f.code]));
      assert.equal(codes['garbage.pdf'], 'corrupt');
      assert.equal(codes['binary.md'], 'binary');
      for (const f of summary.failed) assert.ok(f.reason.length > 10);
      const store = await openIndexStore(join(root, '.research-index'));
      const good = (await store.documents()).find((d) => d.path === 'good.pdf');
      store.close();
      assert.equal(good?.pages, 2);
    }));

  it('drops a document that used to index but now fails, and reports it', () =>
    withTempDir(async (root) => {
      await writePdf(join(root, 'doc.pdf'), ['useful text on page one']);
      await writeFile(join(root, 'keep.md'), '# keep\n\ntext\n');
      await run({ root });
      await writeFile(join(root, 'doc.pdf'), garbageBytes(2048, 3));
      const summary = await run({ root });
      assert.deepEqual(
        summary.failed.map((f) => f.path),
        ['doc.pdf'],
      );
      assert.deepEqual((await storedPaths(join(root, '.research-index'))).chunkPaths, ['keep.md']);
    }));

  it('stops between documents when aborted, keeps what it wrote, and the next run resumes', () =>
    withTempDir(async (root) => {
      for (let i = 0; i < 8; i++) await writeFile(join(root, `doc${i}.md`), `# Doc ${i}\n\ncontent number ${i} about topic ${i}\n`);
      const dbDir = join(root, '.research-index');
      const controller = new AbortController();
      const cut = await run({ root, signal: controller.signal, writeBatchChunks: 1 }, (p) => {
        if (p.phase === 'embed' && p.done === 3) controller.abort();
      });
      assert.equal(cut.cancelled, true);
      assert.ok(cut.indexed >= 3 && cut.indexed < 8, `indexed ${cut.indexed}`);
      assert.ok(cut.notices.some((n) => n.includes('run the same command again')));
      const afterCut = await storedPaths(dbDir);
      assert.deepEqual(afterCut.documents, afterCut.chunkPaths, 'every stored document has its chunks and no chunk is orphaned');
      assert.equal(afterCut.documents.length, cut.indexed);
      // Searchable even though the run never reached its final optimize.
      const store = await openIndexStore(dbDir);
      assert.equal(await store.isSearchReady(), true);
      assert.equal(store.meta().lastIndexedAt, null);
      store.close();

      const resumed = await run({ root });
      assert.equal(resumed.cancelled, false);
      assert.equal(resumed.skipped, cut.indexed);
      assert.equal(resumed.indexed, 8 - cut.indexed);
      assert.equal((await storedPaths(dbDir)).documents.length, 8);
    }));

  it('re-embeds every stored passage with a notice when the embedding model changes (no file read again), without a vector-size crash', async () => {
    const server = await startFakeOllama({
      models: ['nomic-embed-text', 'small-embed'],
      embed: (model, inputs) => inputs.map((t, i) => Array.from({ length: model === 'small-embed' ? 16 : 64 }, (_, j) => ((t.length + i + j) % 7) / 7 + 0.01)),
    });
    try {
      await withTempDir(async (root) => {
        await writeFile(join(root, 'a.md'), '# A\n\nalpha\n');
        await writeFile(join(root, 'b.md'), '# B\n\nbeta\n');
        const dbDir = join(root, '.research-index');
        const first = await run({ root, embedder: new OllamaEmbedder({ host: server.url }) });
        assert.equal(first.embedder, 'ollama:nomic-embed-text');
        assert.deepEqual(first.notices, []);

        const switched = await run({ root, embedder: new OllamaEmbedder({ host: server.url, model: 'small-embed' }) });
        // The stored passages get new vectors; no file is read again.
        assert.deepEqual([switched.indexed, switched.skipped], [0, 2]);
        assert.ok(
          switched.notices.some((n) => n.includes('embedding model changed from ollama:nomic-embed-text to ollama:small-embed')),
          switched.notices.join('\n'),
        );
        let store = await openIndexStore(dbDir);
        assert.equal(store.meta().dimension, 16);
        const row = (await store.table.query().limit(1).toArray())[0] as { vector: { length: number }; embedding_model: string };
        assert.equal(row.vector.length, 16);
        assert.equal(row.embedding_model, 'ollama:small-embed');
        store.close();

        const fullText = await run({ root, embedder: null });
        assert.deepEqual([fullText.indexed, fullText.skipped], [0, 2]);
        store = await openIndexStore(dbDir);
        assert.equal(store.hasVectors(), false);
        store.close();
      });
    } finally {
      await server.close();
    }
  });

  it('reports a damaged index as IndexCorruptError and recovers with rebuild', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# A\n\nsome words\n');
      await run({ root });
      await rm(join(root, '.research-index', 'chunks.lance', '_indices'), { recursive: true });
      await assert.rejects(run({ root }), IndexCorruptError);
      const rebuilt = await run({ root, rebuild: true });
      assert.equal(rebuilt.indexed, 1);
      assert.ok(rebuilt.notices.some((n) => n.includes('rebuilding')));
    }));

  it('stops with a typed error when the embedder fails mid-run, keeping finished documents for the next run', async () => {
    let calls = 0;
    let failing = true;
    const server = await startFakeOllama({
      embed: (_model, inputs) => {
        calls++;
        if (failing && calls > 4) throw new Error('model runner crashed');
        return inputs.map(() => Array.from({ length: 8 }, (_, j) => (j + 1) / 8));
      },
    });
    try {
      await withTempDir(async (root) => {
        for (let i = 0; i < 6; i++) await writeFile(join(root, `d${i}.md`), `# D${i}\n\ntext ${i}\n`);
        const embedder = new OllamaEmbedder({ host: server.url });
        // calls 1 is the probe; documents 0-2 embed with calls 2-4; the fourth document fails.
        await assert.rejects(run({ root, embedder }), EmbedderError);
        const kept = await storedPaths(join(root, '.research-index'));
        assert.deepEqual(kept.documents, ['d0.md', 'd1.md', 'd2.md']);
        assert.deepEqual(kept.chunkPaths, kept.documents);
        failing = false;
        const resumed = await run({ root, embedder });
        assert.deepEqual([resumed.skipped, resumed.indexed], [3, 3]);
      });
    } finally {
      await server.close();
    }
  });

  it('reports a file deleted during the run as vanished and indexes the rest', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# A\n\nalpha\n');
      await writeFile(join(root, 'b.md'), '# B\n\nbeta\n');
      await writeFile(join(root, 'c.md'), '# C\n\ngamma\n');
      const extractor = {
        extract: async (file: Parameters<typeof extractFile>[0]) => {
          if (file.path === 'b.md') await unlink(file.absPath); // gone between discovery and extraction
          return extractFile(file);
        },
        paperEvidence: async () => undefined,
        close: async () => undefined,
      };
      const summary = await run({ root, extractor });
      assert.deepEqual(
        summary.failed.map((f) => [f.path, f.code]),
        [['b.md', 'vanished']],
      );
      assert.equal(summary.indexed, 2);
      assert.deepEqual((await storedPaths(join(root, '.research-index'))).documents, ['a.md', 'c.md']);
    }));
});
