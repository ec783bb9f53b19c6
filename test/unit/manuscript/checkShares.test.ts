import assert from 'node:assert/strict';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

const judged = (sentence: string, passage: string) => {
  const j = judgePassage(claimOf(sentence), passage, new Map());
  return { missing: j.missing.map((f) => f.text), contradicted: j.contradicted.map(({ claim, passage: p }) => `${claim}->${p}`) };
};

// The gbm guide's p. 9 (Ridgeway), as its PDF's text gives it.
const GBM =
  'The boxplots indicate relative performance across thirteen real datasets from the UCI repository. Figure 4 compares the three methods for estimating the optimal number of iterations across 13 datasets. For most datasets the method perform similarly, however, 5-fold cross validation is consistently the best of them. OOB, using a 33% test set, and using a 20% test set all have datasets for which the perform considerably worse than the best method.';

describe('manuscript check: a share is no other figure for a count', () => {
  it('does not read "a 33% test set" as another number of the claim’s "thirteen UCI data sets"', () => {
    const sentence = 'On thirteen UCI data sets, five-fold cross-validation was consistently the best way to choose the number of boosting iterations.';
    assert.deepEqual(judged(sentence, GBM), { missing: [], contradicted: [] });
  });

  it('still reads another share as another figure for the claim’s share', () => {
    assert.deepEqual(judged('Using a 25% test set was worse than the best method.', GBM).contradicted, ['25%->33%']);
  });
});
