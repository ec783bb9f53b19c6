import assert from 'node:assert/strict';
import { inverted } from '../../support/invertedOnPage';

describe('manuscript check: values a page pairs with two things by "respectively", traded', () => {
  // The clue paper on cl_fuzziness() (Hornik, p. 3).
  const clue =
    'Package clue provides a cl_predict() generic for predicting the class memberships of new objects (if possible). Function cl_fuzziness() computes softness (fuzziness) measures for (ensembles) of partitions. Built-in measures are the partition coefficient and partition entropy (e.g., Bezdek, 1981), with an option to normalize in a way that hard partitions and the “fuzziest” possible partition (where all memberships are the same) get fuzziness values of zero and one, respectively. Note that this normalization differs from “standard” ones in the literature.';

  it('says the page’s sentence when the claim gives each thing the other’s value', () => {
    assert.match(
      inverted('With the optional normalisation, a hard partition gets a fuzziness of one and the fuzziest possible partition a fuzziness of zero.', clue) ??
        '',
      /zero and one, respectively/,
    );
  });

  it('is silent when the claim pairs them as the page does, in either order or by "respectively" itself', () => {
    assert.equal(
      inverted('With the optional normalisation, a hard partition gets a fuzziness of zero and the fuzziest possible partition a fuzziness of one.', clue),
      null,
    );
    assert.equal(
      inverted('With the optional normalisation, the fuzziest possible partition gets a fuzziness of one and a hard partition a fuzziness of zero.', clue),
      null,
    );
    assert.equal(
      inverted(
        'With the optional normalisation, hard partitions and the fuzziest possible partition get fuzziness values of zero and one, respectively.',
        clue,
      ),
      null,
    );
  });
});
