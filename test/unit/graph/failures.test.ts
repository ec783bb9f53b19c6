import assert from 'node:assert/strict';
import { createResearchAssistant } from '../../../src/core/graph/runTurn';
import { createOllamaClient } from '../../../src/core/llm/ollamaClient';
import { memoryRetriever } from '../../support/memoryRetriever';
import { withTempDir } from '../../support/tempDir';
import { buildRealIndex } from '../../support/realIndex';
import { count, startHarness, type Harness } from '../../support/graphHarness';
import { deadHost } from '../../support/deadHost';

const docs = memoryRetriever([
  {
    path: 'erlang/ssh.pdf',
    page: 28,
    text: 'hello_timeout: if the client fails to send the first message within this time the connection is closed. The default value is 30 seconds.',
  },
  { path: 'bash/bashref.pdf', page: 95, text: 'SRANDOM: the random number generator cannot be seeded, so assignments to this variable have no effect.' },
]);

describe('failures degrade, never crash', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('cancellation mid-stream ends the turn at once as cancelled, keeping what was streamed', async () => {
    const full = 'The default value is thirty seconds according to the manual [1].';
    h = await startHarness(docs, { synthesis: { content: full, tokenDelayMs: 200 } });
    const assistant = createResearchAssistant({ retriever: docs, llm: createOllamaClient({ host: h.fake.url }), config: { model: 'llama3.2' } });
    const controller = new AbortController();
    let abortedAt = 0;
    const r = await assistant.runTurn(
      { question: 'What is the default hello_timeout?', history: [] },
      {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'token' && !abortedAt) {
            abortedAt = Date.now();
            controller.abort();
          }
        },
      },
    );
    assert.equal(r.cancelled, true);
    assert.ok(Date.now() - abortedAt < 1500, 'the stream was closed, not run to the end (2 s)');
    assert.ok(r.answer.startsWith('The') && r.answer.length < full.length);
    assert.equal(count(h.agents, 'validation'), 0);
  });

  it('Ollama dying mid-answer: the partial answer is replaced by the extractive one, with the problem named', async () => {
    h = await startHarness(docs, { synthesis: { content: 'The default value is thirty seconds [1].', failAfterTokens: 3, tokenDelayMs: 50 } });
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(r.route, 'fallback');
    assert.equal(r.problem?.code, 'llm-failed');
    assert.match(r.answer, /stopped while answering/);
    assert.match(r.answer, /The default value is 30 seconds\. \[1\]/);
    assert.equal(r.citations[0].file, 'erlang/ssh.pdf');
    const types = r.events.map((e) => e.type);
    assert.ok(types.indexOf('reset') > types.indexOf('token'), 'partial tokens are discarded by a reset');
  });

  it('degraded mode without any LLM configured: extractive answer with citations and one line on full answers', async () => {
    const assistant = createResearchAssistant({ retriever: docs, llm: null, tracer: undefined });
    const r = await assistant.runTurn({ question: 'Can SRANDOM be seeded?', history: [] });
    assert.equal(r.route, 'fallback');
    assert.equal(r.llmCalls, 0);
    assert.equal(r.problem?.code, 'llm-not-configured');
    assert.match(r.answer, /> SRANDOM: the random number generator cannot be seeded/);
    assert.match(r.answer, /For full answers: Install Ollama \(https:\/\/ollama\.com\) and pull a chat model \(`ollama pull llama3\.2`\)/);
    assert.deepEqual(
      r.citations.map((c) => [c.index, c.file, c.page]),
      [[1, 'bash/bashref.pdf', 95]],
    );
  });

  it('degraded mode when Ollama is unreachable: the host tried is named and no chat request is attempted', async () => {
    const host = await deadHost();
    const assistant = createResearchAssistant({ retriever: docs, llm: createOllamaClient({ host }) });
    const r = await assistant.runTurn({ question: 'Can SRANDOM be seeded?', history: [] });
    assert.equal(r.route, 'fallback');
    assert.equal(r.problem?.code, 'ollama-unreachable');
    assert.ok(r.problem?.message.includes(host));
    assert.equal(r.llmCalls, 0);
  });

  it('a missing chat model degrades with the ollama pull command', async () => {
    h = await startHarness(docs, {}, { fake: { models: ['nomic-embed-text'] } });
    const r = await h.ask('Can SRANDOM be seeded?');
    assert.equal(r.route, 'fallback');
    assert.equal(r.problem?.code, 'model-missing');
    assert.equal(r.problem?.action, 'ollama pull llama3.2');
    assert.match(r.answer, /ollama pull llama3\.2/);
  });

  it('an empty index stops with an actionable message and no LLM call', () =>
    withTempDir(async (dir) => {
      const index = await buildRealIndex(dir, {});
      h = await startHarness(index.retriever);
      try {
        const r = await h.ask('anything?');
        assert.equal(r.route, 'fallback');
        assert.equal(r.problem?.code, 'index-empty');
        assert.match(r.answer, /Index your documents first/);
        assert.equal(h.fake.chatRequests().length, 0);
      } finally {
        index.close();
      }
    }));

  it('a broken index stops with index-missing instead of throwing', async () => {
    const broken = {
      ...docs,
      listDocuments: async () => {
        throw new Error('Not found: _indices');
      },
    };
    h = await startHarness(broken);
    const r = await h.ask('anything?');
    assert.equal(r.problem?.code, 'index-missing');
  });

  it('a context window too small for any passage falls back to the extractive answer (ContextOverflowError)', async () => {
    const big = memoryRetriever([{ path: 'big.md', lines: [1, 400], text: 'hello_timeout default ' + 'filler words here '.repeat(2000) }]);
    h = await startHarness(big, {}, { fake: { contextLength: 2048 } });
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(r.problem?.code, 'context-overflow');
    assert.equal(r.route, 'fallback');
    assert.equal(count(h.agents, 'synthesis'), 0);
  });

  it('trims passages to the context window, lowest ranked first', async () => {
    const many = memoryRetriever(
      Array.from({ length: 8 }, (_, i) => ({
        path: `doc${i}.md`,
        lines: [1, 50] as [number, number],
        text: `hello_timeout default ${i} ` + 'some words '.repeat(300),
      })),
    );
    h = await startHarness(many, { synthesis: 'It is in [1].' }, { fake: { contextLength: 3000 } });
    await h.ask('What is the default hello_timeout?');
    const system = h.agents.requests.synthesis[0].messages[0].content;
    const included = [...system.matchAll(/<document n="(\d+)"/g)].map((m) => Number(m[1]));
    assert.ok(included.length >= 1 && included.length < 8, `${included.length} passages fit`);
    assert.deepEqual(
      included,
      Array.from({ length: included.length }, (_, i) => i + 1),
      'the highest ranked are kept',
    );
    assert.equal(h.agents.requests.synthesis[0].options?.num_ctx, 3000);
  });
});
