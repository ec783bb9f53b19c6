import assert from 'node:assert/strict';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

// The systemfit paper (Henningsen and Hamann 2007), p. 4, as its PDF's text gives it.
const SYSTEM_OLS =
  'If the estimated coefficients are not constrained by cross-equation restrictions, the simultaneous OLS estimation of the system leads to the same estimated coefficients as an equation-wise OLS estimation.';

describe('manuscript check: "without" and "within" weigh nothing in the coverage', () => {
  it('holds a claim that says "without" where the page says "not"', () => {
    const claim = claimOf('Without restrictions, OLS estimation of the system gives the coefficients of an equation-wise OLS estimation.');
    const plain = claimOf('With restrictions, OLS estimation of the system gives the coefficients of an equation-wise OLS estimation.');
    const judged = judgePassage(claim, SYSTEM_OLS, new Map());
    // "with" is a stop word: with "without" weightless, the two claims hold the same share of their words.
    assert.equal(judged.coverage, judgePassage(plain, SYSTEM_OLS, new Map()).coverage);
  });

  it('still weighs the claim’s other words the page lacks', () => {
    const judged = judgePassage(claimOf('Without restrictions, OLS estimation of the panel returns the coefficients.'), SYSTEM_OLS, new Map());
    assert.ok(judged.coverage < 1, String(judged.coverage));
  });
});
