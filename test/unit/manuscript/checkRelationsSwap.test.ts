import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: named things traded between two clauses, and a verb of change turned around', () => {
  const robust =
    'Robust regression offers two choices of loss. The Tukey biweight bounds the influence of large residuals smoothly. ' +
    'The Huber loss instead rejects gross outliers entirely. Both are fitted by iteratively reweighted least squares.';

  it('finds a claim whose two clauses trade what the page says of the names in them', () => {
    assert.equal(
      inverted('The Huber loss bounds the influence of large residuals smoothly, whereas the Tukey biweight rejects gross outliers entirely.', robust),
      'The Tukey biweight bounds the influence of large residuals smoothly.',
    );
    // Said as the page says it: nothing turned.
    assert.equal(
      inverted('The Tukey biweight bounds the influence of large residuals smoothly, whereas the Huber loss rejects gross outliers entirely.', robust),
      null,
    );
  });

  const sessions =
    'We timed every user in each session of the usability study. Response times are short for experienced users, ' +
    'but they steadily decrease from the 1st to the 4th session. Novices were slower throughout.';

  it('finds "rises" where the page says the same thing decreases, in a clause about it ("from the 1st to the 4th session")', () => {
    assert.equal(
      inverted('In the usability study, response times rise from the first to the fourth session.', sessions),
      'Response times are short for experienced users, but they steadily decrease from the 1st to the 4th session.',
    );
    assert.equal(inverted('In the usability study, response times decline from the first to the fourth session.', sessions), null);
  });

  it('does not read a comparative in a clause about another thing as turned ("smallest index" beside "largest weight")', () => {
    assert.equal(
      inverted(
        'When several groups share the largest weight, the observation goes to the group with the lowest index.',
        'In this step the observation goes to the group with the smallest index if the same maximum weight is found for several groups.',
      ),
      null,
    );
  });
});
