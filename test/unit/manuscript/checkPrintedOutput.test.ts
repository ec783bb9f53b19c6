import assert from 'node:assert/strict';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

/** The figures of the claim the page does not hold. */
const missing = (sentence: string, page: string) => judgePassage(claimOf(sentence), page, new Map()).missing.map((f) => f.text);

describe('manuscript check: figures read off printed output', () => {
  // R's summary() as a PDF's text gives it (zoo vignette, p. 5): each value after its label and a colon.
  const summary = [
    'Index z1',
    'Min. :2004-01-05 00:00:00 Min. :-2.07608',
    '1st Qu.:2004-01-20 12:00:00 1st Qu.:-0.27251',
    'Median :2004-02-01 12:00:00 Median : 0.12139',
    'Mean :2004-02-01 09:36:00 Mean : 0.05364',
    '3rd Qu.:2004-02-15 00:00:00 3rd Qu.: 0.73163',
    'Max. :2004-02-24 00:00:00 Max. : 1.94079',
  ].join('\n');

  it('keeps a value with its label ("Median : 0.12139"): the colon before a number ends no sentence', () => {
    assert.deepEqual(missing('In the example series z1 the median is 0.12139 and the mean 0.05364.', summary), []);
  });

  it('still finds a figure the output does not print missing', () => {
    assert.deepEqual(missing('In the example series z1 the median is 0.12139 and the mean 0.07364.', summary), ['0.07364']);
  });
});
