/**
 * `eval` on a scale corpus through the bundled CLI: sources mapped through SCALE-MANIFEST.tsv,
 * `--within` one part of the index, and `--no-index` scoring an index another run holds the
 * writer lock of.
 */
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireWriterLock } from '../../../src/core/index/store';
import { buildOnce, runCli } from '../../support/cli';
import { writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

const ANSWER = 'The frobnicator limit defaults to 42 widgets.';

/** originals/manual.pdf holds the answer on page 2; volumes/vol-00001.pdf repeats that page as its page 2. */
async function makeScaleCorpus(root: string): Promise<void> {
  for (const folder of ['originals', 'volumes', 'text']) await mkdir(join(root, folder), { recursive: true });
  await writePdf(join(root, 'originals', 'manual.pdf'), ['Preface of the manual.', ANSWER, 'Appendix of the manual.']);
  await writePdf(join(root, 'volumes', 'vol-00001.pdf'), ['Gardening: water the roses weekly.', ANSWER]);
  await writeFile(join(root, 'text', 'notes.md'), '# Notes\n\nKnead the dough for ten minutes.\n');
  await writeFile(
    join(root, 'SCALE-MANIFEST.tsv'),
    'volume\tvol_first_page\tvol_last_page\tsource\tsrc_first_page\tsrc_last_page\nvolumes/vol-00001.pdf\t2\t2\tmanual.pdf\t2\t2\n',
  );
}

describe('CLI eval on a scale corpus (bundled dist/cli.js)', function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('scores a hit on any copy of the page, inside --within, without re-indexing under a held writer lock', () =>
    withTempDir(async (dir) => {
      const corpus = join(dir, 'corpus');
      const db = join(dir, 'idx');
      await makeScaleCorpus(corpus);
      const questions = join(dir, 'questions.jsonl');
      await writeFile(
        questions,
        [
          { id: 'a', kind: 'factual', question: 'What does the frobnicator limit default to?', sources: [{ file: 'manual.pdf', pages: [2] }] },
          { id: 'b', kind: 'factual', question: 'How long do I knead the dough?', sources: [{ file: 'notes.md', pages: [], lines: [3, 3] }] },
        ]
          .map((q) => JSON.stringify(q))
          .join('\n'),
      );
      assert.equal((await runCli(['index', corpus, '--embed', 'none', '--db', db])).code, 0);
      // An index run in progress (this process) holds the writer lock.
      const lock = await acquireWriterLock(db);
      try {
        const reindex = await runCli(['eval', corpus, questions, '--embed', 'none', '--db', db, '--no-llm']);
        assert.equal(reindex.code, 1, 'without --no-index eval brings the index up to date first, which needs the lock');
        assert.match(reindex.stderr, /another indexing run/);

        const scored = await runCli(['eval', corpus, questions, '--db', db, '--no-index', '--no-llm', '--json']);
        assert.equal(scored.code, 0, scored.stderr);
        const all = JSON.parse(scored.stdout) as Record<string, unknown>;
        assert.deepEqual([all.questions, all.hit_at_1, all.documents_indexed], [2, 1, 3]);

        const volumes = await runCli(['eval', corpus, questions, '--db', db, '--no-index', '--no-llm', '--within', 'volumes', '--json']);
        assert.equal(volumes.code, 0, volumes.stderr);
        const report = JSON.parse(volumes.stdout) as { hit_at_1: number; misses: unknown[] };
        assert.equal(report.hit_at_1, 0.5, 'the volume copy of manual.pdf p. 2 finds question a; notes.md is not under volumes/');
        assert.deepEqual(report.misses, [{ id: 'b', rank: null }]);

        const human = await runCli(['eval', corpus, questions, '--db', db, '--no-index', '--no-llm', '--within', 'volumes']);
        assert.match(human.stderr, /sources mapped through .*SCALE-MANIFEST\.tsv: originals\/, text\/ and 1 volumes/);
        assert.match(human.stdout, /hit@1 0\.5 /);

        await rm(join(corpus, 'SCALE-MANIFEST.tsv'));
        const unmapped = await runCli(['eval', corpus, questions, '--db', db, '--no-index', '--no-llm', '--json']);
        assert.equal((JSON.parse(unmapped.stdout) as { hit_at_10: number }).hit_at_10, 0, 'without the manifest, manual.pdf names no indexed file');

        const nothing = await runCli(['eval', corpus, questions, '--db', db, '--no-index', '--within', 'scanned']);
        assert.equal(nothing.code, 2);
        assert.match(nothing.stderr, /^error: --within scanned: no indexed document under it/m);
        const noManifest = await runCli(['eval', corpus, questions, '--db', db, '--no-index', '--manifest', join(dir, 'none.tsv')]);
        assert.equal(noManifest.code, 2);
        assert.match(noManifest.stderr, /--manifest .*none\.tsv: no such file/);
      } finally {
        await lock.release();
      }
    }));
});
