import assert from 'node:assert/strict';
import { factsOf } from '../../../src/core/manuscript/check/claimTerms';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

const facts = (sentence: string) => factsOf(sentence).map((f) => (f.kind === 'number' ? `#${f.value}` : f.text));
const judged = (sentence: string, passage: string) => {
  const j = judgePassage(claimOf(sentence), passage, new Map());
  return { missing: j.missing.map((f) => f.text), contradicted: j.contradicted };
};

describe('manuscript: what a cited sentence claims, and whether a passage states it', () => {
  it('takes numbers (digits, thousands, decimals, percentages, number words) and names (code, capitals, capitalised words inside the sentence)', () => {
    assert.deepEqual(facts('The vcovHC() function uses HC3, and kernHAC weights 5,000 draws by 6.7% over seventeen lags.'), [
      '#5000',
      '#6.7',
      '#17',
      'vcovHC',
      'HC3',
      'kernHAC',
    ]);
    assert.deepEqual(facts('Multipliers come from a Rademacher distribution in 2020.'), ['Rademacher']);
  });

  it('finds a number only in a passage sentence about the same thing, as digits or words', () => {
    assert.deepEqual(judged('The search starts from four candidate models.', 'Step 1: we try 4 possible models to start with.').missing, []);
    assert.deepEqual(judged('The search starts from four candidate models.', 'We try models. Table 4 lists the data.').missing, ['four']);
  });

  it('says which number the passage gives instead for what the sentence counts', () => {
    assert.deepEqual(
      judged('The framework distinguishes 24 such models.', 'Thus there are 30 potential models described in this classification.').contradicted,
      [{ claim: '24', passage: '30' }],
    );
    assert.deepEqual(judged('The example runs 8 chains of 5,000 iterations.', 'It is fitted using 4 chains, each with 2000 iterations.').contradicted, [
      { claim: '8', passage: '4' },
      { claim: '5,000', passage: '2000' },
    ]);
  });

  it('matches a name whole, and a capitalised word also as the start of a code name', () => {
    assert.deepEqual(judged('Bread methods cover Cox models and vcovHC.', 'bread() methods exist for "coxph" objects and vcovHAC.').missing, ['vcovHC']);
  });
});
