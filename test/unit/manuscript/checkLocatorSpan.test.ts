import assert from 'node:assert/strict';
import { judgeKey, type Page } from '../../../src/core/manuscript/check/judgeCitation';
import { claimOf } from '../../../src/core/manuscript/check/passageSupport';
import { THRESHOLDS, verdictOf } from '../../../src/core/manuscript/check/verdict';

const names = { keyForPath: () => null, pageLabel: (_path: string, page: number) => String(page) };

describe('manuscript check: a passage crossing a page break and the locator’s pages', () => {
  const sentence = 'For a fully dense matrix the cross-product route stays faster, typically by a factor of two.';
  const intro: Page = { path: 'a.pdf', page: 2, text: 'We compare several ways of solving least-squares problems in R.' };
  // The passage starts at the foot of p. 3 and is cited by p. 4, where the sentence that says the claim lies.
  const crossing: Page = {
    path: 'a.pdf',
    page: 4,
    span: { first: 3, last: 4 },
    text: 'Timings follow. For a fully dense matrix the cross-product route stays faster, typically by a factor of two.',
  };
  const other: Page = { path: 'b.pdf', page: 1, text: 'An unrelated page about plotting survival curves.' };
  const verdict = (locator: number[]) => verdictOf(judgeKey(claimOf(sentence), [intro, crossing], [other], locator), THRESHOLDS, names, true);

  it('says other-page when the passage is cited by a page two from the locator’s and only its first page is next to it', () => {
    const judged = verdict([2]);
    assert.equal(judged.verdict, 'other-page');
    assert.equal(judged.evidence?.page, 4);
  });

  it('counts the passage on the locator’s pages when one of the pages it may be on is a cited page, or its page is next to one', () => {
    assert.equal(verdict([3]).verdict, 'supported');
    assert.equal(verdict([5]).verdict, 'supported');
  });
});
