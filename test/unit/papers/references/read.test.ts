/**
 * The reference reader on real PDFs drawn by the tests: the list found after its heading over two
 * pages (running heads and the appendix left out), each entry's fields, and every in-text
 * citation linked to its entry, in author-year and numbered styles, with its page and boxes.
 */
import assert from 'node:assert/strict';
import { readReferences } from '../../../../src/core/papers/references/read';
import type { PaperReferences } from '../../../../src/core/papers/references/types';
import { drawCitingPaper, pageLinesOf, SANDWICH, type CitingPaper } from '../../../support/citingPapers';

async function read(paper: CitingPaper): Promise<PaperReferences> {
  return readReferences(await pageLinesOf(await drawCitingPaper(paper)));
}

/** "page: text -> first author year" for each mention, in page order. */
function cited(refs: PaperReferences): string[] {
  return refs.mentions.map((m) => {
    const e = refs.entries.find((x) => x.index === m.entry)!;
    return `${m.page}: ${m.text} -> ${e.authors[0]!.family} ${e.year}${m.citedPage ? ` (${m.citedPage})` : ''}`;
  });
}

describe('reference lists read from a PDF', function () {
  this.timeout(30_000);

  it('finds the list over two pages and reads each entry: authors, year with its letter, title, venue, DOI, page', async () => {
    const refs = await read(SANDWICH);
    assert.equal(refs.section?.heading, 'References');
    assert.deepEqual(
      refs.entries.map(
        (e) => `${e.authors.map((a) => `${a.family} ${a.given}`).join(', ')} | ${e.year} | ${e.title} | ${e.venue} | ${e.doi ?? ''} | p${e.page}`,
      ),
      [
        'Andrews DWK | 1991 | Heteroskedasticity and Autocorrelation Consistent Covariance Matrix Estimation | Econometrica | 10.2307/2938229 | p3',
        'Cribari-Neto F | 2004 | Asymptotic Inference Under Heteroskedasticity of Unknown Form | Computational Statistics & Data Analysis |  | p3',
        'Hothorn T, Hornik K, Zeileis A | 2006 | Unbiased Recursive Partitioning: A Conditional Inference Framework | Journal of Computational and Graphical Statistics | 10.1198/106186006x133933 | p3',
        'Newey WK, West KD | 1987 | A Simple, Positive Semi-Definite, Heteroskedasticity and Autocorrelation Consistent Covariance Matrix | Econometrica |  | p3',
        'White H | 1980 | A Heteroskedasticity-Consistent Covariance Matrix and a Direct Test for Heteroskedasticity | Econometrica |  | p3',
        'Zeileis A | 2004 | Econometric Computing with HC and HAC Covariance Matrix Estimators | Journal of Statistical Software | 10.18637/jss.v011.i10 | p4',
        'Zeileis A | 2006a | Implementing a Class of Structural Change Tests: An Econometric Computing Approach | Computational Statistics & Data Analysis |  | p4',
        'Zeileis A | 2006b | Object-Oriented Computation of Sandwich Estimators | Journal of Statistical Software | 10.18637/jss.v016.i09 | p4',
      ],
    );
    assert.ok(!refs.entries.some((e) => /Appendix|lm\(y/.test(e.raw)), 'the appendix after the list is not an entry');
    assert.ok(
      !refs.entries.some((e) => /Econometric Computing with HC and HAC Covariance Matrix Estimators\s+\d/.test(e.raw)),
      'the running head is not read into an entry',
    );
  });

  it('links every printed form of an author-year citation to its entry, with the page and a page it names', async () => {
    const refs = await read(SANDWICH);
    assert.deepEqual(cited(refs), [
      '1: White (1980) -> White 1980',
      '1: Newey and West (1987) -> Newey 1987',
      '1: Andrews (1991) -> Andrews 1991',
      '1: Zeileis 2004 -> Zeileis 2004',
      '1: Hothorn, Hornik, and Zeileis 2006 -> Hothorn 2006',
      '1: Hothorn et al. (2006, p. 3) -> Hothorn 2006 (p. 3)',
      '1: Zeileis (2006a,b) -> Zeileis 2006a',
      '1: Zeileis (2006a,b) -> Zeileis 2006b',
      '2: Andrews (1991) -> Andrews 1991',
      '2: Zeileis 2006b -> Zeileis 2006b',
      '2: Cribari-Neto (2004) -> Cribari-Neto 2004',
    ]);
    const zeileis = refs.mentions.find((m) => m.text === 'Zeileis 2004')!;
    assert.match(zeileis.sentence, /^Data are often heteroskedastic.*Hothorn, Hornik, and Zeileis 2006\)\.$/);
    // Printed at the start of the third body line (baseline 248 pt from the top), from the left margin.
    const [box] = zeileis.boxes;
    assert.ok(box && box[0] >= 71 && box[0] < 80 && box[2] > box[0] + 40 && box[1] > 235 && box[3] < 256, `box ${JSON.stringify(zeileis.boxes)}`);
  });

  it('reads a numbered list: "[1]", "[2-3]", "[1, 3]" cite, R output and an interval do not', async () => {
    const refs = await read({
      title: 'Using Time Dependent Covariates in the Cox Model',
      authors: 'Terry Therneau',
      body: [
        [
          'The flawed analysis has been criticised often [1, 3] and in detail [2-3].',
          'Crowley and Hu [2] give the standard analysis of the transplant data.',
          '> dim(cgd0)',
          '[1] 128 20',
          'The weights lie in [0, 1] for all subjects.',
        ],
      ],
      references: [
        ['[1] Anderson JR, Cain KC, and Gelber RD. Analysis of survival by tumor response. J Clinical', 'Oncology 1:710–719, 1983.'],
        ['[2] J Crowley and M Hu. Covariance analysis of heart transplant survival data. J American', 'Statistical Assoc, 72:27–36, 1977.'],
        ['[3] M H Gail. Does cardiac transplantation prolong life? A reassessment. Annals Int Medicine', '76:815–17, 1972.'],
      ],
    });
    assert.deepEqual(
      refs.entries.map((e) => `${e.label} ${e.authors.map((a) => a.family).join(', ')} | ${e.year} | ${e.title} | ${e.venue}`),
      [
        '1 Anderson, Cain, Gelber | 1983 | Analysis of survival by tumor response | J Clinical Oncology',
        '2 Crowley, Hu | 1977 | Covariance analysis of heart transplant survival data | J American Statistical Assoc',
        '3 Gail | 1972 | Does cardiac transplantation prolong life? A reassessment | Annals Int Medicine',
      ],
    );
    assert.deepEqual(
      refs.mentions.map((m) => `${m.page}: ${m.text} -> ${m.entry}`),
      ['1: [1, 3] -> 1', '1: [1, 3] -> 3', '1: [2-3] -> 2', '1: [2-3] -> 3', '1: [2] -> 2'],
    );
  });

  it('a paper without a reference list has none, and nothing in it is taken for a citation', async () => {
    const refs = await read({ ...SANDWICH, references: [], after: undefined });
    assert.equal(refs.section, null);
    assert.deepEqual(refs.entries, []);
    assert.deepEqual(refs.mentions, []);
  });
});
