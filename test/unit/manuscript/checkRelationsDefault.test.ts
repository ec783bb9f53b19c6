import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: a default the page names as something else', () => {
  const claim = 'By default the solver stores the full Hessian matrix before it iterates.';

  it('says the page’s default when the page states the claim of another option and names the default beside it', () => {
    assert.equal(
      inverted(
        claim,
        'Three methods are offered. The exact method stores the full Hessian matrix, which is fast for small problems. The default method is to use a limited-memory approximation.',
      ),
      'The default method is to use a limited-memory approximation.',
    );
  });

  it('is silent when the page says the default with the claim’s words, or only mentions defaults in passing', () => {
    assert.equal(inverted(claim, 'Three methods are offered. The default method stores the full Hessian matrix before the solver iterates.'), null);
    assert.equal(
      inverted(
        claim,
        'Three methods are offered. The exact method stores the full Hessian matrix, which is fast for small problems. All other settings correspond to the default values in control().',
      ),
      null,
    );
    // A claim that says nothing of a default.
    assert.equal(
      inverted(
        'The exact method of the solver stores the full Hessian matrix before it iterates.',
        'Three methods are offered. The exact method stores the full Hessian matrix, which is fast for small problems. The default method is to use a limited-memory approximation.',
      ),
      null,
    );
  });
});
