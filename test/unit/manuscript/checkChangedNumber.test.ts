import assert from 'node:assert/strict';
import { judgeKey } from '../../../src/core/manuscript/check/judgeCitation';
import { claimOf } from '../../../src/core/manuscript/check/passageSupport';
import { THRESHOLDS, verdictOf } from '../../../src/core/manuscript/check/verdict';

const names = { keyForPath: () => null, pageLabel: (_path: string, page: number) => String(page) };

describe('manuscript check: a changed number on the cited page is not a citation of another page', () => {
  const sentence = 'The same survey data were used to compare the rank test p-values reported by twelve statistical packages.';
  const cited = {
    path: 'a.pdf',
    page: 2,
    text: 'The data were used before in a survey to compare test statistics and the rank test p-values as reported by eleven statistical packages.',
  };
  // A page further on that holds the figure for the same words, less of the sentence (a reference list's "Statistics Packages … 12").
  const elsewhere = { path: 'a.pdf', page: 9, text: 'Different outcomes of the rank test p-values from 12 statistical packages.' };
  const other = { path: 'b.pdf', page: 1, text: 'An unrelated page about plotting survival curves.' };

  it('judges the sentence contradicted by the cited page that gives another number for what it counts, not supported on a page that holds less of it', () => {
    const judgement = judgeKey(claimOf(sentence), [cited, elsewhere], [other], [2]);
    assert.ok(judgement.best && judgement.best.passage.page === 9, 'the page elsewhere holds every fact');
    assert.ok(judgement.cited && judgement.cited.coverage > judgement.best.coverage, 'the cited page holds more of the sentence');
    const verdict = verdictOf(judgement, THRESHOLDS, names, true);
    assert.equal(verdict.verdict, 'contradicted');
    assert.equal(verdict.cause, 'number-differs');
    assert.match(verdict.reason, /p\. 2 gives eleven where the sentence says twelve/);
  });

  it('still says other-page when the page elsewhere holds more of the sentence than the cited one', () => {
    const judgement = judgeKey(
      claimOf(sentence),
      [
        { ...cited, text: 'Eleven packages were compared.' },
        { ...elsewhere, text: sentence },
      ],
      [other],
      [2],
    );
    assert.equal(verdictOf(judgement, THRESHOLDS, names, true).verdict, 'other-page');
  });
});
