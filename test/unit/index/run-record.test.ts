/**
 * What a run remembers of files that cost too much (build/runRecord.ts), through the real indexer
 * and LanceDB: a file that ran its thread out of memory is not read again until it changes or
 * the limit is raised; a document a limit cut short is read again once that limit is higher;
 * symbolic links out of the folder are one notice.
 */
import assert from 'node:assert/strict';
import { mkdir, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractFile, ExtractionError, type Extractor } from '../../../src/core/index/pipeline/extract';
import { indexFolder, type IndexFolderOptions } from '../../../src/core/index/pipeline/indexer';
import type { IndexSummary } from '../../../src/core/index/types';
import { flatPdf } from '../../support/pdfBombs';
import { withTempDir } from '../../support/tempDir';

async function run(options: IndexFolderOptions): Promise<IndexSummary> {
  const gen = indexFolder({ workers: 0, ...options });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

/** Reads files in this thread, except `bomb.html`, which "runs its thread out of memory"; counts its attempts. */
function bombExtractor(): Extractor & { attempts: number } {
  const extractor = {
    attempts: 0,
    extract: async (file: Parameters<Extractor['extract']>[0]) => {
      if (file.path !== 'bomb.html') return extractFile(file);
      extractor.attempts++;
      throw new ExtractionError('crashed', 'ran out of memory (limit 2048 MB per extraction thread: raise --max-worker-mb); not retried until it changes');
    },
    paperEvidence: async () => undefined,
    close: async () => undefined,
  };
  return extractor;
}

describe('the run record: costly files wait, cut documents come back', () => {
  it('a file that ran its thread out of memory is skipped (same line) until it changes or the limit rises', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'notes.md'), '# Notes\n\nHeron nesting.\n');
      await writeFile(join(root, 'bomb.html'), '<p>pretend</p>');
      const dbDir = join(root, '.db');
      const extractor = bombExtractor();
      const first = await run({ root, dbDir, extractor });
      assert.deepEqual(
        first.failed.map((f) => [f.path, f.code]),
        [['bomb.html', 'crashed']],
      );
      assert.equal(extractor.attempts, 1);

      const second = await run({ root, dbDir, extractor });
      assert.equal(extractor.attempts, 1, 'not read again');
      assert.deepEqual(second.failed, first.failed);
      assert.deepEqual(second.notices, [
        'not read again, unchanged since they ran out of memory or time last run: bomb.html (change them or raise the limit to try again)',
      ]);

      const raised = await run({ root, dbDir, extractor, limits: { workerMemoryMb: 4096 } });
      assert.equal(extractor.attempts, 2, 'a higher limit reads it again');
      assert.equal(raised.failed[0]?.code, 'crashed');

      await utimes(join(root, 'bomb.html'), new Date(), new Date(Date.now() + 5000));
      await run({ root, dbDir, extractor, limits: { workerMemoryMb: 4096 } });
      assert.equal(extractor.attempts, 3, 'a changed file is read again');
    }));

  it('a PDF cut at the page limit stays as it is until the limit is raised, then is read again whole', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'long.pdf'), flatPdf(12));
      const dbDir = join(root, '.db');
      const cut = await run({ root, dbDir, limits: { maxPages: 5 } });
      assert.deepEqual([cut.indexed, cut.pages], [1, 5]);
      assert.match(cut.warned[0]!.warnings[0]!, /^only the first 5 of 12 pages indexed/);

      const same = await run({ root, dbDir, limits: { maxPages: 5 } });
      assert.deepEqual([same.indexed, same.skipped], [0, 1]);
      assert.deepEqual(same.notices, []);

      const raised = await run({ root, dbDir, limits: { maxPages: 50 } });
      assert.deepEqual(raised.notices, ['reading again 1 document cut short by a limit that is higher now']);
      assert.deepEqual([raised.indexed, raised.pages, raised.warned.length], [1, 12, 0]);
      // Read whole now: nothing left to read again.
      const after = await run({ root, dbDir, limits: { maxPages: 500 } });
      assert.deepEqual([after.indexed, after.notices], [0, []]);
    }));

  it('links out of the folder: one notice naming them and the flag; none when the folder is allowed', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      const outside = join(root, 'outside');
      await Promise.all([mkdir(docs), mkdir(outside)]);
      await writeFile(join(docs, 'notes.md'), '# Notes\n\nHeron nesting.\n');
      await writeFile(join(outside, 'paper.md'), '# Paper\n\nOsprey diving.\n');
      await symlink(outside, join(docs, 'zotero'));
      await symlink('/etc/passwd', join(docs, 'secret.txt'));
      const refused = await run({ root: docs, dbDir: join(root, '.db') });
      assert.equal(refused.indexed, 1);
      assert.deepEqual(refused.notices, [
        `2 symbolic links lead outside ${docs} and were not followed: secret.txt -> /etc/passwd, zotero -> ${outside} (to index what a link leads to, allow its folder: --follow-links-into DIR; VS Code: research.index.followLinksInto)`,
      ]);
      const allowed = await run({ root: docs, dbDir: join(root, '.db2'), followLinksInto: [outside] });
      assert.equal(allowed.indexed, 2);
      assert.match(allowed.notices[0]!, /^1 symbolic link leads outside .* secret\.txt -> \/etc\/passwd /);
    }));
});
