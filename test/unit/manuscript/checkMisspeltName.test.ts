import assert from 'node:assert/strict';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

const missing = (sentence: string, page: string) => judgePassage(claimOf(sentence), page, new Map()).missing.map((fact) => fact.text);

describe('manuscript check: a long name the page misspells by one letter', () => {
  it('holds "Macintosh" where the page prints "Macinthosh", "Kolmogorov" where it prints "Kolmogorv"', () => {
    assert.deepEqual(missing('That viewer runs only on Macintosh machines.', 'The viewer is only available for the Macinthosh platforms.'), []);
    assert.deepEqual(missing('The statistic follows the Kolmogorov distribution.', 'The statistic follows the Kolmogorv distribution.'), []);
  });

  it('does not take a short name, another first letter or two letters off for the name', () => {
    assert.deepEqual(missing('The estimator is due to Hansen in this form.', 'The estimator is due to Hanson in this form.'), ['Hansen']);
    assert.deepEqual(missing('That viewer runs only on Macintosh machines.', 'The viewer is only available for the Nacintosh platforms.'), ['Macintosh']);
    assert.deepEqual(missing('That viewer runs only on Macintosh machines.', 'The viewer is only available for the Macinthosch platforms.'), ['Macintosh']);
  });
});
