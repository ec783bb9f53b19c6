/**
 * A Zotero library's papers kept beside its index (src/core/library/papersSnapshot.ts): a later
 * process builds the same paper library from the kept file instead of the index's rows and
 * `library.json`; a file kept before the library changed is never used after; nothing is written
 * in the data directory. Real parts: a database written by SQLite with Zotero's schema, PDFs made
 * by the tests, a real LanceDB (full-text).
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openIndexStore } from '../../../src/core/index';
import { librarySource, readLibraryRecord } from '../../../src/core/library';
import { PAPERS_SNAPSHOT_FILE } from '../../../src/core/library/papersSnapshot';
import { zoteroLibraryOf } from '../../../src/core/library/zoteroPapers';
import type { PaperLibrary } from '../../../src/core/papers/paperLibrary';
import { withTempDir } from '../../support/tempDir';
import { indexLibraryFully } from '../../support/libraryRun';
import { runSqlite, writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';
import { fingerprint } from '../../support/fingerprint';

const KERNELS = 'storage/PDFKRN01/kernels.pdf';

const fixture: ZoteroFixture = {
  items: [
    {
      key: 'ITEMKRN1',
      title: 'Choosing kernels for two-sample tests',
      creators: [['Ada', 'Lovelace']],
      date: '2012',
      citationKey: 'lovelace2012kernels',
      attachments: [
        {
          key: 'PDFKRN01',
          file: 'kernels.pdf',
          pdf: ['Choosing kernels for two-sample tests', 'We use a Gaussian kernel.'],
          annotations: [{ key: 'ANNKRN01', text: 'Gaussian kernel', comment: 'Bandwidth looks fragile', pageIndex: 1 }],
        },
      ],
    },
    {
      key: 'ITEMBOOT',
      title: 'Bootstrap confidence intervals revisited',
      creators: [['Grace', 'Hopper']],
      date: '2015',
      attachments: [{ key: 'PDFBOOT1', file: 'bootstrap.pdf', pdf: ['Bootstrap confidence intervals revisited', 'Percentile intervals undercover.'] }],
    },
    { key: 'ITEMNOPD', title: 'A paper without its PDF', creators: [['Alan', 'Turing']], date: '1950', citationKey: 'turing1950' },
  ],
};

const index = indexLibraryFully;

/** The paper library a fresh process sees: the index opened for queries, its papers from the library's source. */
async function papersOf(dataDir: string, dbDir: string): Promise<PaperLibrary> {
  const store = await openIndexStore(dbDir, { readOnly: true });
  try {
    return await librarySource(dataDir, { dbDir }).papersOf!(store).current();
  } finally {
    store.close();
  }
}

const shape = (library: PaperLibrary) => JSON.stringify([[...library.records], [...library.documents], library.entries, library.pathsOfKey('turing1950')]);

describe("a Zotero library's papers kept beside its index", () => {
  it('a later process builds the same papers from the kept file, read instead of the index, never in the data directory', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      const before = await fingerprint(dataDir);
      const first = await papersOf(dataDir, dbDir);
      assert.ok(existsSync(join(dbDir, PAPERS_SNAPSHOT_FILE)));
      const store = await openIndexStore(dbDir, { readOnly: true });
      const direct = await zoteroLibraryOf(store, (await readLibraryRecord(dbDir))!).finally(() => store.close());
      const later = await papersOf(dataDir, dbDir);
      assert.equal(shape(later), shape(direct), 'the same records, documents and entries as built from the index');
      assert.equal(shape(first), shape(direct));
      assert.equal(later.records.get(KERNELS)?.title?.value, 'Choosing kernels for two-sample tests');
      // What a later process reads is the kept file: a title changed in it is the title it sees.
      const kept = await readFile(join(dbDir, PAPERS_SNAPSHOT_FILE), 'utf8');
      await writeFile(join(dbDir, PAPERS_SNAPSHOT_FILE), kept.replace('Choosing kernels for two-sample tests', 'Read from the kept file'));
      assert.equal((await papersOf(dataDir, dbDir)).records.get(KERNELS)?.title?.value, 'Read from the kept file');
      assert.ok(!existsSync(join(dataDir, PAPERS_SNAPSHOT_FILE)));
      assert.deepEqual(await fingerprint(dataDir), before, 'the data directory is byte-for-byte as it was');
    });
  });

  it('a file kept before the library changed is never used after it', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      assert.equal((await papersOf(dataDir, dbDir)).records.get(KERNELS)?.title?.value, 'Choosing kernels for two-sample tests');
      const stale = await readFile(join(dbDir, PAPERS_SNAPSHOT_FILE), 'utf8');
      // The title edited in Zotero, and the library indexed again.
      await runSqlite(
        join(dataDir, 'zotero.sqlite'),
        `UPDATE itemDataValues SET value = 'Kernels for two-sample tests, chosen again' WHERE valueID = (SELECT valueID FROM itemData JOIN items USING (itemID) JOIN fields USING (fieldID) WHERE items.key = 'ITEMKRN1' AND fieldName = 'title');
         UPDATE items SET version = version + 1, dateModified = '2031-01-01 00:00:00' WHERE key = 'ITEMKRN1';`,
      );
      assert.equal((await index(dataDir, dbDir)).upToDate, false);
      // The file from before that run put back (a process that kept it late): not the library as it is now.
      await writeFile(join(dbDir, PAPERS_SNAPSHOT_FILE), stale);
      assert.equal((await papersOf(dataDir, dbDir)).records.get(KERNELS)?.title?.value, 'Kernels for two-sample tests, chosen again');
    });
  });
});
