import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chunkDocument } from '../../../src/core/index/pipeline/chunk';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import type { Embedder } from '../../../src/core/index/embed/embedder';
import { createRetriever, SearchError } from '../../../src/core/index/search/search';
import { openIndexStore } from '../../../src/core/index/store';
import type { IndexStore } from '../../../src/core/index/store/indexStore';
import type { ExtractedDocument } from '../../../src/core/index/types';
import { withTempDir } from '../../support/tempDir';
import { MINILM_DIR } from '../../support/shared';

/** The real all-MiniLM-L6-v2 (ONNX) kept for offline tests. */

const text = (path: string, body: string): ExtractedDocument => ({ path, kind: 'markdown', pages: [body], warnings: [] });

const corpus: ExtractedDocument[] = [
  text('cars.md', '# Maintenance\n\nThe automobile engine needs fresh oil every 5000 miles to avoid wear.'),
  text('bash.md', '# Variables\n\nSRANDOM expands to a 32-bit random number. Its generator cannot be seeded.'),
  text('prover.md', '# Options\n\nThe --timelimit option sets the prover time limit; by default it is 10 seconds.'),
  text('cooking.md', '# Bread\n\nKnead the dough for ten minutes, then let it rise in a warm place for an hour.'),
  text('random.md', '# Random numbers\n\nA random number generator can be seeded to repeat a random sequence of random values.'),
  text("it's notes.md", '# Notes\n\nThe quarterly budget meeting moved to Thursday.'),
  text('budget.md', '# Budget\n\nThe quarterly budget meeting is chaired by the treasurer.'),
  { path: 'manual.pdf', kind: 'pdf', pages: ['Preface of the manual.', 'Chapter one covers widgets.', 'The widget calibration constant is 42.'], warnings: [] },
];

/** Indexes `corpus` (chunked by the real chunker) into a real LanceDB store, with vectors when an embedder is given. */
async function buildStore(dir: string, embedder: Embedder | null): Promise<IndexStore> {
  const store = await openIndexStore(join(dir, 'idx'), { create: true });
  if (embedder) await store.configureEmbedding(embedder.id, await embedder.probe(), embedder.modelDir);
  for (const doc of corpus) {
    const chunks = chunkDocument(doc);
    const vectors = embedder ? await embedder.embed(chunks.map((c) => c.text)) : null;
    await store.replaceDocument({
      document: {
        path: doc.path,
        kind: doc.kind,
        size: 1,
        mtimeMs: 1,
        contentHash: doc.path,
        pages: doc.kind === 'pdf' ? doc.pages.length : null,
        warnings: [],
      },
      chunks,
      vectors,
    });
  }
  await store.optimize();
  return store;
}

/** Sections full of a question's common words, for the rare-name tests below. */
const wordy = 'In the plain text format every option has a default value, and the plain text format lists each option default.';
const completeMultiQuestion = 'In the plain text format, what does the CompleteMulti option do and what is its default?';

/** One Markdown document per section (`s0.md`, `s1.md`, ...), embedded when an embedder is given. */
async function sectionStore(dir: string, sections: string[], embedder: Embedder | null): Promise<IndexStore> {
  const store = await openIndexStore(join(dir, 'idx'), { create: true });
  if (embedder) await store.configureEmbedding(embedder.id, await embedder.probe(), embedder.modelDir);
  for (const [i, body] of sections.entries()) {
    const doc = text(`s${i}.md`, body);
    const chunks = chunkDocument(doc);
    await store.replaceDocument({
      document: { path: doc.path, kind: 'markdown', size: 1, mtimeMs: 1, contentHash: doc.path, pages: null, warnings: [] },
      chunks,
      vectors: embedder ? await embedder.embed(chunks.map((c) => c.text)) : null,
    });
  }
  await store.optimize();
  return store;
}

