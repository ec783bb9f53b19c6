import assert from 'node:assert/strict';
import type { JudgedPage } from '../../../src/core/manuscript/check/judgeCitation';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';
import { corroborations } from '../../../src/core/manuscript/check/verdict';

const judged = (sentence: string, page: string) => {
  const claim = claimOf(sentence);
  const judgement = judgePassage(claim, page, new Map());
  return { claim, judgement, page: { ...judgement, passage: { path: 'a.pdf', page: 3, text: page } } as JudgedPage };
};

describe('manuscript check: evidence besides the words (a table row’s figures, the locator and the numbers together)', () => {
  const sentence = 'In the reference analysis, the hurdle model needs fifteen parameters and reaches a log-likelihood of -12090.1.';
  const table = [
    'Table 2: Summary of fitted count regression models for the data.',
    'parameters 8 9 15 15',
    'log L −17971.6 −12170.6 −12090.1 −12090.7',
    'AIC 35959.2 24359.1 24210.1 24211.4',
  ].join('\n');

  it('reads a table row’s figures as stated for what the row names ("parameters … 15" for "fifteen parameters", "log L … −12090.1" for "a log-likelihood of -12090.1")', () => {
    const { judgement } = judged(sentence, table);
    assert.deepEqual(judgement.missing, []);
    assert.deepEqual(judgement.loose, []);
  });

  it('does not read a row numbering the columns ("Components 1 2 3") as figures', () => {
    const { judgement } = judged(
      'A three-component normal mixture describes these waiting times best.',
      ['The waiting times of the mixture by blocks.', 'Blocks', 'Components 1 2 3', '1 0.0772 0.0801 0.0690'].join('\n'),
    );
    assert.equal(judgement.missing.some((fact) => fact.text === 'three') || judgement.loose.some((fact) => fact.text === 'three'), true);
  });

  it('compounds the locator and the numbers a page states next to what they count, up to two pieces', () => {
    const { claim, page } = judged(sentence, table);
    const numbers = claim.facts.filter((fact) => fact.kind === 'number').length;
    assert.equal(numbers, 2);
    assert.equal(corroborations(page, true, numbers), 2);
    assert.equal(corroborations(page, false, numbers), 2);
    // Numbers held only loosely (near the claim's words, not beside what they count) are one piece at most.
    const loose = { ...page, loose: claim.facts.filter((fact) => fact.kind === 'number') } as JudgedPage;
    assert.equal(corroborations(loose, false, numbers), 1);
    assert.equal(corroborations(loose, true, numbers), 1);
    assert.equal(corroborations({ ...page, loose: [] } as JudgedPage, false, 0), 0);
  });
});
