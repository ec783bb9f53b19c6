import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: a comparison the page makes the other way round', () => {
  // The eRm paper on conditional and marginal maximum likelihood (Mair and Hatzinger, p. 10).
  const erm =
    'The eRm package can handle such structurally incomplete designs. From the elaborations above it is obvious that from an asymptotical point of view the cml estimates are at least as good as the mml estimates. In the past, computational problems involved in calculating the elementary symmetric functions limited the practical usage of the cml approach.';

  it('says the page’s sentence when the claim’s first side is the page’s second, named by its initials', () => {
    assert.match(
      inverted('From an asymptotic point of view, marginal maximum likelihood estimates are at least as good as conditional ones.', erm) ?? '',
      /the cml estimates are at least as good as the mml estimates/,
    );
  });

  it('says the page’s sentence when "faster than" has its two sides exchanged', () => {
    assert.equal(
      inverted(
        'In the timing comparison the sparse Cholesky solver was faster than the dense QR solver on every problem size.',
        'We timed both solvers on problems of every size. In the timing comparison the dense QR solver was faster than the sparse Cholesky solver on every problem size. Memory use was similar.',
      ),
      'In the timing comparison the dense QR solver was faster than the sparse Cholesky solver on every problem size.',
    );
  });

  it('is silent when the claim compares in the page’s order', () => {
    assert.equal(inverted('From an asymptotic point of view, conditional maximum likelihood estimates are at least as good as marginal ones.', erm), null);
    assert.equal(
      inverted(
        'In the timing comparison the dense QR solver was faster than the sparse Cholesky solver on every problem size.',
        'We timed both solvers on problems of every size. In the timing comparison the dense QR solver was faster than the sparse Cholesky solver on every problem size. Memory use was similar.',
      ),
      null,
    );
  });
});
