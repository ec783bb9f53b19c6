/**
 * Papers in search, on a real index of drawn papers (test/support/paperLibrary.ts): a question that
 * names a paper the way researchers do finds its passage, is not refused as "not in your
 * documents", and its hits carry the paper's reference; a cited work that is not in the library
 * names nothing; a bib edit takes effect without an index run.
 */
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { citationLabel } from '../../../src/core/citations/citationLabel';
import { placeOfHit } from '../../../src/core/graph/passages';
import { LIBRARY_BIB } from '../../support/paperLibrary';
import { withIndexedPaperLibrary } from '../../support/indexedPaperLibrary';

const GMM = 'econometrics/chausse-2010-gmm.pdf';

describe('papers in search (a real index of drawn papers)', function () {
  this.timeout(120_000);

  it('"Chaussé (2010): …" finds the passage that answers, cited as the paper, and is not refused', () =>
    withIndexedPaperLibrary(async ({ retriever }) => {
      const question = 'Chaussé (2010): which kernel does gmm use by default for the HAC weighting matrix, and why?';
      const hits = await retriever.search(question, { k: 5 });
      assert.equal(hits[0]!.path, GMM);
      assert.equal(hits[0]!.pageStart, 2, 'the body page that states it, not the abstract or the reference list');
      assert.equal(citationLabel(placeOfHit(hits[0]!)), 'Chaussé (2010), p. 2');
      const absence = await retriever.assessAbsence!(question, hits);
      assert.equal(absence.absent, false, absence.reason);
      assert.deepEqual(
        (await retriever.namedPapers!(question)).map((p) => [p.path, p.kind]),
        [[GMM, 'author-year']],
      );
    }));

  it('accents and case are optional: "chausse 2010" and the citekey name the same paper', () =>
    withIndexedPaperLibrary(async ({ retriever }) => {
      for (const question of ['chausse 2010 default kernel', 'In @chausse2010computing, which kernel is the default?']) {
        assert.deepEqual(
          (await retriever.namedPapers!(question)).map((p) => p.path),
          [GMM],
          question,
        );
      }
    }));

  it('a paper without a bib entry is known from its first page: "Hyndman & Khandakar 2008"', () =>
    withIndexedPaperLibrary(async ({ retriever }) => {
      const question = 'How do Hyndman & Khandakar 2008 choose the number of differences d?';
      const hits = await retriever.search(question, { k: 3 });
      assert.equal(hits[0]!.path, 'timeseries/JSS2008.pdf');
      assert.equal(citationLabel(placeOfHit(hits[0]!)), 'Hyndman & Khandakar (2008), p. 2');
    }));

  it('"Newey and West (1987)" is a cited work, not the library\'s Westfall paper; the passage that discusses it ranks above the reference list', () =>
    withIndexedPaperLibrary(async ({ retriever }) => {
      // The reference list holds every word of the question, the passage that discusses the work only the names.
      const question = 'What did Newey and West (1987) propose for heteroskedasticity and autocorrelation consistent covariance matrix estimation?';
      assert.deepEqual(await retriever.namedPapers!(question), []);
      const hits = await retriever.search(question, { k: 5 });
      assert.match(hits[0]!.text, /Newey and West \(1987\) proposed Bartlett weights/, JSON.stringify(hits.map((h) => [h.path, h.pageStart])));
    }));

  it('a note has no record: it is cited by its path', () =>
    withIndexedPaperLibrary(async ({ retriever }) => {
      const [hit] = await retriever.search('Parzen kernel smooth', { k: 1 });
      assert.equal(citationLabel(placeOfHit(hit!)), 'notes/kernels.md, lines 1-3');
    }));

  it('a question about two papers reaches both', () =>
    withIndexedPaperLibrary(async ({ retriever }) => {
      const hits = await retriever.search('How do Chaussé (2010) and Hyndman & Khandakar (2008) select their models?', { k: 5 });
      const papers = new Set(hits.map((h) => h.path));
      assert.ok(papers.has(GMM) && papers.has('timeseries/JSS2008.pdf'), JSON.stringify([...papers]));
    }));

  it('a .bib edit takes effect at the next question, without an index run', () =>
    withIndexedPaperLibrary(async ({ retriever, papers }, { root }) => {
      assert.equal((await retriever.namedPapers!('Chaussé (2011) kernel')).length, 0);
      await writeFile(join(root, 'refs.bib'), LIBRARY_BIB.replace('{2010}', '{2011}'));
      papers.refresh();
      assert.deepEqual(
        (await retriever.namedPapers!('Chaussé (2011) kernel')).map((p) => p.paper.year),
        [2011],
      );
    }));
});
