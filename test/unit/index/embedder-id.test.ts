import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../../support/tempDir';
import { startFakeOllama, type FakeOllama } from '../../support/fakeOllama';
import { indexFolder, type IndexFolderOptions } from '../../../src/core/index/pipeline/indexer';
import { OllamaEmbedder, sameEmbedderId } from '../../../src/core/index/embed/ollama';
import { openIndexStore } from '../../../src/core/index/store';
import type { IndexSummary } from '../../../src/core/index/types';

async function run(options: IndexFolderOptions): Promise<IndexSummary> {
  const gen = indexFolder({ workers: 0, ...options });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

/** Texts sent to /api/embed other than the one-word probe: what was (re-)embedded. */
function embeddedTexts(fake: FakeOllama): string[] {
  return fake.requests
    .filter((r) => r.path === '/api/embed')
    .flatMap((r) => r.body.input as string[])
    .filter((t) => !t.endsWith('probe'));
}

// Ollama reads `name` as `name:latest`; picking either in a model list must not re-embed an index.
describe('embedding model ids: name and name:latest are one model', () => {
  let fake: FakeOllama;
  beforeEach(async () => (fake = await startFakeOllama({ models: ['nomic-embed-text:latest', 'nomic-embed-text:v1.5'] })));
  afterEach(async () => fake.close());

  it('records the id without :latest and keeps an index built with `name` when `name:latest` is picked', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# A\n\nalpha words\n');
      await writeFile(join(root, 'b.md'), '# B\n\nbeta words\n');
      const first = await run({ root, embedder: new OllamaEmbedder({ host: fake.url, model: 'nomic-embed-text' }) });
      assert.equal(first.indexed, 2);
      const before = embeddedTexts(fake).length;

      const latest = await run({ root, embedder: new OllamaEmbedder({ host: fake.url, model: 'nomic-embed-text:latest' }) });
      assert.equal(latest.embedder, 'ollama:nomic-embed-text');
      assert.deepEqual(latest.notices, []);
      assert.equal(latest.indexed, 0);
      assert.equal(latest.skipped, 2);
      assert.equal(embeddedTexts(fake).length, before, 'no document was embedded again');
    }));

  it('keeps an index recorded as `name:latest` (older versions) when `name` is configured, and vice versa', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# A\n\nalpha words\n');
      const dbDir = join(root, '.research-index');
      const store = await openIndexStore(dbDir, { create: true });
      await store.configureEmbedding('ollama:nomic-embed-text:latest', 64);
      store.close();

      const plain = await run({ root, embedder: new OllamaEmbedder({ host: fake.url, model: 'nomic-embed-text' }) });
      assert.deepEqual(plain.notices, []);
      assert.equal(plain.indexed, 1);
      const again = await run({ root, embedder: new OllamaEmbedder({ host: fake.url, model: 'nomic-embed-text:latest' }) });
      assert.deepEqual([again.indexed, again.skipped, again.notices], [0, 1, []]);
      const reopened = await openIndexStore(dbDir);
      assert.equal(reopened.meta().embeddingModel, 'ollama:nomic-embed-text:latest', 'the recorded id is kept as it was');
      reopened.close();
    }));

  it('another tag is another model: its stored passages are re-embedded (the file is not read again), with the notice', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# A\n\nalpha words\n');
      await run({ root, embedder: new OllamaEmbedder({ host: fake.url, model: 'nomic-embed-text' }) });
      const tagged = await run({ root, embedder: new OllamaEmbedder({ host: fake.url, model: 'nomic-embed-text:v1.5' }) });
      assert.deepEqual([tagged.indexed, tagged.skipped], [0, 1]);
      const reopened = await openIndexStore(join(root, '.research-index'));
      assert.equal(reopened.meta().embeddingModel, 'ollama:nomic-embed-text:v1.5');
      assert.equal(await reopened.countChunks(), 1);
      reopened.close();
      assert.ok(
        tagged.notices.some((n) => n.includes('embedding model changed')),
        tagged.notices.join('\n'),
      );
    }));

  it("sameEmbedderId forgives only Ollama's implicit :latest", () => {
    assert.equal(sameEmbedderId('ollama:nomic-embed-text', 'ollama:nomic-embed-text:latest'), true);
    assert.equal(sameEmbedderId('ollama:nomic-embed-text:latest', 'ollama:nomic-embed-text'), true);
    assert.equal(sameEmbedderId('ollama:nomic-embed-text', 'ollama:nomic-embed-text:v1.5'), false);
    assert.equal(sameEmbedderId('local:all-MiniLM-L6-v2', 'local:all-MiniLM-L6-v2:latest'), false);
    assert.equal(sameEmbedderId(null, null), true);
    assert.equal(sameEmbedderId(null, 'ollama:x'), false);
  });
});
