/**
 * Langfuse tracing through the real `langfuse` client, pointed at a local server that records the
 * POSTed /api/public/ingestion batches.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLangfuseClient, langfuseConfigured, langfuseTracer } from '../../../src/core/tracing/langfuse';
import { noopTracer } from '../../../src/core/tracing/tracer';
import { loadPromptFile } from '../../../src/core/prompts/files';
import { memoryRetriever } from '../../support/memoryRetriever';
import { startHarness } from '../../support/graphHarness';
import { startLangfuseServer } from '../../support/langfuseServer';
import { clarify } from '../../support/scriptedAgents';

const docs = memoryRetriever([{ path: 'erlang/ssh.pdf', page: 28, text: 'hello_timeout: the default value is 30 seconds.' }]);

describe('Langfuse tracing', () => {
  it('is off unless both keys are configured', () => {
    assert.equal(langfuseConfigured({ publicKey: 'pk' }), false);
    assert.equal(createLangfuseClient({ publicKey: 'pk' }), null);
    assert.equal(langfuseTracer(null), noopTracer);
  });

  it('sends a trace per turn (session = conversation), a span per node with decisions, a generation per LLM call', async () => {
    const server = await startLangfuseServer();
    const tracer = langfuseTracer(createLangfuseClient({ publicKey: 'pk-test', secretKey: 'sk-test', baseUrl: server.url }));
    const h = await startHarness(docs, {}, { tracer });
    try {
      const first = await h.ask('What is the default hello_timeout?');
      await tracer.flush();
      const traces = server.events.filter((e) => e.type === 'trace-create');
      assert.ok(traces.length >= 1);
      assert.ok(
        traces.every((t) => t.body.id === traces[0].body.id),
        'one trace per turn',
      );
      assert.equal(traces[0].body.sessionId, first.metadata.conversationId);
      assert.equal(traces[0].body.input, 'What is the default hello_timeout?');
      assert.ok(
        traces.some((t) => t.body.output?.route === 'answer'),
        'the trace ends with the outcome',
      );

      const spans = server.events.filter((e) => e.type === 'span-create');
      assert.deepEqual(
        spans.map((s) => s.body.name),
        ['gate', 'orchestrator', 'research', 'synthesis', 'validation'],
      );
      const updates = server.events.filter((e) => e.type === 'span-update');
      const orchestratorUpdate = updates.find((u) => u.body.id === spans[1].body.id)!;
      assert.equal(orchestratorUpdate.body.metadata.decisions[0].agent, 'orchestrator');
      assert.equal(orchestratorUpdate.body.metadata.decisions[0].decision, 'research');

      const generations = server.events.filter((e) => e.type === 'generation-create');
      assert.equal(generations.length, first.llmCalls);
      assert.deepEqual(
        generations.map((g) => g.body.name),
        ['orchestrator', 'quality', 'synthesis', 'validation'],
      );
      const synthesis = generations[2].body;
      assert.equal(synthesis.model, 'llama3.2');
      assert.equal(synthesis.output, 'The answer is in the documents [1].');
      assert.equal(synthesis.metadata.promptName, 'synthesis');
      assert.equal(synthesis.metadata.promptVersion, (await loadPromptFile('synthesis')).version);
      assert.deepEqual(synthesis.usage, { input: 10, output: 7, unit: 'TOKENS' });
      assert.equal(synthesis.modelParameters.temperature, 0.2);
      assert.ok(Date.parse(synthesis.endTime) >= Date.parse(synthesis.startTime), 'latency: start and end times');
      assert.equal(synthesis.input[0].role, 'system');
      assert.equal(synthesis.parentObservationId, spans[3].body.id, 'nested under the synthesis node span');
      assert.equal(synthesis.traceId, traces[0].body.id);

      // The next turn of the same conversation: a new trace in the same session.
      server.events.length = 0;
      await h.ask('And the daemon?', [
        { role: 'user', content: 'What is the default hello_timeout?' },
        { role: 'assistant', content: first.answer, metadata: first.metadata },
      ]);
      await tracer.flush();
      const second = server.events.filter((e) => e.type === 'trace-create');
      assert.notEqual(second[0].body.id, traces[0].body.id);
      assert.equal(second[0].body.sessionId, first.metadata.conversationId);
    } finally {
      await h.close();
      await server.close();
    }
  });

  it('records a failed LLM call as an ERROR generation', async () => {
    const server = await startLangfuseServer();
    const tracer = langfuseTracer(createLangfuseClient({ publicKey: 'pk-test', secretKey: 'sk-test', baseUrl: server.url }));
    const h = await startHarness(docs, { orchestrator: { content: '', status: 500 }, clarification: clarify() }, { tracer });
    try {
      await h.ask('What is the default hello_timeout?');
      await tracer.flush();
      const failed = server.events.find((e) => e.type === 'generation-create' && e.body.name === 'orchestrator')!;
      assert.equal(failed.body.level, 'ERROR');
      assert.match(failed.body.statusMessage, /LlmRequestError/);
    } finally {
      await h.close();
      await server.close();
    }
  });
});

describe('Langfuse unreachable', () => {
  it('never holds up a turn, and shutdown waits at most a second for a server that does not answer, printing nothing itself', async () => {
    // Accepts connections and never answers.
    const hanging = createServer(() => undefined);
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    const { port } = hanging.address() as AddressInfo;
    const tracer = langfuseTracer(createLangfuseClient({ publicKey: 'pk', secretKey: 'sk', baseUrl: `http://127.0.0.1:${port}` }));
    const h = await startHarness(docs, {}, { tracer });
    const original = console.error;
    const printed: unknown[] = [];
    console.error = (...args: unknown[]) => void printed.push(args);
    try {
      const r = await h.ask('What is the default hello_timeout?');
      assert.equal(r.route, 'answer');
      const started = Date.now();
      await tracer.shutdown();
      const waited = Date.now() - started;
      assert.ok(waited < 2000, `shutdown bounded (${waited} ms)`);
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(printed, [], 'the SDK printed nothing to the console');
    } finally {
      await h.close();
      hanging.closeAllConnections();
      await new Promise<void>((r) => hanging.close(() => r()));
      await new Promise((r) => setTimeout(r, 50));
      console.error = original;
    }
  });
});
