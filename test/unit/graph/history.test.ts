import assert from 'node:assert/strict';
import { conversationIdOf, initialStateFrom, isTurnMetadata, looksLikeClarification, reconstructClarificationCount } from '../../../src/core/graph/history';
import type { HistoryTurn, TurnMetadata } from '../../../src/core/graph/api';

const meta = (m: Partial<TurnMetadata>): TurnMetadata => ({
  clarificationCount: 0,
  lastAgent: 'validation',
  citations: [],
  decisions: [],
  conversationId: 'c',
  ...m,
});

describe('state rebuilt from the host history', () => {
  it('accepts only well-formed metadata', () => {
    assert.equal(isTurnMetadata(meta({})), true);
    assert.equal(isTurnMetadata({ clarificationCount: '1', lastAgent: 'x', conversationId: 'c' }), false);
    assert.equal(isTurnMetadata(null), false);
  });

  it('with metadata: count and layer-2 flag come from the last assistant turn', () => {
    const history: HistoryTurn[] = [
      { role: 'user', content: 'timeout?' },
      {
        role: 'assistant',
        content: 'Which program?',
        metadata: meta({ clarificationCount: 1, lastAgent: 'clarification', clarifyingQuestion: 'Which program?' }),
      },
    ];
    const s = initialStateFrom('Erlang SSH', history);
    assert.equal(s.clarificationCount, 1);
    assert.equal(s.previousWasClarification, true);
    assert.equal(s.previousClarifyingQuestion, 'Which program?');
    assert.equal(s.conversationId, 'c');
    assert.equal((s.messages as unknown[]).length, 3);
  });

  it('without metadata: no layer 2, and the count is reconstructed from trailing clarifying questions', () => {
    const history: HistoryTurn[] = [
      { role: 'user', content: 'What does it do?' },
      { role: 'assistant', content: 'It sets the timeout [1].' },
      { role: 'user', content: 'timeout?' },
      { role: 'assistant', content: 'Which program do you mean?' },
      { role: 'user', content: 'the default one' },
      { role: 'assistant', content: 'Do you mean Bash or Erlang?\n\n1. Bash\n2. Erlang' },
    ];
    const s = initialStateFrom('whatever', history);
    assert.equal(s.previousWasClarification, false);
    assert.equal(s.clarificationCount, 2);
    assert.equal(reconstructClarificationCount(history.slice(0, 2)), 0);
    assert.equal(looksLikeClarification('The answer is 30 seconds [2]. Anything else?'), false, 'an answer with citations is not a clarification');
  });

  it('derives a stable conversation id from the first message when no metadata carries one', () => {
    const h1: HistoryTurn[] = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'Which?' },
    ];
    assert.equal(conversationIdOf(h1, 'next'), conversationIdOf([], 'first'));
    assert.notEqual(conversationIdOf([], 'first'), conversationIdOf([], 'other'));
  });
});
