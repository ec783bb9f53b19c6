/**
 * Re-checking an unchanged Zotero library from the check kept beside its index
 * (src/core/library/libraryCheck.ts): used only while the index is in the state it was made at, so
 * a check left from before a run never answers for the index after it; kept in the index folder,
 * never in the data directory; and an unchanged re-check opens neither LanceDB nor apache-arrow.
 * Real parts: a database written by SQLite with Zotero's schema, PDFs made by the tests, a real
 * LanceDB (full-text).
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIBRARY_CHECK_FILE } from '../../../src/core/library/libraryCheck';
import { withTempDir } from '../../support/tempDir';
import { indexLibraryFully } from '../../support/libraryRun';
import { writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';
import { fingerprint } from '../../support/fingerprint';

const fixture: ZoteroFixture = {
  items: [
    {
      key: 'ITEMKRN1',
      title: 'Choosing kernels for two-sample tests',
      creators: [['Ada', 'Lovelace']],
      date: '2012',
      citationKey: 'lovelace2012kernels',
      attachments: [{ key: 'PDFKRN01', file: 'kernels.pdf', pdf: ['Choosing kernels for two-sample tests', 'We use a Gaussian kernel.'] }],
    },
    {
      key: 'ITEMBOOT',
      title: 'Bootstrap confidence intervals revisited',
      creators: [['Grace', 'Hopper']],
      date: '2015',
      attachments: [{ key: 'PDFBOOT1', file: 'bootstrap.pdf', pdf: ['Bootstrap confidence intervals revisited', 'Percentile intervals undercover.'] }],
    },
  ],
};

const index = indexLibraryFully;

describe('an unchanged Zotero library re-checked from the check kept beside its index', () => {
  it('is up to date from the kept check, which lives in the index folder and never in the data directory', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      const before = await fingerprint(dataDir);
      assert.ok(existsSync(join(dbDir, LIBRARY_CHECK_FILE)), 'a finished run keeps the check');
      const again = await index(dataDir, dbDir);
      assert.equal(again.upToDate, true);
      assert.deepEqual(again.items, { total: 2, withPdf: 2 });
      assert.equal(again.files, 2);
      assert.ok(!existsSync(join(dataDir, LIBRARY_CHECK_FILE)));
      assert.deepEqual(await fingerprint(dataDir), before, 'the data directory is byte-for-byte as it was');
    });
  });

  it('a check kept before the index changed is not used after it, even when the files match it again', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      const pdf = join(dataDir, 'storage', 'PDFBOOT1', 'bootstrap.pdf');
      // Whole seconds, so the time can be put back exactly.
      const first = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
      await utimes(pdf, first, first);
      await index(dataDir, dbDir);
      const stale = await readFile(join(dbDir, LIBRARY_CHECK_FILE), 'utf8');
      // The PDF saved again: the next run records its new time in the index.
      const later = new Date(Date.now() + 60_000);
      await utimes(pdf, later, later);
      assert.equal((await index(dataDir, dbDir)).upToDate, false);
      // The file back as it was, and the check from before that run in place of the new one (a
      // process that kept it late): the check matches the files, the index does not.
      await utimes(pdf, first, first);
      await writeFile(join(dbDir, LIBRARY_CHECK_FILE), stale);
      assert.equal((await index(dataDir, dbDir)).upToDate, false, 'the index holds the later time: the PDF is looked at again');
      assert.equal((await index(dataDir, dbDir)).upToDate, true);
    });
  });

  it('an unchanged re-check loads neither LanceDB nor apache-arrow', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      await index(dataDir, dbDir);
      // A fresh process, as the CLI's `index <data dir>` is: what it loaded is in require's cache.
      const script = `
        const { indexLibrary } = require('./src/core/library');
        (async () => {
          const generator = indexLibrary({ root: ${JSON.stringify(dataDir)}, dbDir: ${JSON.stringify(dbDir)}, embedding: { mode: 'none' }, ocr: { mode: 'off' } });
          let step; do step = await generator.next(); while (!step.done);
          const loaded = Object.keys(require.cache).filter((f) => /node_modules[\\\\/](@lancedb|apache-arrow)[\\\\/]/.test(f));
          console.log(JSON.stringify({ upToDate: step.value.upToDate, loaded: loaded.length }));
        })();`;
      const result = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: join(__dirname, '..', '..', '..'), encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.deepEqual(JSON.parse(result.stdout.trim().split('\n').at(-1)!), { upToDate: true, loaded: 0 });
    });
  });
});
