import assert from 'node:assert/strict';
import { decideWithoutLlm } from '../../../src/core/graph/nodes/orchestrator';
import { memoryRetriever } from '../../support/memoryRetriever';
import { count, startHarness, type Harness } from '../../support/graphHarness';
import { clarify, research } from '../../support/scriptedAgents';
import type { HistoryTurn } from '../../../src/core/graph/api';

const docs = memoryRetriever([
  {
    path: 'erlang/ssh.pdf',
    page: 28,
    text: 'hello_timeout: if the client fails to send the first message within this time the connection is closed. The default value is 30 seconds.',
  },
  { path: 'bash/bashref.pdf', page: 60, text: 'read -t timeout: cause read to time out and return failure if input is not complete within timeout seconds.' },
]);

describe('orchestrator layers 1 and 2 (no LLM)', () => {
  it('layer 1: count at the limit → research and the count resets', () => {
    const d = decideWithoutLlm({ clarificationCount: 2, previousWasClarification: true, question: 'x' }, 2);
    assert.equal(d?.layer, 1);
    assert.equal(d?.update.clarificationCount, 0);
    assert.equal(d?.update.nextAgent, 'research');
  });

  it('layer 2: a reply to our clarification → research with the count unchanged', () => {
    const d = decideWithoutLlm({ clarificationCount: 1, previousWasClarification: true, question: 'the SSH one' }, 2);
    assert.equal(d?.layer, 2);
    assert.equal('clarificationCount' in (d?.update ?? {}), false);
  });

  it('neither applies → null (layer 3 decides)', () => {
    assert.equal(decideWithoutLlm({ clarificationCount: 1, previousWasClarification: false, question: 'x' }, 2), null);
    assert.equal(decideWithoutLlm({ clarificationCount: 0, previousWasClarification: true, question: '  ' }, 2), null);
  });

  it('respects a configured maximum', () => {
    assert.equal(decideWithoutLlm({ clarificationCount: 2, previousWasClarification: false, question: 'x' }, 3), null);
    assert.equal(decideWithoutLlm({ clarificationCount: 3, previousWasClarification: false, question: 'x' }, 3)?.layer, 1);
  });
});

describe('orchestrator layer 3 (LLM decision) through the graph', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('a clarify decision increments the count and ends the turn with the clarification', async () => {
    h = await startHarness(docs, { orchestrator: clarify('which program') });
    const r = await h.ask("What's the default timeout?");
    assert.equal(r.route, 'clarification');
    assert.equal(r.metadata.clarificationCount, 1);
    assert.equal(r.metadata.lastAgent, 'clarification');
    assert.equal(r.metadata.clarifyingQuestion, r.answer);
    assert.deepEqual(h.agents.asked, ['orchestrator', 'clarification']);
    assert.match(r.decisions.find((d) => d.agent === 'orchestrator')!.reason, /^layer 3/);
  });

  it('a research decision resets the count and uses the strategy without a separate query analysis', async () => {
    h = await startHarness(docs, {
      orchestrator: research({ standalone_question: 'default hello_timeout of the Erlang SSH daemon', sub_queries: ['hello_timeout default'] }),
    });
    const history: HistoryTurn[] = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: 'Hello! Ask about your documents.',
        metadata: { clarificationCount: 1, lastAgent: 'validation', citations: [], decisions: [], conversationId: 'c1' },
      },
    ];
    const r = await h.ask('What is the default hello_timeout in Erlang SSH?', history);
    assert.equal(r.route, 'answer');
    assert.equal(r.metadata.clarificationCount, 0);
    assert.equal(count(h.agents, 'query-analysis'), 0);
    assert.deepEqual(h.agents.asked, ['orchestrator', 'quality', 'synthesis', 'validation']);
    assert.equal(r.llmCalls, 4);
    assert.equal(r.metadata.conversationId, 'c1');
  });

  it('LLM failure (HTTP 500) → research', async () => {
    h = await startHarness(docs, { orchestrator: { content: '', status: 500, error: 'model crashed' } });
    const r = await h.ask("What's the default timeout?");
    assert.equal(r.route, 'answer');
    assert.equal(r.metadata.clarificationCount, 0);
    assert.match(r.decisions.find((d) => d.agent === 'orchestrator')!.reason, /LLM decision failed \(llm-failed\)/);
  });

  it('malformed JSON → research', async () => {
    h = await startHarness(docs, { orchestrator: 'I think we should {clarify' });
    const r = await h.ask("What's the default timeout?");
    assert.equal(r.route, 'answer');
    assert.equal(h.agents.asked[0], 'orchestrator');
    assert.match(r.decisions[1].reason, /failed/);
  });

  it('valid JSON of the wrong shape → research', async () => {
    h = await startHarness(docs, { orchestrator: JSON.stringify({ decision: 'maybe', reasoning: 1 }) });
    const r = await h.ask("What's the default timeout?");
    assert.equal(r.route, 'answer');
    assert.equal(r.metadata.clarificationCount, 0);
  });

  it('sends structured output (JSON schema) and only the last max_history messages', async () => {
    h = await startHarness(docs, { orchestrator: research() }, { config: { maxHistory: 4 } });
    const history: HistoryTurn[] = [];
    for (let i = 0; i < 8; i++) history.push({ role: 'user', content: `question ${i}` }, { role: 'assistant', content: `answer ${i}` });
    await h.ask('What is the default hello_timeout?', history);
    const sent = h.agents.requests.orchestrator[0];
    const format = sent.format as { properties: Record<string, unknown>; required: string[] };
    assert.deepEqual(Object.keys(format.properties).sort(), [
      'decision',
      'document_filters',
      'intent',
      'missing_context',
      'reasoning',
      'standalone_question',
      'sub_queries',
    ]);
    assert.equal(sent.options?.temperature, 0.3);
    const chat = sent.messages.filter((m) => m.role !== 'system');
    assert.equal(chat.length, 4);
    assert.equal(chat[chat.length - 1].content, 'What is the default hello_timeout?');
    assert.match(sent.messages[0].content, /erlang\/ssh\.pdf/);
  });
});
