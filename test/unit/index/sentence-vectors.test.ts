import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder } from '../../../src/core/index/pipeline/indexer';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import { OllamaEmbedder } from '../../../src/core/index/embed/ollama';
import type { Embedder } from '../../../src/core/index/embed/embedder';
import { createRetriever } from '../../../src/core/index/search/search';
import { cosine } from '../../../src/core/index/search/sentenceRerank';
import { sentencesOf } from '../../../src/core/index/sentences';
import { openIndexStore } from '../../../src/core/index/store';
import { loadLanceDb } from '../../../src/core/index/store/lancedb';
import { META_FILE } from '../../../src/core/index/store/schema';
import { SENTENCES_TABLE, packSentenceVectors, sentenceVectorKey, unpackSentenceVectors } from '../../../src/core/index/store/sentenceVectorTable';
import type { IndexProgress, IndexSummary } from '../../../src/core/index/types';
import { startFakeOllama } from '../../support/fakeOllama';
import { MINILM_DIR } from '../../support/shared';
import { withTempDir } from '../../support/tempDir';

/** The embedder, with every text it was asked to embed (passages and sentences; not questions). */
function counting(inner: Embedder): Embedder & { embedded: string[] } {
  const embedded: string[] = [];
  return Object.assign(Object.create(inner) as Embedder, {
    embedded,
    embed: (texts: string[], signal?: AbortSignal) => {
      embedded.push(...texts);
      return inner.embed(texts, signal);
    },
  });
}

async function run(root: string, dbDir: string, embedder: Embedder, options: { signal?: AbortSignal; onProgress?: (p: IndexProgress) => void } = {}) {
  const gen = indexFolder({ root, dbDir, embedder, workers: 0, ocr: { mode: 'off' }, signal: options.signal });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value as IndexSummary;
    options.onProgress?.(step.value);
  }
}

async function writeDocs(root: string, files: Record<string, string>) {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(root, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, name), text);
}

/** Each chunk text of the index, with its sentence-vector row (null when it has none). */
async function rowsByChunk(dbDir: string) {
  const store = await openIndexStore(dbDir);
  try {
    const model = store.meta().embeddingModel!;
    const texts = ((await store.table.query().select(['text']).toArray()) as Array<{ text: string }>).map((r) => r.text);
    const found = await store.sentenceVectors.read(texts.map((t) => sentenceVectorKey(model, t)));
    return { texts, found, model, keys: await store.sentenceVectors.keys() };
  } finally {
    store.close();
  }
}

const DOCS = {
  'pumps.md': '# Pumps\n\nThe primary pump runs at 1,450 revolutions per minute. Its seals are replaced every two years by the maintenance crew.\n',
  'valves.md': '# Valves\n\nRelief valves open at 12 bar. A valve that chatters is usually oversized for the flow it regulates in service.\n',
  'tanks.md': '# Tanks\n\nThe buffer tank holds 800 litres. It is drained and inspected each spring before the irrigation season starts.\n',
};

