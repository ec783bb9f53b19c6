/**
 * A researcher's bibliography as it really is: a .bib with broken entries, duplicate keys, LaTeX
 * accents, @string and crossref, 5 MB of entries, `file` fields pointing nowhere; PDFs whose
 * metadata lies or that have no title at all. Each gets one clear line (from `papers`) and
 * nothing else breaks: every entry that parses is used, and questions are still answered.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { drawPaper, FORECAST, GMM, writePaperLibrary } from '../support/paperLibrary';
import { makePdf } from '../support/pdfs';
import { withTempDir } from '../support/tempDir';

const GOOD = `@article{chausse2010computing,
  author  = {Chauss{\\'e}, Pierre},
  title   = {Computing Generalized Method of Moments with {R}},
  journal = jss,
  year    = {2010},
  file    = {:econometrics/chausse-2010-gmm.pdf:PDF}
}
`;
const STRING = '@string{jss = "Journal of Statistical Software"}\n';

/**
 * One indexed library for the tests that change only the bib: a bib is read when records are, so
 * each test writes its refs.bib and asks, without indexing again.
 */
let shared: { docs: string; done: () => Promise<void> } | undefined;
async function library(bib: string): Promise<string> {
  await writeFile(join(shared!.docs, 'refs.bib'), bib);
  return shared!.docs;
}

async function papersJson(docs: string) {
  const run = await runCli(['papers', docs, '--json']);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as {
    papers: Array<{
      path: string;
      title: { value: string | null; source: string | null };
      year: { value: number | null };
      venue: { value: string | null };
      citekey: { value: string | null };
    }>;
    bib_problems: Array<{ file: string; line: number; message: string }>;
  };
}

const paperAt = (report: Awaited<ReturnType<typeof papersJson>>, path: string) => report.papers.find((p) => p.path === path)!;

