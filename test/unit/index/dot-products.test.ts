import assert from 'node:assert/strict';
import { dotProducts } from '../../../src/core/index/search/dotProducts';

describe('dot products of a query with every row, in WebAssembly SIMD', () => {
  it('match the exact sums for every row', () => {
    const rows = 37;
    const dimension = 384;
    const dots = dotProducts(rows, dimension);
    assert.ok(dots, 'WebAssembly SIMD is missing: the vector list would scan in JavaScript');
    for (let i = 0; i < dots.matrix.length; i++) dots.matrix[i] = Math.sin(i * 0.37);
    const query = Float32Array.from({ length: dimension }, (_, j) => Math.cos(j * 0.11));
    const scores = dots.scores(query);
    assert.equal(scores.length, rows);
    for (let r = 0; r < rows; r++) {
      let exact = 0;
      for (let j = 0; j < dimension; j++) exact += dots.matrix[r * dimension + j]! * query[j]!;
      assert.ok(Math.abs(scores[r]! - exact) < 1e-4, `row ${r}: ${scores[r]} vs ${exact}`);
    }
  });

  it('leaves a dimension that is not a multiple of 4 to the JavaScript scan', () => {
    assert.equal(dotProducts(10, 6), null);
  });
});
