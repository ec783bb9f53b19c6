/**
 * The session's papers (the CLI's `papers`, the editor's "Show Papers") end with the reading list:
 * works two or more papers cite that the library lacks, who cites them and on which pages.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { indexFolder } from '../../../src/core/index';
import { openSession } from '../../../src/core/session';
import { writeCitingLibrary } from '../../support/citingPapers';
import { withTempDir } from '../../support/tempDir';

describe('session: the reading list of works cited often that the library lacks', function () {
  this.timeout(300_000);

  it('names each work by its first authors, year and title, with the papers that cite it and their pages', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      const { sandwich, oop } = await writeCitingLibrary(root);
      const run = indexFolder({ root, dbDir, workers: 1 });
      while (!(await run.next()).done);
      const session = openSession({
        settings: { model: { kind: 'none' }, ollamaHost: null, limits: {}, chat: { tracing: false }, embedding: { mode: 'none' }, index: {} },
        sources: [{ kind: 'folder', label: 'library', root, dbDir }],
      });
      try {
        const { readingList } = await session.papers();
        assert.deepEqual(
          readingList.map((w) => ({ name: w.name, citedBy: w.citedBy })),
          [
            {
              name: 'Andrews (1991) Heteroskedasticity and Autocorrelation Consistent Covariance Matrix Estimation',
              citedBy: [
                { path: oop, pages: [1] },
                { path: sandwich, pages: [1, 2] },
              ],
            },
          ],
        );
        assert.match(readingList[0]!.raw, /^Andrews DWK \(1991\)\. “Heteroskedasticity/);
      } finally {
        await session.close();
      }
    }));
});
