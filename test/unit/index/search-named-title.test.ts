import assert from 'node:assert/strict';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import { buildRealIndex } from '../../support/realIndex';
import { MINILM_DIR } from '../../support/shared';
import { withTempDir } from '../../support/tempDir';

describe('hybrid search: a question that names a document by its title (real all-MiniLM-L6-v2)', function () {
  this.timeout(60_000);

  it("answers from the named manual, not from a tutorial that cites the manual's title", async () => {
    const embedder = new LocalEmbedder({ modelDir: MINILM_DIR });
    await withTempDir(async (dir) => {
      const index = await buildRealIndex(
        dir,
        {
          'lilypond/music-glossary.md': '# breve\n\nUS: double whole note. A note lasting as long as two whole notes; rare in modern scores.\n',
          'lilypond/learning.md':
            '# Durations\n\nSee Section breve in Music Glossary, Section whole note in Music Glossary and Section duration in Music Glossary. ' +
            'Durations are entered as numbers after the note name.\n',
          'lilypond/usage.md': '# Usage\n\nRun lilypond on a file to typeset it; the PDF appears beside it.\n',
        },
        embedder,
      );
      try {
        const hits = await index.retriever.search('What is a breve called in US usage, according to the LilyPond Music Glossary?', { k: 3, mode: 'hybrid' });
        assert.deepEqual(
          hits.map((h) => h.path),
          ['lilypond/music-glossary.md', 'lilypond/learning.md', 'lilypond/usage.md'],
        );
      } finally {
        index.close();
        await embedder.close();
      }
    });
  });
});
