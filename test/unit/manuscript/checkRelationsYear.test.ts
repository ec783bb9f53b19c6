import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: a year the page gives the same event otherwise', () => {
  // The Rcpp paper's historical context (Eddelbuettel and François, p. 2).
  const rcpp =
    'Rcpp first appeared in 2005 as a contribution (by Dominick Samperi) to the RQuantLib package and became a CRAN package in early 2006. Several releases (all by Samperi) followed in quick succession under the name Rcpp. The package was then renamed to RcppTemplate; several more releases followed during 2006 under the new name. However, no further releases were made during 2007, 2008 or most of 2009. Following a few updates in late 2009, it was withdrawn from CRAN.';

  it('says the page’s sentence when the claim moves the event to a year the page gives something else', () => {
    assert.match(inverted('Rcpp first became a CRAN package in 2009.', rcpp) ?? '', /became a CRAN package in early 2006/);
  });

  it('is silent when the claim keeps the page’s year', () => {
    assert.equal(inverted('Rcpp first became a CRAN package in 2006.', rcpp), null);
  });
});
