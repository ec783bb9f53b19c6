import assert from 'node:assert/strict';
import { estimateTokens, fitCount, trimHistory } from '../../../src/core/llm/budget';

describe('context budget', () => {
  it('keeps the newest messages that fit and shortens a single oversized one', () => {
    const messages = ['a'.repeat(300), 'b'.repeat(300), 'c'.repeat(300)].map((content) => ({ role: 'user', content }));
    const kept = trimHistory(messages, 2 * (estimateTokens('b'.repeat(300)) + 8));
    assert.deepEqual(
      kept.map((m) => m.content[0]),
      ['b', 'c'],
    );
    const one = trimHistory([{ role: 'user', content: 'x'.repeat(3000) }], 100);
    assert.equal(one.length, 1);
    assert.ok(one[0].content.length < 3000 && one[0].content.length > 0);
  });

  it('counts how many ranked passages fit', () => {
    assert.equal(fitCount(['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(30)], 25), 2);
    assert.equal(fitCount(['a'.repeat(300)], 10), 0);
  });
});
