import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chunkDocument } from '../../../src/core/index/build/chunk';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import { createRetriever } from '../../../src/core/index/search/search';
import { openIndexStore } from '../../../src/core/index/store';
import type { ExtractedDocument } from '../../../src/core/index/types';
import { withTempDir } from '../../support/tempDir';
import { MINILM_DIR } from '../../support/shared';

describe('hybrid search: a question that names a document by its title (real all-MiniLM-L6-v2)', function () {
  this.timeout(60_000);

  it("answers from the named manual, not from a tutorial that cites the manual's title", async () => {
    const docs: ExtractedDocument[] = [
      {
        path: 'lilypond/music-glossary.md',
        kind: 'markdown',
        pages: ['# breve\n\nUS: double whole note. A note lasting as long as two whole notes; rare in modern scores.'],
        warnings: [],
      },
      {
        path: 'lilypond/learning.md',
        kind: 'markdown',
        pages: [
          '# Durations\n\nSee Section breve in Music Glossary, Section whole note in Music Glossary and Section duration in Music Glossary. ' +
            'Durations are entered as numbers after the note name.',
        ],
        warnings: [],
      },
      { path: 'lilypond/usage.md', kind: 'markdown', pages: ['# Usage\n\nRun lilypond on a file to typeset it; the PDF appears beside it.'], warnings: [] },
    ];
    const embedder = new LocalEmbedder({ modelDir: MINILM_DIR });
    await withTempDir(async (dir) => {
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      try {
        await store.configureEmbedding(embedder.id, await embedder.probe(), embedder.modelDir);
        for (const doc of docs) {
          const chunks = chunkDocument(doc);
          const document = { path: doc.path, kind: doc.kind, size: 1, mtimeMs: 1, contentHash: doc.path, pages: null, warnings: [] };
          await store.replaceDocument({ document, chunks, vectors: await embedder.embed(chunks.map((c) => c.text)) });
        }
        await store.optimize();
        const hits = await createRetriever(store, embedder).search('What is a breve called in US usage, according to the LilyPond Music Glossary?', {
          k: 3,
          mode: 'hybrid',
        });
        assert.deepEqual(
          hits.map((h) => h.path),
          ['lilypond/music-glossary.md', 'lilypond/learning.md', 'lilypond/usage.md'],
        );
      } finally {
        store.close();
        await embedder.close();
      }
    });
  });
});
