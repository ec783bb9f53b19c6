/**
 * The Zotero reader over data directories written by a real SQLite with Zotero's own schema
 * (test/support/zoteroFixture.ts): records, attachments of every kind, annotations and notes,
 * collections and tags, trash and retractions, and the bad input the issue lists.
 */
import { strict as assert } from 'node:assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { itemsInScope, readZoteroLibrary, ScopeError, ZoteroReadError, type ZoteroLibrary } from '../../../src/core/library/zotero';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';
import { runSqlite, writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';

const fixture = (linkedDir: string): ZoteroFixture => ({
  collections: [
    { key: 'COLTHES1', name: 'Thesis' },
    { key: 'COLCH2AA', name: 'Chapter 2', parent: 'COLTHES1' },
    { key: 'COLOTHER', name: 'Reading group' },
  ],
  betterBibtex: { ITEMBBT1: 'smith2019bbt' },
  items: [
    {
      key: 'ITEMONE1',
      title: 'Kernel choice in two-sample tests',
      creators: [['Ada', 'Lovelace'], ['Charles', 'Babbage'], 'CERN Collaboration'],
      date: '2010-03',
      publicationTitle: 'Journal of Tests',
      DOI: 'https://doi.org/10.1000/kernel.2010',
      citationKey: 'lovelace2010kernel',
      collections: ['COLCH2AA'],
      tags: ['methods'],
      attachments: [
        {
          key: 'PDFONE01',
          file: 'Lovelace 2010.pdf',
          pdf: ['Kernel choice page one', 'Page two text'],
          annotations: [
            { key: 'ANNHIGH1', type: 'highlight', text: 'the Gaussian kernel', comment: 'Why not a Laplace kernel here?', pageIndex: 1, pageLabel: '12' },
            { key: 'ANNUNDR1', type: 'underline', text: 'median heuristic', pageIndex: 0 },
          ],
        },
        { key: 'PDFONE02', file: 'supplement.pdf', pdf: ['Supplementary material'] },
      ],
      notes: [
        {
          key: 'NOTEONE1',
          html: '<div data-schema-version="9"><h1>Reading notes</h1><p>The bandwidth &amp; the kernel matter.</p><ul><li>first</li></ul></div>',
        },
      ],
    },
    { key: 'ITEMBBT1', title: 'Keys from Better BibTeX', creators: [['Jane', 'Smith']], date: '2019', citationKey: 'smith2019native' },
    { key: 'ITEMXTRA', title: 'Key in Extra', creators: [['Li', 'Wei']], date: 'Spring 2001', extra: 'Citation Key: wei2001extra\nOriginal Date: 2000' },
    {
      key: 'ITEMLINK',
      title: 'Linked files',
      creators: [['Linus', 'Linked']],
      collections: ['COLOTHER'],
      tags: ['to read'],
      attachments: [
        { key: 'PDFABS01', linked: join(linkedDir, 'absolute.pdf') },
        { key: 'PDFREL01', linked: 'attachments:sub/relative.pdf' },
        { key: 'PDFOUT01', linked: 'attachments:../outside.pdf' },
        { key: 'PDFGONE1', file: 'gone.pdf' },
        { key: 'PDFTRSH1', file: 'trashed.pdf', pdf: ['trashed attachment'], trashed: true },
      ],
    },
    { key: 'ITEMNOPD', title: 'A book without a PDF', itemType: 'book', creators: [['Bo', 'Book']], date: '1999' },
    { key: 'ITEMTRSH', title: 'A trashed paper', trashed: true, attachments: [{ key: 'PDFTRSH2', file: 't.pdf', pdf: ['x'] }] },
    { key: 'ITEMRETR', title: 'A retracted paper', retracted: true },
  ],
});

async function libraryIn(dir: string): Promise<{ library: ZoteroLibrary; dataDir: string; linkedDir: string }> {
  const dataDir = join(dir, 'Zotero');
  const linkedDir = join(dir, 'papers');
  await mkdir(join(linkedDir, 'sub'), { recursive: true });
  await writePdf(join(linkedDir, 'absolute.pdf'), ['absolute linked']);
  await writePdf(join(linkedDir, 'sub', 'relative.pdf'), ['relative linked']);
  await writePdf(join(dir, 'outside.pdf'), ['must not be read']);
  await writeZoteroLibrary(dataDir, fixture(linkedDir));
  // The profile that names this data directory and the base directory of linked files.
  const profile = join(dir, 'profiles', 'abcd1234.default');
  await mkdir(profile, { recursive: true });
  await writeFile(
    join(profile, 'prefs.js'),
    `user_pref("extensions.zotero.baseAttachmentPath", ${JSON.stringify(linkedDir)});\nuser_pref("extensions.zotero.dataDir", ${JSON.stringify(dataDir)});\nuser_pref("extensions.zotero.useDataDir", true);\n`,
  );
  const library = await readZoteroLibrary(dataDir, { profileRoots: [join(dir, 'profiles')] });
  return { library, dataDir, linkedDir };
}

const byKey = (library: ZoteroLibrary, key: string) => library.items.find((i) => i.key === key);

describe('Zotero reader', () => {
  it("reads each item's record from Zotero: title, creators in order, year of the multipart date, publication, DOI, citation key", async () => {
    await withTempDir(async (dir) => {
      const { library } = await libraryIn(dir);
      const one = byKey(library, 'ITEMONE1')!;
      assert.equal(one.title, 'Kernel choice in two-sample tests');
      assert.deepEqual(
        one.creators.map((c) => [c.firstName, c.lastName, c.singleField]),
        [
          ['Ada', 'Lovelace', false],
          ['Charles', 'Babbage', false],
          ['', 'CERN Collaboration', true],
        ],
      );
      assert.equal(one.year, 2010);
      assert.equal(one.date, '2010-03');
      assert.equal(one.publication, 'Journal of Tests');
      assert.equal(one.doi, '10.1000/kernel.2010');
      assert.deepEqual([one.citationKey, one.citationKeySource], ['lovelace2010kernel', 'zotero']);
      // Better BibTeX's key store wins over Zotero's field; a `Citation Key:` line in Extra is the last resort.
      assert.deepEqual([byKey(library, 'ITEMBBT1')!.citationKey, byKey(library, 'ITEMBBT1')!.citationKeySource], ['smith2019bbt', 'better-bibtex']);
      assert.deepEqual([byKey(library, 'ITEMXTRA')!.citationKey, byKey(library, 'ITEMXTRA')!.year], ['wei2001extra', 2001]);
      assert.equal(byKey(library, 'ITEMNOPD')!.itemType, 'book');
    });
  });

  it('places every PDF: imported into storage, linked absolute or relative to the base directory; several per item; missing and escaping ones named', async () => {
    await withTempDir(async (dir) => {
      const { library, dataDir, linkedDir } = await libraryIn(dir);
      const one = byKey(library, 'ITEMONE1')!;
      assert.deepEqual(
        one.attachments.map((a) => a.file),
        [join(dataDir, 'storage', 'PDFONE01', 'Lovelace 2010.pdf'), join(dataDir, 'storage', 'PDFONE02', 'supplement.pdf')],
      );
      const linked = byKey(library, 'ITEMLINK')!;
      const files = Object.fromEntries(linked.attachments.map((a) => [a.key, a.file ?? `(${a.problem})`]));
      assert.equal(files.PDFABS01, join(linkedDir, 'absolute.pdf'));
      assert.equal(files.PDFREL01, join(linkedDir, 'sub', 'relative.pdf'));
      assert.match(files.PDFOUT01!, /leads outside the base directory/);
      assert.equal(files.PDFGONE1, '(file missing)');
      assert.equal(files.PDFTRSH1, undefined, 'a trashed attachment is left out');
      assert.ok(
        library.notices.some((n) => /1 PDF\(s\) of the Zotero library are missing from disk.*gone\.pdf/.test(n)),
        library.notices.join('\n'),
      );
      assert.ok(library.notices.some((n) => /PDFOUT01/.test(n)));
      // No PDF: still a record, without text.
      assert.deepEqual(byKey(library, 'ITEMNOPD')!.attachments, []);
    });
  });

  it('leaves trashed items out and flags retracted ones', async () => {
    await withTempDir(async (dir) => {
      const { library } = await libraryIn(dir);
      assert.equal(byKey(library, 'ITEMTRSH'), undefined);
      assert.equal(byKey(library, 'ITEMRETR')!.retracted, true);
      assert.equal(byKey(library, 'ITEMONE1')!.retracted, false);
      assert.equal(library.items.length, 6);
    });
  });

  it("reads the user's highlights, underlines and comments with their page, and child notes as text", async () => {
    await withTempDir(async (dir) => {
      const { library } = await libraryIn(dir);
      const annotations = byKey(library, 'ITEMONE1')!.attachments[0]!.annotations;
      // In Zotero's reading order (sortIndex: page, then position): page 1's underline before page 2's highlight.
      assert.deepEqual(
        annotations.map((a) => a.key),
        ['ANNUNDR1', 'ANNHIGH1'],
      );
      const [underline, highlight] = annotations;
      assert.deepEqual(
        [highlight!.type, highlight!.text, highlight!.comment, highlight!.pageIndex, highlight!.pageLabel],
        ['highlight', 'the Gaussian kernel', 'Why not a Laplace kernel here?', 1, '12'],
      );
      assert.deepEqual(JSON.parse(highlight!.position).pageIndex, 1);
      assert.deepEqual([underline!.type, underline!.text, underline!.comment, underline!.pageIndex], ['underline', 'median heuristic', null, 0]);
      assert.equal(byKey(library, 'ITEMONE1')!.notes[0]!.text, 'Reading notes\nThe bandwidth & the kernel matter.\nfirst');
    });
  });

  it('scopes by collection (by name or path, subcollections included) and by tag, and names the choices for an unknown one', async () => {
    await withTempDir(async (dir) => {
      const { library } = await libraryIn(dir);
      const keys = (scope: Parameters<typeof itemsInScope>[2]) => itemsInScope(library.items, library.collections, scope).map((i) => i.key);
      assert.deepEqual(keys({ collection: 'Thesis' }), ['ITEMONE1']);
      assert.deepEqual(keys({ collection: 'thesis/chapter 2' }), ['ITEMONE1']);
      assert.deepEqual(keys({ collection: 'Reading group' }), ['ITEMLINK']);
      assert.deepEqual(keys({ tag: 'To Read' }), ['ITEMLINK']);
      assert.equal(library.collections.find((c) => c.key === 'COLCH2AA')!.path, 'Thesis / Chapter 2');
      assert.throws(
        () => keys({ collection: 'Chapter 9' }),
        (error: unknown) => error instanceof ScopeError && /no collection "Chapter 9".*Thesis \/ Chapter 2/.test(error.message),
      );
    });
  });

  describe('bad input: one line naming the cause', () => {
    it('a folder without zotero.sqlite (a drive not mounted) is zotero-missing', async () => {
      await withTempDir(async (dir) => {
        await assert.rejects(
          readZoteroLibrary(join(dir, 'unmounted')),
          (e: unknown) => e instanceof ZoteroReadError && e.code === 'zotero-missing' && /not mounted/.test(e.message),
        );
      });
    });

    it('a truncated or garbage database is zotero-corrupt, after retrying the copy', async () => {
      await withTempDir(async (dir) => {
        const dataDir = join(dir, 'Zotero');
        await writeZoteroLibrary(dataDir, { zotero: 7, items: [{ key: 'ITEMONE1', title: 'x' }] });
        const { readFile, truncate } = await import('node:fs/promises');
        const size = (await readFile(join(dataDir, 'zotero.sqlite'))).length;
        await truncate(join(dataDir, 'zotero.sqlite'), Math.floor(size / 3));
        await assert.rejects(
          readZoteroLibrary(dataDir, { snapshot: { retryDelayMs: () => 1 } }),
          (e: unknown) => e instanceof ZoteroReadError && e.code === 'zotero-corrupt',
        );
        await writeFile(join(dataDir, 'zotero.sqlite'), 'not a database at all'.repeat(100));
        await assert.rejects(
          readZoteroLibrary(dataDir, { snapshot: { retryDelayMs: () => 1 } }),
          (e: unknown) => e instanceof ZoteroReadError && e.code === 'zotero-corrupt' && /not a SQLite database/.test(e.message),
        );
      });
    });

    it('an unknown schema version is read when the tables it needs are there (one notice), refused when they are not', async () => {
      await withTempDir(async (dir) => {
        const newer = join(dir, 'newer');
        await writeZoteroLibrary(newer, { userdataVersion: 140, items: [{ key: 'ITEMONE1', title: 'From the future' }] });
        const read = await readZoteroLibrary(newer);
        assert.equal(read.items[0]!.title, 'From the future');
        assert.ok(read.notices.some((n) => /schema is version 140/.test(n)));
        const changed = join(dir, 'changed');
        await writeZoteroLibrary(changed, { userdataVersion: 150, items: [{ key: 'ITEMONE1', title: 'x' }] });
        await runSqlite(join(changed, 'zotero.sqlite'), 'ALTER TABLE itemAnnotations DROP COLUMN pageLabel;');
        await assert.rejects(
          readZoteroLibrary(changed),
          (e: unknown) => e instanceof ZoteroReadError && e.code === 'zotero-schema' && /version 150.*itemAnnotations\.pageLabel/.test(e.message),
        );
      });
    });

    it('an empty library says so', async () => {
      await withTempDir(async (dir) => {
        const library = await readZoteroLibrary(await (async () => (await writeZoteroLibrary(join(dir, 'Z'), { items: [] }), join(dir, 'Z')))());
        assert.deepEqual(library.items, []);
        assert.ok(library.notices.some((n) => /has no items/.test(n)));
      });
    });
  });
});
