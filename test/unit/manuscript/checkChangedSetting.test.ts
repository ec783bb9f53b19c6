import assert from 'node:assert/strict';
import { judgeKey } from '../../../src/core/manuscript/check/judgeCitation';
import { claimOf } from '../../../src/core/manuscript/check/passageSupport';
import { THRESHOLDS, verdictOf } from '../../../src/core/manuscript/check/verdict';

const names = { keyForPath: () => null, pageLabel: (_path: string, page: number) => String(page) };

// Two pages of the dbscan paper (Hahsler et al. 2019, pp. 9 and 11), as pdftotext reads them.
const signature = {
  path: 'dbscan.pdf',
  page: 9,
  text: [
    'The package dbscan provides high performance code for DBSCAN and OPTICS through a C++ implementation using the k-d tree data structure implemented in the C++ library ANN to improve k nearest neighbor (kNN) and fixed-radius nearest neighbor search speed.',
    'DBSCAN and OPTICS share a similar interface.',
    'dbscan(x, eps, minPts = 5, weights = NULL, borderPoints = TRUE, ...)',
    'optics(x, eps, minPts = 5, ...)',
    'The first argument x is the data set in form of a data.frame or a matrix.',
    'For dbscan() and optics(), the parameter eps represents the radius of the ϵ-neighborhood considered for density estimation and minPts represents the density threshold to identify core points.',
  ].join('\n'),
};
const example = {
  path: 'dbscan.pdf',
  page: 11,
  text: [
    'We use a very simple artificial data set of four slightly overlapping Gaussians in two-dimensional space with 100 points each.',
    'To apply DBSCAN, we need to decide on the neighborhood radius eps and the density threshold minPts.',
    'The rule of thumb for minPts is to use at least the number of dimensions of the data set plus one. In our case, this is 3.',
  ].join('\n'),
};
const other = { path: 'b.pdf', page: 1, text: 'An unrelated page about plotting survival curves.' };

describe('manuscript check: a parameter that "defaults to" another value than the page sets it to', () => {
  it('reads "minPts defaults to four" as the value of minPts, contradicted by the signature\'s minPts = 5', () => {
    const claim = claimOf("The dbscan function's density threshold minPts defaults to four.");
    const verdict = verdictOf(judgeKey(claim, [signature, example], [other], [9]), THRESHOLDS, names, true);
    assert.equal(verdict.verdict, 'contradicted');
    assert.equal(verdict.cause, 'number-differs');
    assert.match(verdict.reason, /p\. 9 gives 5 where the sentence says four/);
  });

  it("holds the sentence that gives the signature's default", () => {
    const claim = claimOf("The dbscan function's density threshold minPts defaults to five.");
    assert.equal(verdictOf(judgeKey(claim, [signature, example], [other], [9]), THRESHOLDS, names, true).verdict, 'supported');
  });
});