describe('search (real LanceDB)', function () {
  let embedder: LocalEmbedder;
  before(() => {
    embedder = new LocalEmbedder({ modelDir: MINILM_DIR });
  });
  after(async () => {
    await embedder.close();
  });

  it('full-text finds an exact identifier first, ignoring question words and option dashes', async () => {
    await withTempDir(async (dir) => {
      const store = await buildStore(dir, null);
      try {
        const retriever = createRetriever(store, null);
        const srandom = await retriever.search('Can you seed SRANDOM?', { k: 3 });
        assert.equal(srandom[0]?.path, 'bash.md');
        const timelimit = await retriever.search('What does --timelimit default to?', { k: 3 });
        assert.equal(timelimit[0]?.path, 'prover.md');
        assert.deepEqual([timelimit[0]?.lineStart, timelimit[0]?.lineEnd, timelimit[0]?.heading], [1, 3, 'Options']);
        assert.deepEqual(await retriever.search('what is it?'), [], 'nothing searchable: no hits rather than noise');
      } finally {
        store.close();
      }
    });
  });

  it('hybrid finds a paraphrase that shares no word with the text; full-text alone cannot', async () => {
    await withTempDir(async (dir) => {
      const store = await buildStore(dir, embedder);
      try {
        const retriever = createRetriever(store, embedder);
        const question = 'car motor lubricant schedule';
        const fullText = await retriever.search(question, { k: 3, mode: 'fts' });
        assert.ok(!fullText.some((h) => h.path === 'cars.md'), 'full-text has no word to match');
        const hybrid = await retriever.search(question, { k: 3 });
        assert.equal(hybrid[0]?.path, 'cars.md');
        const vector = await retriever.search(question, { k: 1, mode: 'vector' });
        assert.equal(vector[0]?.path, 'cars.md');
        // The identifier query stays first in hybrid mode too: full-text carries it.
        assert.equal((await retriever.search('SRANDOM seeded', { k: 3 }))[0]?.path, 'bash.md');
      } finally {
        store.close();
      }
    });
  });

  it('puts the chunk with a rare code name the question uses above chunks full of its common words', async () => {
    await withTempDir(async (dir) => {
      const store = await sectionStore(
        dir,
        [
          ...[1, 2, 3, 4].map((n) => `# Format ${n}\n\n${wordy}`),
          '# Answers\n\nThe answers part: CompleteMulti, when 1, adds a "none of these" answer to multiple-answer questions.',
          '# Other\n\nSome unrelated paragraph about paper sizes.',
        ],
        null,
      );
      try {
        // No definition line here ("Name: ..."): this is the identifier list alone.
        const without = await createRetriever(store, null, { identifierWeight: 0 }).search(completeMultiQuestion, { k: 6 });
        assert.notEqual(without[0]?.path, 's4.md', 'the common words alone rank the wordy chunks first');
        const hits = await createRetriever(store, null).search(completeMultiQuestion, { k: 6 });
        assert.equal(hits[0]?.path, 's4.md');
        // A name in as many chunks as the list can hold pins nothing down: no list for it.
        const common = await createRetriever(store, null, { minCandidates: 1, candidateFactor: 1 }).search(completeMultiQuestion, { k: 1 });
        const commonWithout = await createRetriever(store, null, { minCandidates: 1, candidateFactor: 1, identifierWeight: 0 }).search(completeMultiQuestion, {
          k: 1,
        });
        assert.deepEqual(
          common.map((h) => h.id),
          commonWithout.map((h) => h.id),
        );
      } finally {
        store.close();
      }
    });
  });

  it('lifts the entry that defines a code name the question asks about, in hybrid and full-text search', async () => {
    await withTempDir(async (dir) => {
      const store = await sectionStore(
        dir,
        [
          ...[1, 2, 3].map((n) => `# Format ${n}\n\n${wordy}`),
          '# Tips\n\nIn the plain text format header, teachers often set CompleteMulti; the option default suits most exams.',
          '# General options\n\nColumns: number of columns.\nCompleteMulti: if 1, a "none of these" answer is added to multiple-answer questions.',
        ],
        embedder,
      );
      try {
        const rank = (hits: { path: string }[]) => hits.findIndex((h) => h.path === 's4.md') + 1;
        for (const mode of ['hybrid', 'fts'] as const) {
          const options = { identifierWeight: 0, sentenceRerank: 0 };
          const without = await createRetriever(store, embedder, { ...options, definitionWeight: 0 }).search(completeMultiQuestion, { k: 5, mode });
          const hits = await createRetriever(store, embedder, options).search(completeMultiQuestion, { k: 5, mode });
          assert.ok(rank(without) > 1, `${mode}: without definitions the defining entry is at ${rank(without)}`);
          assert.equal(rank(hits), 1, `${mode}: with definitions it is first`);
        }
      } finally {
        store.close();
      }
    });
  });

  it('copies of one passage count once: the passage that answers is not crowded out of the hits by copies of another (full-text and hybrid)', async () => {
    await withTempDir(async (dir) => {
      // 60 files hold the same passage (a manual copied around); one file holds the answer, which
      // matches the question's words less well than the copies do.
      const copy = 'The proxy rotates its logs every week and keeps seven of them.';
      const answer = 'A proxy log larger than 100 MB is rotated at once, whatever the day.';
      const store = await sectionStore(dir, [...Array.from({ length: 60 }, () => copy), answer], embedder);
      try {
        const retriever = createRetriever(store, embedder);
        for (const mode of ['fts', 'hybrid'] as const) {
          const hits = await retriever.search('How often does the proxy rotate its logs?', { k: 5, mode });
          assert.equal(new Set(hits.map((h) => h.text)).size, hits.length, `${mode}: a passage twice in ${JSON.stringify(hits.map((h) => h.path))}`);
          assert.deepEqual(
            hits.map((h) => h.text),
            [copy, answer],
            `${mode}: ${JSON.stringify(hits.map((h) => h.path))}`,
          );
        }
      } finally {
        store.close();
      }
    });
  });

  it('filters by document paths, including a path with a quote', async () => {
    await withTempDir(async (dir) => {
      const store = await buildStore(dir, null);
      try {
        const retriever = createRetriever(store, null);
        const all = await retriever.search('quarterly budget meeting', { k: 5 });
        assert.deepEqual(new Set(all.map((h) => h.path)), new Set(["it's notes.md", 'budget.md']));
        const only = await retriever.search('quarterly budget meeting', { k: 5, paths: ["it's notes.md"] });
        assert.deepEqual(
          only.map((h) => h.path),
          ["it's notes.md"],
        );
        assert.deepEqual(await retriever.search('quarterly budget meeting', { paths: ['missing.md'] }), []);
      } finally {
        store.close();
      }
    });
  });

  it('carries PDF page provenance into hits', async () => {
    await withTempDir(async (dir) => {
      const store = await buildStore(dir, null);
      try {
        const [hit] = await createRetriever(store, null).search('widget calibration constant', { k: 1 });
        assert.equal(hit?.path, 'manual.pdf');
        assert.ok(hit!.pageStart! <= 3 && hit!.pageEnd === 3, `pages ${hit?.pageStart}-${hit?.pageEnd}`);
        assert.equal(hit?.lineStart, null);
        assert.match(hit!.text, /calibration constant is 42/);
      } finally {
        store.close();
      }
    });
  });

  it('degrades to full-text when the query cannot be embedded, and refuses vector mode without vectors', async () => {
    await withTempDir(async (dir) => {
      const store = await buildStore(dir, embedder);
      try {
        const broken = new LocalEmbedder({ modelDir: join(dir, 'no-model-here') });
        const warnings: string[] = [];
        const logger = { debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {} };
        const hits = await createRetriever(store, broken, { logger }).search('SRANDOM', { k: 2 });
        assert.equal(hits[0]?.path, 'bash.md');
        assert.ok(warnings.some((w) => w.includes('vector search failed')));
        await assert.rejects(
          createRetriever(store, null).search('SRANDOM', { mode: 'vector' }),
          (e) => e instanceof SearchError && e.code === 'no-search-method',
        );
      } finally {
        store.close();
      }
    });
  });

  it('lists documents and reports stats', async () => {
    await withTempDir(async (dir) => {
      const store = await buildStore(dir, null);
      try {
        const retriever = createRetriever(store, null);
        const docs = await retriever.listDocuments();
        assert.equal(docs.length, corpus.length);
        const { contentHash, ...manual } = docs.find((d) => d.path === 'manual.pdf')!;
        assert.deepEqual(manual, { path: 'manual.pdf', kind: 'pdf', pages: 3, chunks: 1 });
        // buildStore stamps each document's content hash with its path.
        assert.equal(contentHash, 'manual.pdf');
        const stats = await retriever.stats();
        assert.equal(stats.documents, corpus.length);
        assert.equal(stats.embeddingModel, null);
        assert.ok(stats.chunks >= corpus.length);
      } finally {
        store.close();
      }
    });
  });

  it('stops when its signal is aborted', async () => {
    await withTempDir(async (dir) => {
      const store = await buildStore(dir, null);
      try {
        const controller = new AbortController();
        controller.abort();
        await assert.rejects(createRetriever(store, null).search('SRANDOM', { signal: controller.signal }), (e) => (e as Error).name === 'AbortError');
      } finally {
        store.close();
      }
    });
  });
});
