/**
 * A Zotero library indexed through the pipeline (src/core/library): Zotero's records over the
 * PDFs', the user's annotations and notes as passages of their own cited at the paper's page,
 * incremental runs, a change still in the WAL, a library gone between runs, and the data
 * directory left as it was. Real parts: a database written by SQLite with Zotero's schema, PDFs
 * made by the tests, a real LanceDB (full-text).
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { rename, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { openIndexForQueries, openIndexStore, type IndexProgress } from '../../../src/core/index';
import { indexLibrary, LibraryGoneError, librarySource, readLibraryRecord, type LibraryRun } from '../../../src/core/library';
import { zoteroLibraryOf } from '../../../src/core/library/zoteroPapers';
import { MENTION_KEYS_FILE } from '../../../src/core/library/mentionKeyFile';
import { citationLabel } from '../../../src/core/citations/citationLabel';
import { placeOfHit } from '../../../src/core/graph/passages';
import { withTempDir } from '../../support/tempDir';
import { HeldDatabase, writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';
import { fingerprint } from '../../support/fingerprint';

const fixture: ZoteroFixture = {
  collections: [
    { key: 'COLTHES1', name: 'Thesis' },
    { key: 'COLCH2AA', name: 'Chapter 2', parent: 'COLTHES1' },
  ],
  items: [
    {
      key: 'ITEMKRN1',
      title: 'Choosing kernels for two-sample tests',
      creators: [
        ['Ada', 'Lovelace'],
        ['Charles', 'Babbage'],
      ],
      date: '2012',
      citationKey: 'lovelace2012kernels',
      collections: ['COLCH2AA'],
      attachments: [
        {
          key: 'PDFKRN01',
          file: 'kernels.pdf',
          pdf: [
            'Choosing kernels for two-sample tests\nAda Lovelace and Charles Babbage',
            'We use a Gaussian kernel with the median heuristic for the bandwidth.',
            'Experiments on synthetic data follow.',
          ],
          annotations: [
            { key: 'ANNKRN01', text: 'Gaussian kernel with the median heuristic', comment: 'Bandwidth selection looks fragile on heavy tails', pageIndex: 1 },
            { key: 'ANNKRN02', type: 'note', comment: 'Compare with the Laplacian alternative in the appendix', pageIndex: 2 },
          ],
        },
      ],
      notes: [{ key: 'NOTEKRN1', html: '<h1>Reading notes</h1><p>The kernel choice matters less than the sample size, they argue.</p>' }],
    },
    {
      key: 'ITEMBOOT',
      title: 'Bootstrap confidence intervals revisited',
      creators: [['Grace', 'Hopper']],
      date: '2015',
      citationKey: 'hopper2015bootstrap',
      attachments: [
        { key: 'PDFBOOT1', file: 'bootstrap.pdf', pdf: ['Bootstrap confidence intervals revisited\nGrace Hopper', 'Percentile intervals undercover.'] },
      ],
    },
    { key: 'ITEMTRSH', title: 'A trashed paper', trashed: true, attachments: [{ key: 'PDFTRSH1', file: 't.pdf', pdf: ['Trashed paper about kernels'] }] },
  ],
};

async function run(generator: AsyncGenerator<IndexProgress, LibraryRun>): Promise<LibraryRun> {
  for (;;) {
    const step = await generator.next();
    if (step.done) return step.value;
  }
}

const index = (root: string, dbDir: string) => run(indexLibrary({ root, dbDir, embedding: { mode: 'none' }, ocr: { mode: 'off' } }));

async function search(dbDir: string, root: string, query: string) {
  const source = librarySource(root, { dbDir });
  const opened = await openIndexForQueries(dbDir, { embedder: null }, { papersOf: source.papersOf! });
  try {
    return await opened.retriever.search(query, { k: 3 });
  } finally {
    await opened.close();
  }
}

describe('a Zotero library indexed through the pipeline', () => {
  it("indexes its PDFs with Zotero's records, leaves the trash out, and never writes into the data directory", async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      const before = await fingerprint(dataDir);
      const summary = await index(dataDir, dbDir);
      assert.equal(summary.kind, 'zotero');
      assert.deepEqual(summary.items, { total: 2, withPdf: 2 });
      const store = await openIndexStore(dbDir, { readOnly: true });
      try {
        const paths = (await store.documents()).map((d) => d.path).sort();
        assert.deepEqual(paths, [
          'storage/PDFBOOT1/bootstrap.pdf',
          'storage/PDFKRN01/kernels.pdf',
          'your-notes/ITEMKRN1/notes',
          'your-notes/PDFKRN01/annotations',
        ]);
        const library = await zoteroLibraryOf(store, (await readLibraryRecord(dbDir))!);
        const record = library.records.get('storage/PDFKRN01/kernels.pdf')!;
        assert.deepEqual(
          [record.title?.value, record.authors?.value[0]?.family, record.year?.value, record.citekey?.value, record.title?.source],
          ['Choosing kernels for two-sample tests', 'Lovelace', 2012, 'lovelace2012kernels', 'zotero'],
        );
        assert.deepEqual(library.pathsOfKey('hopper2015bootstrap'), ['storage/PDFBOOT1/bootstrap.pdf']);
      } finally {
        store.close();
      }
      await search(dbDir, dataDir, 'kernel');
      assert.deepEqual(await fingerprint(dataDir), before, 'the data directory is byte-for-byte as it was');
    });
  });

  it("finds every annotation comment and note in the top 3 by its words, at the annotated page, as the user's own words", async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      const cases: Array<[string, string, number | null]> = [
        ['bandwidth selection fragile heavy tails', 'your-notes/PDFKRN01/annotations', 2],
        ['Laplacian alternative appendix', 'your-notes/PDFKRN01/annotations', 3],
        ['my note on the kernel choice', 'your-notes/ITEMKRN1/notes', null],
      ];
      for (const [query, path, page] of cases) {
        const hits = await search(dbDir, dataDir, query);
        const hit = hits.find((h) => h.path === path && h.pageStart === page);
        assert.ok(hit, `${query}: ${JSON.stringify(hits.map((h) => [h.path, h.pageStart]))}`);
        assert.equal(hit.ownWords, true);
        assert.equal(citationLabel(placeOfHit(hit)), page ? `Lovelace & Babbage (2012), p. ${page} (your note)` : 'Lovelace & Babbage (2012) (your note)');
      }
      // The records' mention keys are kept beside the index for the next process (mentionKeyFile.ts), never in the library.
      assert.ok(existsSync(join(dbDir, MENTION_KEYS_FILE)));
      assert.ok(!existsSync(join(dataDir, MENTION_KEYS_FILE)));
    });
  });

  it('re-reads nothing when nothing changed; a change still in the WAL re-indexes only what it touched', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      const again = await index(dataDir, dbDir);
      assert.equal(again.upToDate, true);
      assert.equal(again.indexed, 0);
      const held = await HeldDatabase.open(join(dataDir, 'zotero.sqlite'));
      try {
        await held.exec(
          "UPDATE itemAnnotations SET comment = 'Heavy tails break the median heuristic entirely' WHERE itemID = (SELECT itemID FROM items WHERE key = 'ANNKRN01'); UPDATE items SET dateModified = '2031-01-01 00:00:00', version = version + 1 WHERE key = 'ANNKRN01';",
        );
        const changed = await index(dataDir, dbDir);
        assert.equal(changed.upToDate, false);
        assert.equal(changed.indexed, 1, 'only the annotations document is written again');
        const hits = await search(dbDir, dataDir, 'heavy tails break median heuristic entirely');
        assert.equal(hits[0]?.path, 'your-notes/PDFKRN01/annotations');
      } finally {
        await held.kill();
      }
    });
  });

  it('sees a PDF changed on disk while the database stayed the same', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      assert.equal((await index(dataDir, dbDir)).upToDate, true);
      // An editor that saves a PDF in place changes the file, not Zotero's database.
      const pdf = join(dataDir, 'storage', 'PDFBOOT1', 'bootstrap.pdf');
      const later = new Date(Date.now() + 60_000);
      await utimes(pdf, later, later);
      const changed = await index(dataDir, dbDir);
      assert.equal(changed.upToDate, false, 'a PDF whose time changed is looked at again');
      assert.equal((await index(dataDir, dbDir)).upToDate, true);
    });
  });

  it('a library gone between runs is one line, and its last index still answers', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'cache', 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await index(dataDir, dbDir);
      await rename(dataDir, join(dir, 'unmounted'));
      await assert.rejects(index(dataDir, dbDir), (e: unknown) => e instanceof LibraryGoneError && /not there.*still answers/.test(e.message));
      const hits = await search(dbDir, dataDir, 'percentile intervals undercover');
      assert.equal(hits[0]?.path, 'storage/PDFBOOT1/bootstrap.pdf');
      // A data directory whose database is gone (a folder left, the drive's files not): the same index answers.
      await rename(join(dir, 'unmounted'), dataDir);
      await rename(join(dataDir, 'zotero.sqlite'), join(dir, 'moved.sqlite'));
      await assert.rejects(index(dataDir, dbDir));
      assert.equal((await search(dbDir, dataDir, 'percentile intervals undercover'))[0]?.path, 'storage/PDFBOOT1/bootstrap.pdf');
    });
  });
});
