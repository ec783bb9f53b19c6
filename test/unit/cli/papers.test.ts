/**
 * `papers <folder>`: every document with its record and where each field came from; `--json` in
 * the shape the issue fixed (each field `{value, source, confidence}`, unknown values null).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildOnce, runCli } from '../../support/cli';
import { writePaperLibrary } from '../../support/paperLibrary';
import { withTempDir } from '../../support/tempDir';

describe('CLI papers', function () {
  this.timeout(120_000);
  before(() => buildOnce());

  it('lists each document with its record and sources; --json has one object per document, unknown fields null', () =>
    withTempDir(async (dir) => {
      const docs = join(dir, 'docs');
      await writePaperLibrary(docs);
      assert.equal((await runCli(['index', docs, '--embed', 'none', '--ocr', 'off'])).code, 0);
      const human = await runCli(['papers', docs]);
      assert.equal(human.code, 0, human.stderr);
      assert.match(
        human.stdout,
        /^econometrics\/chausse-2010-gmm\.pdf\n {2}Chaussé \(2010\) Computing Generalized Method of Moments with R\n {2}title: Computing Generalized Method of Moments with R \[bib refs\.bib:1\]$/m,
      );
      assert.match(human.stdout, /^ {2}year: 2008 \[citation note, page 1, 0\.\d+\]$/m);
      assert.match(human.stdout, /^notes\/kernels\.md\n {2}\(no record: cited by its path\)$/m);
      assert.match(human.stdout, /^3 of 4 documents have a record; 1 bib entries read\.$/m);

      const json = JSON.parse((await runCli(['papers', docs, '--json'])).stdout);
      const gmm = json.papers.find((p: { path: string }) => p.path === 'econometrics/chausse-2010-gmm.pdf');
      assert.deepEqual(gmm, {
        path: 'econometrics/chausse-2010-gmm.pdf',
        title: { value: 'Computing Generalized Method of Moments with R', source: 'bib', confidence: 1, from: 'refs.bib:1' },
        authors: { value: [{ family: 'Chaussé', given: 'Pierre' }], source: 'bib', confidence: 1, from: 'refs.bib:1' },
        year: { value: 2010, source: 'bib', confidence: 1, from: 'refs.bib:1' },
        venue: { value: 'Journal of Statistical Software', source: 'bib', confidence: 1, from: 'refs.bib:1' },
        doi: { value: null, source: null, confidence: null },
        arxiv: { value: null, source: null, confidence: null },
        citekey: { value: 'chausse2010computing', source: 'bib', confidence: 1, from: 'refs.bib:1' },
      });
      const forecast = json.papers.find((p: { path: string }) => p.path === 'timeseries/JSS2008.pdf');
      assert.equal(forecast.title.source, 'page-text');
      assert.deepEqual(
        forecast.authors.value.map((a: { family: string }) => a.family),
        ['Hyndman', 'Khandakar'],
      );
      assert.deepEqual(json.bib_problems, []);
    }));
});
