import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: a claim the page denies', () => {
  // The spatio-temporal kriging paper's page on neighbour selection (Gräler, Pebesma and Heuvelink 2016, p. 5).
  const kriging =
    'The neighbouring locations with the largest covariance values are then selected for prediction. However, this approach might still suffer from a clustering of locations and alternatives such as a staged search (find spatial neighbours first and select a set of temporal instances for each spatial neighbour) or an octant search (select neighbours per spatial quadrant from preceding and following time stamps separately) could be considered. However, these alternatives are not yet available in gstat.';

  it('says the page’s denial when the sentence after the one that states the claim says it is not available', () => {
    assert.equal(
      inverted('By default, local spatio-temporal kriging in gstat selects its neighbours with an octant search, one quadrant at a time.', kriging),
      'However, these alternatives are not yet available in gstat.',
    );
  });

  it('says the page’s sentence when it puts a negation right before the claim’s own word', () => {
    assert.equal(
      inverted(
        'The lme4 package reports p values for the fixed effects of a linear mixed model.',
        'The summary of a linear mixed model in lme4 does not report p values for the fixed effects. Users who want them can use other packages.',
      ),
      'The summary of a linear mixed model in lme4 does not report p values for the fixed effects.',
    );
  });

  it('is silent when the claim says the denial too, or the page sets one thing aside for another', () => {
    assert.equal(inverted('Octant search for local spatio-temporal kriging neighbours is not available in gstat.', kriging), null);
    assert.equal(
      inverted(
        'The variance parameters of the mixed model are estimated by maximum likelihood.',
        'The variance parameters of the mixed model are not estimated by least squares but by maximum likelihood.',
      ),
      null,
    );
    // "None" heads a table's column, it denies nothing.
    assert.equal(
      inverted(
        'Among the women, sixteen treated patients improved markedly against six on placebo.',
        'Improved Treatment None Marked Placebo 19 7 6 Treated 6 5 16. Among the women, treated patients improved markedly more often than patients on placebo.',
      ),
      null,
    );
  });
});
