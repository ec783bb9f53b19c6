import assert from 'node:assert/strict';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

const judged = (sentence: string, page: string) => {
  const j = judgePassage(claimOf(sentence), page, new Map());
  return { missing: j.missing.map((f) => f.text), contradicted: j.contradicted.map(({ claim, passage }) => `${claim}->${passage}`) };
};

describe('manuscript check: "the only X" counts one X', () => {
  // The deSolve paper (Soetaert, Petzoldt and Setzer 2010, p. 9), as the PDF's text gives it.
  const deSolve =
    'There are two explicit methods that do not adapt the time step: the euler method and the rk4 method. The integration with these methods is done with a fixed step.';
  const claim = 'The rk4 method is the only explicit solver in deSolve that does not adapt its time step.';

  it('is contradicted by a page that counts more of them ("two explicit methods")', () => {
    assert.deepEqual(judged(claim, deSolve).contradicted, ['the only->two']);
  });

  it('is never missing: a page that gives no count of them says nothing against it', () => {
    assert.deepEqual(judged(claim, 'The rk4 method in deSolve does not adapt its time step: the step is fixed.'), { missing: [], contradicted: [] });
  });
});