describe('faults: the bibliography and the PDFs as they are', function () {
  this.timeout(180_000);
  before(async () => {
    await buildOnce();
    const root = await mkdtemp(join(tmpdir(), 'lra-bib-'));
    const docs = join(root, 'docs');
    await writePaperLibrary(docs);
    const indexed = await runCli(['index', docs, '--embed', 'none', '--ocr', 'off']);
    assert.equal(indexed.code, 0, indexed.stderr);
    shared = { docs, done: () => rm(root, { recursive: true, force: true }) };
  });
  after(() => shared?.done());

  it('unbalanced braces: the entries after the broken one are still read, the broken one is named once with its line', async () => {
    const broken = '@article{broken,\n  title = {Unbalanced {braces},\n  year = 2001\n}\n';
    const docs = await library(`${STRING}${broken}${GOOD}`);
    const report = await papersJson(docs);
    assert.equal(paperAt(report, 'econometrics/chausse-2010-gmm.pdf').citekey.value, 'chausse2010computing');
    assert.deepEqual(
      report.bib_problems.map((p) => [p.file, p.line]),
      [['refs.bib', 2]],
    );
    const human = await runCli(['papers', docs]);
    assert.match(human.stdout, /^refs\.bib:2: @article\{broken cannot be read \(/m);
  });

  it('duplicate keys: the first entry is used, the second named with both lines', async () => {
    const second = GOOD.replace('{2010}', '{1999}');
    const docs = await library(`${STRING}${GOOD}\n${second}`);
    const report = await papersJson(docs);
    assert.equal(paperAt(report, 'econometrics/chausse-2010-gmm.pdf').year.value, 2010);
    assert.deepEqual(
      report.bib_problems.map((p) => p.message),
      ['duplicate key chausse2010computing (first at line 2): this entry is left out'],
    );
  });

  it("LaTeX accents, @string and crossref: Chauss{\\'e} reads Chaussé, the journal is spelt out, a year comes from the crossref'd volume, and 'Chausse 2010' finds the paper", async () => {
    const crossref = `@inproceedings{forecast, author = {Hyndman, Rob J and Khandakar, Yeasmin}, title = {Automatic Time Series Forecasting: the forecast Package for {R}}, crossref = {jssvol}}
@proceedings{jssvol, title = {Journal of Statistical Software, Volume 27}, year = {2008}}
`;
    const docs = await library(`${STRING}${GOOD}${crossref}`);
    const report = await papersJson(docs);
    const gmm = paperAt(report, 'econometrics/chausse-2010-gmm.pdf');
    assert.equal(gmm.venue.value, 'Journal of Statistical Software');
    const forecast = paperAt(report, 'timeseries/JSS2008.pdf');
    assert.equal(forecast.citekey.value, 'forecast', 'attached by its title');
    assert.equal(forecast.year.value, 2008);
    const ask = await runCli(['ask', docs, 'Chausse 2010: which kernel does gmm use by default?'], { env: { OLLAMA_HOST: 'http://127.0.0.1:9' } });
    assert.equal(ask.code, 0, ask.stderr);
    assert.match(ask.stdout, /Chaussé \(2010\), p\. 2/);
    assert.doesNotMatch(ask.stdout, /not in your documents/);
  });

  it('a 5 MB bib file is read whole, entry by entry, over as many time-limited runs as the machine needs', async () => {
    const one = (i: number) =>
      `@article{filler${i},\n  author = {Zeileis, Achim},\n  title = {Econometric Computing Number ${i}},\n  journal = jss,\n  year = {2004}\n}\n`;
    const count = Math.ceil((5 * 1024 * 1024) / one(0).length);
    const big = `${STRING}${Array.from({ length: count }, (_, i) => one(i)).join('')}${GOOD}`;
    const docs = await library(big);
    // A read stops at its time limit (BIB_LIMITS.timeMs) and the next run goes on from what the
    // cache kept: on a slow machine the whole file takes more than one run, never a stalled one.
    let report: ReturnType<typeof JSON.parse> = null;
    for (let runs = 0; runs < 6; runs++) {
      const run = await runCli(['papers', docs, '--json'], { timeoutMs: 60_000 });
      assert.equal(run.code, 0, run.stderr);
      report = JSON.parse(run.stdout);
      if (report.unattached_entries.length === count) break;
    }
    assert.equal(paperAt(report, 'econometrics/chausse-2010-gmm.pdf').citekey.value, 'chausse2010computing', 'the entry after 5 MB of others');
    assert.equal(report.unattached_entries.length, count);
  });

  it('a `file` field pointing nowhere: one line, and the entry still finds its PDF by title', async () => {
    const docs = await library(`${STRING}${GOOD.replace('econometrics/chausse-2010-gmm.pdf', 'moved/away.pdf')}`);
    const report = await papersJson(docs);
    assert.equal(paperAt(report, 'econometrics/chausse-2010-gmm.pdf').citekey.value, 'chausse2010computing');
    assert.deepEqual(
      report.bib_problems.map((p) => p.message),
      ['chausse2010computing: its file moved/away.pdf is not among the indexed documents'],
    );
  });

  it("a draft's bib whose 30 entries name PDFs kept elsewhere: one warning line for the file, not 30, before the answer", async () => {
    const elsewhere = Array.from(
      { length: 30 },
      (_, i) =>
        `@article{away${i},\n  author = {Zeileis, Achim},\n  title = {Paper Number ${i}},\n  year = {2004},\n  file = {:../library/away${i}.pdf:PDF}\n}\n`,
    ).join('');
    const docs = await library(`${STRING}${GOOD}${elsewhere}`);
    const run = await runCli(['search', docs, 'kernel of the HAC weighting matrix']);
    assert.equal(run.code, 0, run.stderr);
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('warning: papers'));
    assert.deepEqual(warnings, [
      'warning: papers: refs.bib:9: away0: its file ../library/away0.pdf is not among the indexed documents (and 29 more problems: the papers command lists them)',
    ]);
  });

  it('two PDFs claiming one entry (a copy in another folder): both are that paper, said once', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      await writePaperLibrary(docs, `${STRING}${GOOD.replace(/  file .*\n/, '')}`);
      await mkdir(join(docs, 'copies'));
      await writeFile(join(docs, 'copies/gmm-copy.pdf'), await drawPaper({ ...GMM, body: [['A copy kept elsewhere, with its own notes.']] }));
      assert.equal((await runCli(['index', docs, '--embed', 'none', '--ocr', 'off'])).code, 0);
      const report = await papersJson(docs);
      assert.equal(paperAt(report, 'copies/gmm-copy.pdf').citekey.value, 'chausse2010computing');
      assert.equal(paperAt(report, 'econometrics/chausse-2010-gmm.pdf').citekey.value, 'chausse2010computing');
      assert.equal(report.bib_problems.length, 1);
      assert.match(report.bib_problems[0]!.message, /^chausse2010computing: 2 PDFs carry its title/);
    }));

  it('a junk metadata title ("Microsoft Word - draft3.doc") is not the title; a PDF with no recognisable title has none and is cited by its path', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      await writePaperLibrary(docs, '');
      await writeFile(join(docs, 'timeseries/JSS2008.pdf'), await drawPaper({ ...FORECAST, pdf: { title: 'Microsoft Word - draft3.doc' } }));
      await writeFile(join(docs, 'untitled.pdf'), await makePdf(['just some running text about nothing in particular, set in the body size, no title at all']));
      assert.equal((await runCli(['index', docs, '--embed', 'none', '--ocr', 'off'])).code, 0);
      const report = await papersJson(docs);
      assert.equal(paperAt(report, 'timeseries/JSS2008.pdf').title.value, 'Automatic Time Series Forecasting: the forecast Package for R');
      assert.deepEqual(paperAt(report, 'untitled.pdf').title, { value: null, source: null, confidence: null });
      const search = await runCli(['search', docs, 'running text about nothing in particular', '--k', '1']);
      assert.match(search.stdout, /^1\. untitled\.pdf, p\. 1 /m);
    }));
});
