import assert from 'node:assert/strict';
import { numbersIn } from '../../../src/core/manuscript/check/numbers';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

const judged = (sentence: string, passage: string) => {
  const j = judgePassage(claimOf(sentence), passage, new Map());
  return { missing: j.missing.map((f) => f.text), contradicted: j.contradicted.map(({ claim, passage: p }) => `${claim}->${p}`) };
};

describe('manuscript check: one figure written another way, and numbers that number a page’s parts', () => {
  it('reads "two dozen" as 24 and "a dozen" as 12', () => {
    assert.deepEqual(
      numbersIn('two dozen rats and a dozen mice').map((n) => n.value),
      [24, 12],
    );
    assert.deepEqual(judged('The example involves two dozen rats on a cylinder.', 'In the example, n = 24 rats were placed on a rotating cylinder.'), {
      missing: [],
      contradicted: [],
    });
  });

  it('takes a span of time in another unit for the same span ("five minutes" for 300 seconds, "seven decades" for 70 years)', () => {
    assert.deepEqual(judged('Each rat was timed for at most five minutes.', 'Each rat was timed, up to a maximum of 300 seconds.').missing, []);
    assert.deepEqual(judged('Fisher developed the test more than seven decades ago.', 'Fisher developed the test more than 70 years ago.').missing, []);
    // Another span, or units that do not convert exactly (days and years), are not the claim's.
    assert.deepEqual(judged('Each rat was timed for at most five minutes.', 'Each rat was timed, up to a maximum of 200 seconds.').missing, ['five']);
    assert.deepEqual(judged('The study ran for two years.', 'The study ran for 730 days.').missing, ['two']);
  });

  it('does not read a heading’s number as another figure for what the claim counts ("2 Free Light Chain" against "three free light chain groups")', () => {
    const page = '2 Free Light Chain\nOur data set uses a free light chain assay; residents are broken into three cohorts by free light chain value.';
    assert.deepEqual(judged('Residents fall into three free light chain groups.', page).contradicted, []);
    // The same figure in prose still contradicts it.
    assert.deepEqual(
      judged('Residents fall into three free light chain groups.', 'Residents fall into 2 free light chain groups by their value.').contradicted,
      ['three->2'],
    );
  });

  it('does not read a reference list’s page range ("11–12") as the claim’s figure stated', () => {
    const page = 'Hothorn T (2001). On exact rank tests in R. R News, 1(1), 11–12 statistical packages compared.';
    assert.deepEqual(judged('The data were used to compare twelve statistical packages.', page).missing, ['twelve']);
  });
});
