import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: which page sentence a turned-around claim is about', () => {
  it('counts a word the sentence says the opposite of as a word of the claim (a paraphrase that also swaps "decreasing" for "increasing")', () => {
    // The page writes the shrinkage as λ: only "performance", "marginal" and "utility" are the claim's own words.
    assert.match(
      inverted(
        'Performance improves as the shrinkage grows larger, with increasing marginal utility.',
        'In practice I set λ to be as small as possible. Performance is best when λ is as small as possible performance with decreasing marginal utility for smaller and smaller λ. Slower learning rates do not necessarily scale the number of optimal iterations.',
      ) ?? '',
      /decreasing marginal utility/,
    );
    // The claim as the page makes it: nothing turned around.
    assert.equal(
      inverted(
        'Performance improves as the shrinkage grows smaller, with decreasing marginal utility.',
        'In practice I set λ to be as small as possible. Performance is best when λ is as small as possible performance with decreasing marginal utility for smaller and smaller λ.',
      ),
      null,
    );
  });

  it('measures what a claim is about without the alternative it sets aside ("… rather than a Brownian bridge")', () => {
    assert.match(
      inverted(
        'Under the null hypothesis the OLS-based CUSUM process converges to a standard Brownian motion rather than a Brownian bridge.',
        'The residuals are cumulated over time. The limiting process of these sums is the standard Brownian bridge. It starts at zero and returns to zero.',
      ) ?? '',
      /standard Brownian bridge/,
    );
    assert.equal(
      inverted(
        'Under the null hypothesis the OLS-based CUSUM process converges to a standard Brownian bridge rather than a Brownian motion.',
        'The residuals are cumulated over time. The limiting process of these sums is the standard Brownian bridge, not a Brownian motion. It starts at zero and returns to zero.',
      ),
      null,
    );
  });
});
