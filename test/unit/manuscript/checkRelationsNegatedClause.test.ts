import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: a denial of one statement of a claim, where both name a thing with "no"', () => {
  // The AER errata (Kleiber and Zeileis, p. 4), as the PDF's text gives it.
  const errata =
    '• p. 169: The comment regarding the output from the Johansen test is in error. The\nnull hypothesis of no cointegration is not rejected at the 10% level. Nonetheless, the\ntable corresponding to Case 2 in Juselius (2006, p. 420) reveals that the trace statistic is\nsignificant at the 15% level, thus the Johansen test weakly confirms the initial two-step approach.';

  it('says the page’s sentence that denies the statement after the colon, the shared "no cointegration" denying nothing', () => {
    assert.equal(
      inverted('The authors also correct the Johansen test on page 169: the null of no cointegration is in fact rejected at the ten percent level.', errata),
      'The\nnull hypothesis of no cointegration is not rejected at the 10% level.',
    );
  });

  it('is silent when the claim says what the page says', () => {
    assert.equal(
      inverted('The authors also correct the Johansen test on page 169: the null of no cointegration is not rejected at the ten percent level.', errata),
      null,
    );
  });
});
