/**
 * A bib entry's title compared with every paper's: the quick comparison (lengths and characters
 * first, then an edit distance that stops at the threshold) gives exactly what the full edit
 * distance gives wherever the answer is at or above the threshold, and 0 elsewhere.
 */
import assert from 'node:assert/strict';
import { prepareTitle, similarityAtLeast, titleSimilarity } from '../../../src/core/papers/normalize';

const TITLES = [
  'Computing Generalized Method of Moments with R',
  'Computing Generalised Method of Moments with R',
  'Computing Generalized Method of Moments',
  'Econometric Computing with HC and HAC Covariance Matrix Estimators',
  'Econometric Computing with HC and HAC Covariance Matrix Estimator',
  'Ecoometric Computng with HC and HAC Covariance Matix Estimators',
  'Automatic Time Series Forecasting: the forecast Package for R',
  'Automatic Time Series Forecasting: the forecast Package for R.',
  'Simultaneous Inference in General Parametric Models',
  'Simultaneous inference in general parametric model',
  'Modied Bessel Functions',
  'Modified Bessel Functions',
  'Über Bayes',
  'Uber Bayes',
  'a',
  '',
];

function mutate(title: string, seed: number): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const chars = [...title];
  const edits = Math.floor(next() * 8);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (chars.length + 1));
    const kind = next();
    if (kind < 0.33) chars.splice(at, 1);
    else if (kind < 0.66) chars.splice(at, 0, 'xyz é'[Math.floor(next() * 5)]!);
    else chars[at] = 'abcé'[Math.floor(next() * 4)]!;
  }
  return chars.join('');
}

describe('papers: titles compared quickly', () => {
  it('gives the full edit distance similarity at or above the threshold, and 0 below it', () => {
    const pairs: Array<[string, string]> = [];
    for (const a of TITLES) for (const b of TITLES) pairs.push([a, b]);
    for (const [i, title] of TITLES.entries()) for (let s = 1; s < 40; s++) pairs.push([title, mutate(title, i * 100 + s)]);
    let above = 0;
    for (const min of [0.9, 0.8]) {
      for (const [a, b] of pairs) {
        const full = titleSimilarity(a, b);
        const quick = similarityAtLeast(prepareTitle(a), prepareTitle(b), min);
        if (full >= min) {
          above++;
          assert.equal(quick, full, `${a} | ${b}`);
        } else assert.equal(quick, 0, `${a} | ${b}: ${full}`);
      }
    }
    assert.ok(above > 100, `${above} pairs at or above the threshold`);
  });
});
