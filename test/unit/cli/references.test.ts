/**
 * `references <folder>` and `papers --cites/--cited-by`: each PDF's reference list in the JSON
 * shape issue 36 fixed, the citations between the folder's papers with their pages, and the works
 * several papers cite that the folder lacks.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildOnce, runCli } from '../../support/cli';
import { writeCitingLibrary } from '../../support/citingPapers';
import { withTempDir } from '../../support/tempDir';

describe('CLI references', function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('prints each paper’s entries with their fields, mentions and library link; papers lists who cites whom and what is cited often but missing', () =>
    withTempDir(async (dir) => {
      const docs = join(dir, 'docs');
      const { sandwich, oop } = await writeCitingLibrary(docs);
      assert.equal((await runCli(['index', docs, '--embed', 'none', '--ocr', 'off'])).code, 0);

      const json = await runCli(['references', docs, '--json']);
      assert.equal(json.code, 0, json.stderr);
      const papers = JSON.parse(json.stdout).papers as Array<{ path: string; references: Array<Record<string, unknown>> }>;
      assert.deepEqual(
        papers.map((p) => `${p.path} ${p.references.length}`),
        [`${oop} 2`, `${sandwich} 8`],
      );
      const cited = papers.find((p) => p.path === oop)!.references[1]!;
      assert.deepEqual(Object.keys(cited).sort(), ['authors', 'doi', 'index', 'library', 'mentions', 'page', 'raw', 'title', 'venue', 'year']);
      assert.deepEqual(cited.authors, [{ family: 'Zeileis', given: 'A' }]);
      assert.equal(cited.year, '2004');
      assert.equal(cited.title, 'Econometric Computing with HC and HAC Covariance Matrix Estimators');
      assert.deepEqual(cited.library, { path: sandwich });
      assert.deepEqual(cited.mentions, [
        { page: 1, text: 'Zeileis (2004)' },
        { page: 2, text: 'Zeileis (2004, p. 5)' },
      ]);

      const human = await runCli(['references', docs]);
      assert.equal(human.code, 0, human.stderr);
      assert.match(human.stdout, new RegExp(`^${oop}\\n {2}2 references, 1 in the library, \\d+ citations in the text$`, 'm'));
      assert.match(human.stdout, /^2 of 2 PDFs have a reference list\.$/m);

      const citedBy = await runCli(['papers', docs, '--cited-by', sandwich]);
      assert.equal(citedBy.code, 0, citedBy.stderr);
      assert.match(citedBy.stdout, /is cited by 1 paper of the library:/);
      assert.match(citedBy.stdout, new RegExp(`^ {2}<- ${oop} .*, pages 1, 2\\n {5}p\\. 1: "Sandwich covariances .* as in Zeileis \\(2004\\), `, 'm'));

      const cites = JSON.parse((await runCli(['papers', docs, '--cites', oop, '--json'])).stdout);
      assert.deepEqual(
        cites.cites.map((c: { path: string }) => c.path),
        [sandwich],
      );

      const list = await runCli(['papers', docs]);
      assert.match(list.stdout, /^Cited often, not in your library \(1\):\n {2}Andrews.*1991/m);
      const missing = JSON.parse((await runCli(['papers', docs, '--json'])).stdout).cited_often_missing;
      assert.deepEqual(
        missing.map((m: { year: string; cited_by: Array<{ path: string }> }) => `${m.year} ${m.cited_by.map((c) => c.path).join(', ')}`),
        [`1991 ${oop}, ${sandwich}`],
      );
    }));
});
