import assert from 'node:assert/strict';
import { stemOf } from '../../../src/core/manuscript/check/claimTerms';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

// The flexmix paper on mixture regressions (Grün and Leisch), p. 11, as its PDF's text gives it.
const BETA_BLOCKERS =
  'The dataset is from a 22-center clinical trial of beta-blockers for reducing mortality after myocardial infarction. A two-level model is assumed to represent the data, where centers are at the upper level and patients at the lower level.';

describe('manuscript check: one word spelt the British and the American way', () => {
  it('reads "centres" as "centers" and "colour" as "color"', () => {
    assert.equal(stemOf('centres'), stemOf('centers'));
    assert.equal(stemOf('coloured'), stemOf('colored'));
    // Words that only end alike keep their own stems.
    assert.notEqual(stemOf('four'), stemOf('for'));
    assert.equal(stemOf('more'), 'more');
  });

  it('holds a claim’s "22 centres" on a page that writes "22-center" and "centers"', () => {
    const claim = claimOf('The beta-blocker data come from a trial run across 22 centres.');
    const judged = judgePassage(claim, BETA_BLOCKERS, new Map());
    const withoutCentres = judgePassage(claimOf('The beta-blocker data come from a trial run across 22 sites.'), BETA_BLOCKERS, new Map());
    assert.deepEqual(judged.missing, []);
    assert.ok(judged.coverage > withoutCentres.coverage, `${judged.coverage} > ${withoutCentres.coverage}`);
  });
});
