/**
 * The CLI over a Zotero library, as a new user tries it: `index ~/Zotero` (the index goes to the
 * cache folder, XDG_CACHE_HOME honoured), then `papers`, `search`, `ask` and `check` on a
 * manuscript folder without an index of its own, with `--library`, `--collection` and `--tag` (the
 * progress line on stderr names the collection or tag searched).
 * The data directory is byte-for-byte unchanged and nothing is created in it.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../../support/cli';
import { withTempDir } from '../../support/tempDir';
import { deadHost } from '../../support/deadHost';
import { writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';
import { writePdf } from '../../support/pdfs';
import { fingerprint } from '../../support/fingerprint';

const fixture: ZoteroFixture = {
  collections: [
    { key: 'COLTHES1', name: 'Thesis' },
    { key: 'COLCH2AA', name: 'Chapter 2', parent: 'COLTHES1' },
  ],
  betterBibtex: { ITEMKRN1: 'lovelace2012kernels' },
  items: [
    {
      key: 'ITEMKRN1',
      title: 'Choosing kernels for two-sample tests',
      creators: [['Ada', 'Lovelace']],
      date: '2012',
      collections: ['COLCH2AA'],
      tags: ['methods'],
      attachments: [
        {
          key: 'PDFKRN01',
          file: 'kernels.pdf',
          pdf: ['Choosing kernels for two-sample tests\nAda Lovelace', 'The median heuristic sets the bandwidth of the Gaussian kernel.'],
          annotations: [{ key: 'ANNKRN01', text: 'median heuristic', comment: 'Fragile when the tails are heavy', pageIndex: 1 }],
        },
      ],
    },
    {
      key: 'ITEMBOOT',
      title: 'Bootstrap confidence intervals revisited',
      creators: [['Grace', 'Hopper']],
      date: '2015',
      citationKey: 'hopper2015bootstrap',
      retracted: true,
      attachments: [
        {
          key: 'PDFBOOT1',
          file: 'bootstrap.pdf',
          pdf: ['Bootstrap confidence intervals revisited\nGrace Hopper', 'Percentile intervals undercover the mean.'],
        },
      ],
    },
    { key: 'ITEMNOPD', title: 'A book without a PDF', itemType: 'book', creators: [['Bo', 'Book']], date: '1999', citationKey: 'book1999' },
  ],
};

describe('CLI: a Zotero library beside a manuscript folder', function () {
  this.timeout(300_000);
  before(() => buildOnce());

  it('indexes ~/Zotero into the cache folder and answers, searches, lists and checks from it, leaving the data directory as it was', async () => {
    await withTempDir(async (dir) => {
      const zotero = join(dir, 'Zotero');
      const cache = join(dir, 'cache');
      const thesis = join(dir, 'thesis');
      await writeZoteroLibrary(zotero, fixture);
      await mkdir(thesis);
      await writeFile(
        join(thesis, 'draft.tex'),
        '\\documentclass{article}\n\\begin{document}\nPercentile intervals undercover the mean \\cite{hopper2015bootstrap}.\n\\bibliography{references}\n\\end{document}\n',
      );
      await writeFile(
        join(thesis, 'references.bib'),
        '@article{hopper2015bootstrap,\n  title = {Bootstrap confidence intervals revisited},\n  author = {Hopper, Grace},\n  year = {2015}\n}\n',
      );
      const env = { XDG_CACHE_HOME: cache, OLLAMA_HOST: await deadHost() };
      const before = await fingerprint(zotero);

      const indexed = await runCli(['index', zotero, '--embed', 'none', '--ocr', 'off'], { env });
      assert.equal(indexed.code, 0, indexed.stderr);
      assert.match(indexed.stdout, /Zotero items: 3 \(2 with a PDF\)/);
      const libraries = join(cache, 'local-research-assistant', 'libraries');
      assert.equal((await readdir(libraries)).length, 1, 'one index, in the cache folder');
      assert.match(indexed.stdout, new RegExp(`-> ${libraries}`));
      assert.equal(existsSync(join(zotero, '.research-index')), false);

      const again = await runCli(['index', zotero, '--embed', 'none'], { env });
      assert.match(again.stdout, /up to date/);

      const papers = await runCli(['papers', zotero], { env });
      assert.equal(papers.code, 0, papers.stderr);
      assert.match(papers.stdout, /ITEMKRN1 {2}Lovelace \(2012\) Choosing kernels/);
      assert.match(papers.stdout, /citekey: lovelace2012kernels \[zotero\]/);
      assert.match(papers.stdout, /key from: Better BibTeX/);
      assert.match(papers.stdout, /ITEMNOPD {2}Book \(1999\)[^]*?no PDF: a record without text\n\n/);
      assert.match(papers.stdout, /Hopper \(2015\).*\[retracted\]/);

      const search = await runCli(['search', zotero, 'fragile heavy tails', '--k', '3'], { env });
      assert.equal(search.code, 0, search.stderr);
      assert.match(search.stdout.split('\n')[0]!, /Lovelace \(2012\), p\. 2 \(your note\)/);

      const ask = await runCli(['ask', thesis, 'What does Lovelace (2012) say about the bandwidth?', '--library', zotero], { env });
      assert.equal(ask.code, 0, ask.stderr);
      assert.match(ask.stderr, /has no index of its own: searching the libraries only/);
      assert.match(ask.stdout, /\[1\] Lovelace \(2012\), pp?\. [0-9-]+ \[lovelace2012kernels\]/);

      const scoped = await runCli(['search', thesis, 'intervals kernel', '--library', zotero, '--collection', 'Thesis'], { env });
      assert.equal(scoped.code, 0, scoped.stderr);
      assert.doesNotMatch(scoped.stdout, /Hopper/);
      assert.match(scoped.stdout, /Lovelace/);
      // The progress line names the scope, as the editor's chat does.
      assert.match(scoped.stderr, /^Searching your Thesis collection…$/m);
      const tagged = await runCli(['search', thesis, 'intervals', '--library', zotero, '--tag', 'methods'], { env });
      assert.doesNotMatch(tagged.stdout, /Hopper/);
      assert.match(tagged.stderr, /^Searching your papers tagged methods…$/m);
      const scopedAsk = await runCli(['ask', thesis, 'What sets the bandwidth of the Gaussian kernel?', '--library', zotero, '--collection', 'Thesis'], {
        env,
      });
      assert.equal(scopedAsk.code, 0, scopedAsk.stderr);
      assert.match(scopedAsk.stderr, /^Searching your Thesis collection…$/m);
      assert.doesNotMatch(scopedAsk.stdout, /Hopper/);
      const unknown = await runCli(['search', thesis, 'x', '--library', zotero, '--collection', 'Chapter 9'], { env });
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /no collection "Chapter 9".*Thesis \/ Chapter 2/);

      const check = await runCli(['check', thesis, join(thesis, 'draft.tex'), '--library', zotero, '--mode', 'fts'], { env });
      assert.match(check.stdout, /hopper2015bootstrap supported: Hopper \(2015\) \[retracted\], p\. 2/);

      assert.deepEqual(await fingerprint(zotero), before, 'the data directory is byte-for-byte as it was, nothing created');
    });
  });

  it("finds the libraries a manuscript's Better BibTeX bib points into, indexes them with --library (a Zotero library, a papers folder), and checks the draft's keys through the bib's file fields", async () => {
    await withTempDir(async (dir) => {
      const zotero = join(dir, 'Zotero');
      const papers = join(dir, 'papers');
      const cache = join(dir, 'cache');
      const thesis = join(dir, 'thesis');
      await writeZoteroLibrary(zotero, fixture);
      await mkdir(thesis);
      await mkdir(join(papers, 'shared'), { recursive: true });
      await writePdf(join(papers, 'shared', 'welch.pdf'), [
        'Welch tests for unequal variances\nBernard Welch',
        'The Welch correction keeps the size of the test under heteroscedasticity.',
      ]);
      await writeFile(join(thesis, 'notes.md'), '# Notes\n\nChapter plan: intervals first, kernels second.\n');
      // As Better BibTeX and JabRef write them: keys of the user's own, titles that differ from the records; only the file fields lead to the papers.
      await writeFile(
        join(thesis, 'references.bib'),
        `@article{boot,\n  title = {Intervals},\n  author = {Hopper, Grace},\n  file = {${join(zotero, 'storage', 'PDFBOOT1', 'bootstrap.pdf')}}\n}\n` +
          `@article{welchTest,\n  title = {On variances},\n  author = {Welch, Bernard},\n  file = {:${join(papers, 'shared', 'welch.pdf')}:PDF}\n}\n`,
      );
      await writeFile(
        join(thesis, 'draft.tex'),
        '\\documentclass{article}\n\\begin{document}\nPercentile intervals undercover the mean \\cite{boot}.\nThe Welch correction keeps the size of the test \\cite{welchTest}.\n\\bibliography{references}\n\\end{document}\n',
      );
      const env = { XDG_CACHE_HOME: cache, OLLAMA_HOST: await deadHost() };
      const before = await fingerprint(zotero);

      const alone = await runCli(['index', thesis, '--embed', 'none', '--ocr', 'off'], { env });
      assert.equal(alone.code, 0, alone.stderr);
      assert.match(
        alone.stderr,
        new RegExp(`note: references\\.bib points at 1 PDF outside .*, in the Zotero library ${zotero}; .*\`index --library ${zotero}\``),
      );
      assert.match(
        alone.stderr,
        new RegExp(`note: references\\.bib points at 1 PDF outside .*, in ${join(papers, 'shared')}; .*\`index --library ${join(papers, 'shared')}\``),
      );
      const unresolved = await runCli(['check', thesis, join(thesis, 'draft.tex'), '--mode', 'fts'], { env });
      assert.match(unresolved.stdout, /boot not in your library/);

      const both = await runCli(['index', thesis, '--library', zotero, '--library', papers, '--embed', 'none', '--ocr', 'off'], { env });
      assert.equal(both.code, 0, both.stderr);
      assert.match(both.stdout, /Zotero items: 3/);
      assert.match(both.stdout, new RegExp(`indexed ${papers} -> ${join(cache, 'local-research-assistant', 'libraries')}`));
      assert.equal(existsSync(join(papers, '.research-index')), false, "a papers folder's index is in the cache folder, not in the folder");

      const check = await runCli(['check', thesis, join(thesis, 'draft.tex'), '--library', zotero, '--library', papers, '--mode', 'fts'], { env });
      assert.match(check.stdout, /boot supported: Hopper \(2015\) \[retracted\], p\. 2/);
      assert.match(check.stdout, /welchTest supported: papers\/shared\/welch\.pdf, p\. 2/);
      const search = await runCli(['search', thesis, 'heteroscedasticity unequal variances', '--library', papers, '--k', '1'], { env });
      assert.equal(search.code, 0, search.stderr);
      assert.match(search.stdout, /papers\/shared\/welch\.pdf/);
      assert.deepEqual(await fingerprint(zotero), before, 'the data directory is byte-for-byte as it was, nothing created');
    });
  });
});