describe('sentence vectors stored by the index run (real all-MiniLM-L6-v2)', function () {
  this.timeout(120_000);
  let local: LocalEmbedder;
  before(() => {
    local = new LocalEmbedder({ modelDir: MINILM_DIR });
  });
  after(() => local.close());

  it('stores int8 vectors whose cosines with a question move by less than 0.005', async () => {
    const sentences = sentencesOf(DOCS['pumps.md'] + DOCS['valves.md']);
    const vectors = await local.embed(sentences);
    const question = await local.embedQuery('How often are the pump seals replaced?');
    const back = unpackSentenceVectors(packSentenceVectors(vectors), vectors.length, vectors[0]!.length)!;
    assert.equal(back.length, vectors.length);
    for (let i = 0; i < vectors.length; i++) assert.ok(Math.abs(cosine(question, back[i]!) - cosine(question, vectors[i]!)) < 0.005);
    assert.equal(unpackSentenceVectors(packSentenceVectors(vectors), vectors.length + 1, vectors[0]!.length), null);
  });

  it("embeds every passage's sentences once: a run that changed nothing embeds nothing, a changed document only its own", async () => {
    await withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(dir, 'index');
      await writeDocs(root, DOCS);
      const embedder = counting(local);
      const first = await run(root, dbDir, embedder);
      assert.equal(first.indexed, 3);
      const stored = await rowsByChunk(dbDir);
      assert.equal(stored.found.size, stored.texts.length);
      for (const text of stored.texts) {
        const vectors = stored.found.get(sentenceVectorKey(stored.model, text))!;
        assert.equal(vectors.length, sentencesOf(text).length, text);
      }

      embedder.embedded.length = 0;
      await run(root, dbDir, embedder);
      assert.deepEqual(embedder.embedded, [], 'a run that changed nothing embedded something');

      const oldTanks = stored.texts.find((t) => t.includes('800 litres'))!;
      await writeFile(join(root, 'tanks.md'), '# Tanks\n\nThe buffer tank holds 950 litres since the refit. It is drained each autumn after the season.\n');
      await run(root, dbDir, embedder);
      const after = await rowsByChunk(dbDir);
      const newTanks = after.texts.find((t) => t.includes('950 litres'))!;
      const unchanged = after.texts.filter((t) => t !== newTanks).flatMap(sentencesOf);
      assert.ok(
        embedder.embedded.some((t) => sentencesOf(newTanks).includes(t)),
        'the changed passage got no sentence vectors',
      );
      assert.deepEqual(
        embedder.embedded.filter((t) => unchanged.includes(t)),
        [],
        'unchanged passages were embedded again',
      );
      assert.equal(after.found.size, after.texts.length);
      assert.ok(!after.keys.has(sentenceVectorKey(after.model, oldTanks)), "the old passage's row was kept");
    });
  });

  it('adds them to an index made before them, once and with a notice, keeping the passages’ embeddings', async () => {
    await withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(dir, 'index');
      await writeDocs(root, DOCS);
      await run(root, dbDir, local);
      await makeOld(dbDir);
      const chunkVectorsBefore = await chunkVectors(dbDir);

      const embedder = counting(local);
      const upgrade = await run(root, dbDir, embedder);
      assert.ok(
        upgrade.notices.some((n) => n.startsWith('adding sentence vectors to the index (once)')),
        JSON.stringify(upgrade.notices),
      );
      const { texts, found } = await rowsByChunk(dbDir);
      assert.equal(found.size, texts.length);
      assert.deepEqual(
        embedder.embedded.filter((t) => texts.includes(t)),
        [],
        'passages were embedded again',
      );
      assert.deepEqual(await chunkVectors(dbDir), chunkVectorsBefore);

      const again = await run(root, dbDir, embedder);
      assert.ok(!again.notices.some((n) => n.includes('sentence vectors')), JSON.stringify(again.notices));
    });
  });

  it('a cancel during the sentences keeps what was stored, and the next run embeds only the rest', async () => {
    await withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(dir, 'index');
      // More passages than one write step (128) holds, so the cancel lands between two steps.
      const many = Object.fromEntries(
        Array.from({ length: 140 }, (_, i) => [`note-${i}.md`, `Note ${i}: the gauge on line ${i} reads ${i * 7} kPa at rest.\n`]),
      );
      await writeDocs(root, many);
      const controller = new AbortController();
      const cut = await run(root, dbDir, local, {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'sentences' && p.done > 0) controller.abort();
        },
      });
      assert.equal(cut.cancelled, true);
      assert.ok(
        cut.notices.some((n) => n.startsWith('sentence vectors cut short: 128 of 140')),
        JSON.stringify(cut.notices),
      );
      assert.equal((await rowsByChunk(dbDir)).keys.size, 128);

      const embedder = counting(local);
      const rest = await run(root, dbDir, embedder);
      assert.equal(rest.cancelled, false);
      assert.equal(embedder.embedded.length, 12);
      assert.equal((await rowsByChunk(dbDir)).found.size, 140);
      // The two steps' appends were compacted into one file, and the files they replaced deleted.
      assert.equal((await readdir(join(dbDir, `${SENTENCES_TABLE}.lance`, 'data'))).length, 1);
    });
  });

  it('an embedder that stops answering during the sentences costs only them: the run completes, says so, and the next run embeds them', async () => {
    await withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(dir, 'index');
      await writeDocs(root, DOCS);
      const server = await startFakeOllama();
      const stopped = await run(root, dbDir, new OllamaEmbedder({ host: server.url }), {
        onProgress: (p) => {
          if (p.phase === 'sentences') void server.close();
        },
      });
      assert.equal(stopped.cancelled, false);
      assert.equal(stopped.indexed, 3);
      assert.ok(
        stopped.notices.some((n) => n.startsWith('sentence vectors stopped after 0 of 3 passages (')),
        JSON.stringify(stopped.notices),
      );
      assert.equal((await rowsByChunk(dbDir)).keys.size, 0);

      const again = await startFakeOllama();
      try {
        const resumed = await run(root, dbDir, new OllamaEmbedder({ host: again.url }));
        assert.equal(resumed.indexed, 0);
        const { texts, found } = await rowsByChunk(dbDir);
        assert.equal(found.size, texts.length);
      } finally {
        await again.close();
      }
    });
  });

  it('the hybrid rerank reads the stored vectors instead of embedding sentences, and ranks as when it embeds them', async () => {
    await withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(dir, 'index');
      await writeDocs(root, DOCS);
      await run(root, dbDir, local);
      const question = 'How often does the crew replace the seals?';

      const stored = await openIndexStore(dbDir);
      const embedder = counting(local);
      const withStored = await createRetriever(stored, embedder).search(question, { k: 3, mode: 'hybrid' });
      stored.close();
      assert.deepEqual(
        embedder.embedded.filter((t) => t !== question),
        [],
        'the rerank embedded sentences',
      );

      await makeOld(dbDir);
      const bare = await openIndexStore(dbDir);
      const computing = counting(local);
      const withComputed = await createRetriever(bare, computing).search(question, { k: 3, mode: 'hybrid' });
      bare.close();
      assert.ok(computing.embedded.filter((t) => t !== question).length > 0, 'without stored vectors the rerank should embed sentences');
      assert.deepEqual(
        withStored.map((h) => h.path),
        withComputed.map((h) => h.path),
      );
      assert.equal(withStored[0]!.path, 'pumps.md');
    });
  });
});

/** Turns the index into one made before sentence vectors: no table, no word of them in the meta file. */
async function makeOld(dbDir: string) {
  // Loaded through the store's loader, which silences LanceDB's per-query warnings first.
  const db = await (await loadLanceDb()).connect(dbDir);
  await db.dropTable(SENTENCES_TABLE);
  db.close();
  const metaPath = join(dbDir, META_FILE);
  const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { sentenceVectors?: unknown; checksums?: { files: Record<string, unknown> } };
  delete meta.sentenceVectors;
  for (const file of Object.keys(meta.checksums?.files ?? {})) if (file.startsWith(`${SENTENCES_TABLE}.lance/`)) delete meta.checksums!.files[file];
  await writeFile(metaPath, JSON.stringify(meta, null, 2));
}

async function chunkVectors(dbDir: string): Promise<Record<string, number[]>> {
  const store = await openIndexStore(dbDir);
  try {
    const rows = (await store.table.query().select(['id', 'vector']).toArray()) as Array<{ id: string; vector: ArrayLike<number> }>;
    return Object.fromEntries(rows.map((r) => [r.id, Array.from(r.vector)]));
  } finally {
    store.close();
  }
}
