import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: a superlative the page gives to another thing', () => {
  // The gbm guide's comparison of ways to choose the number of iterations (Ridgeway, p. 9).
  const gbm =
    'Figure 4 compares the three methods for estimating the optimal number of iterations across 13 datasets. The boxplots show the methods performance relative to the best method on that dataset. For most datasets the method perform similarly, however, 5-fold cross validation is consistently the best of them. OOB, using a 33% test set, and using a 20% test set all have datasets for which the perform considerably worse than the best method.';

  it('says the page’s sentence when it crowns another method', () => {
    assert.equal(
      inverted('Across the benchmark data sets, the out-of-bag estimate was consistently the best of the methods for choosing the number of iterations.', gbm),
      'For most datasets the method perform similarly, however, 5-fold cross validation is consistently the best of them.',
    );
  });

  it('is silent when the claim crowns what the page crowns, in its words or its initials', () => {
    assert.equal(
      inverted('Across the data sets, 5-fold cross validation was consistently the best of the methods for choosing the number of iterations.', gbm),
      null,
    );
    assert.equal(
      inverted(
        'Across the data sets, CV was consistently the best of the methods for choosing the number of iterations.',
        'Figure 4 compares the methods for choosing the number of iterations across 13 datasets. For most datasets the methods perform similarly, however, cross validation is consistently the best of them.',
      ),
      null,
    );
  });
});
