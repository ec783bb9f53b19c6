import assert from 'node:assert/strict';
import { evaluateGraph, formatGraphReport, parseGraphEvalItems, runGraphChecks } from '../../../src/core/eval/graphEval';
import { startFakeOllama } from '../../support/fakeOllama';
import { scriptAgents } from '../../support/scriptedAgents';
import { memoryRetriever } from '../../support/memoryRetriever';
import { startHarness } from '../../support/graphHarness';
import { clarify, research } from '../../support/scriptedAgents';

const docs = memoryRetriever([
  { path: 'erlang/ssh-4.15.2.pdf', page: 28, text: 'hello_timeout: the default value is 30 seconds.' },
  { path: 'bash/bashref.pdf', page: 95, text: 'SRANDOM cannot be seeded.' },
]);

const jsonl = [
  { id: 'v1', kind: 'vague', question: "What's the default timeout?", expected: 'clarify', sources: [] },
  { id: 'u1', kind: 'unanswerable', question: 'What is the airspeed of a swallow?', expected: 'not_in_corpus', sources: [] },
  { id: 'f1', kind: 'factual', question: 'Can you seed SRANDOM?', expected: 'answer', sources: [{ file: 'bash/bashref.pdf', pages: [95] }] },
  {
    id: 'c1',
    kind: 'conversation',
    turns: [
      { role: 'user', content: "What's the default timeout?", expected: 'clarify' },
      { role: 'user', content: 'The Erlang SSH hello_timeout.', expected: 'answer' },
    ],
    expected: 'answer',
    sources: [{ file: 'erlang/ssh-4.15.2.pdf', pages: [28] }],
  },
]
  .map((o) => JSON.stringify(o))
  .join('\n');

describe('graph eval (routing and answer checks)', () => {
  it('scores vague, unanswerable, factual and conversation items through real turns', async () => {
    const h = await startHarness(docs, {
      orchestrator: (body) => (/default timeout\?$/.test(body.messages.at(-1)!.content) ? clarify() : research()),
      synthesis: (body) =>
        /swallow/.test(body.messages.at(-1)!.content)
          ? "The documents don't contain the answer to this."
          : /SRANDOM/i.test(body.messages.at(-1)!.content)
            ? 'No, it cannot be seeded [1].'
            : 'It is 30 seconds [1].',
    });
    try {
      const items = parseGraphEvalItems(jsonl);
      assert.equal(items[3].turns?.length, 2);
      const report = await evaluateGraph(items, (input) => h.ask(input.question, input.history));
      assert.deepEqual(report.byKind, {
        vague: { passed: 1, total: 1 },
        unanswerable: { passed: 1, total: 1 },
        factual: { passed: 1, total: 1 },
        conversation: { passed: 1, total: 1 },
      });
      assert.deepEqual(report.routing, { correct: 5, total: 5 });
      assert.equal(report.items[3].turns[1].route, 'answer');
      assert.match(formatGraphReport(report), /vague: 1\/1/);
    } finally {
      await h.close();
    }
  });

  it('fails an answer to an unanswerable question and a clarification where an answer was expected', async () => {
    const h = await startHarness(docs, { orchestrator: clarify(), synthesis: 'It is 42 [1].' });
    try {
      const report = await evaluateGraph(parseGraphEvalItems(jsonl).slice(1, 3), (input) => h.ask(input.question, input.history));
      assert.equal(report.items[0].passed, false);
      assert.equal(report.items[1].passed, false);
      assert.match(report.items[1].turns[0].reason, /clarifying question instead of answering/);
    } finally {
      await h.close();
    }
  });
});

describe('graph eval hook for the eval command', () => {
  it('skips with a reason when no chat model is reachable, and runs the items when one is', async () => {
    const skipped = await runGraphChecks({ retriever: docs, jsonl, config: { ollamaHost: 'http://127.0.0.1:9' } });
    assert.equal(skipped.report, null);
    const agents = scriptAgents({ synthesis: 'It is 30 seconds [1].' });
    const fake = await startFakeOllama({ chat: (b) => agents.chat(b) });
    try {
      const ran = await runGraphChecks({ retriever: docs, jsonl, config: { ollamaHost: fake.url } });
      assert.ok(ran.report);
      assert.equal(ran.report.items.length, 4);
      assert.ok(agents.asked.length > 0);
    } finally {
      await fake.close();
    }
  });
});
