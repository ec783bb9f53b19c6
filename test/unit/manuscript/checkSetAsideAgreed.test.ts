import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

// The glmnet vignette's p. 4 (Hastie et al.), as its PDF's text gives it.
const GLMNET =
  'Users can extract the coefficients at one or more λ’s within the range of the sequence: coef(fit, s = 0.1). (Why s and not lambda? In case we want to allow one to specify the model size in other ways in the future.) Users can also make predictions at specific λ’s with new input data.';

describe('manuscript check: an alternative the claim sets aside that the page sets aside too', () => {
  it('does not turn "s rather than lambda" around on a page that asks "Why s and not lambda?" beside a sentence using λ', () => {
    const sentence =
      'The coefficients at a given penalty are extracted with an argument named s rather than lambda, so that the model size might one day be specified in other ways.';
    assert.equal(inverted(sentence, GLMNET), null);
  });

  it('still turns it around when the page states the alternative and sets it aside nowhere', () => {
    const sentence =
      'The coefficients at a given penalty are extracted with an argument named s rather than lambda, so that the model size might one day be specified in other ways.';
    const page =
      'Users can extract the coefficients at one or more values: coef(fit, lambda = 0.1). The argument lambda allows one to specify the model size in other ways in the future. Users can also make predictions at specific λ’s with new input data.';
    assert.match(inverted(sentence, page) ?? '', /lambda/);
  });
});
