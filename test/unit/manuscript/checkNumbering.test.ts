import assert from 'node:assert/strict';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

/** How a page holds the claim's "three": stated beside what it counts, loosely (near the claim's words), or not at all. */
const held = (page: string) => {
  const judgement = judgePassage(claimOf('Each node of the tree is split into three segments by an exhaustive search.'), page, new Map());
  return judgement.missing.length > 0 ? 'missing' : judgement.loose.length > 0 ? 'loose' : 'stated';
};

describe('manuscript check: numbers a page uses to number its parts are not figures', () => {
  it('holds a figure near the claim’s words loosely (the baseline the cases below differ from)', () => {
    assert.equal(held('Each node of the tree is split by an exhaustive search into parts; 3 of them are kept.'), 'loose');
  });

  it('does not read a heading’s number ("3. Splitting", "2.3 Splitting") as a figure', () => {
    assert.equal(held('3. Splitting the node\nEach node of the tree is split by an exhaustive search into B segments.'), 'missing');
    assert.equal(held('2.3 Splitting\nEach node of the tree is split by an exhaustive search into B segments; see 2.3'), 'missing');
  });

  it('does not read a reference to a numbered part ("step 3", "Table 3") as a figure', () => {
    assert.equal(held('Each node of the tree is split by an exhaustive search into B segments in step 3.'), 'missing');
    assert.equal(held('Each node of the tree is split by an exhaustive search into B segments (see Table 3).'), 'missing');
  });

  it('does not read a list item’s or an equation’s "(3)" or a range’s end ("steps 1–3") as a figure', () => {
    assert.equal(held('Each node of the tree is split (3) by an exhaustive search into B segments.'), 'missing');
    assert.equal(held('Each node of the tree is split by an exhaustive search into B segments in steps 1–3.'), 'missing');
  });
});
