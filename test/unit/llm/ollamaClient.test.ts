import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContextOverflowError, LlmRequestError, ModelMissingError, OllamaUnreachableError } from '../../../src/core/llm/errors';
import { contextLengthOf, createOllamaClient } from '../../../src/core/llm/ollamaClient';
import { startFakeOllama, type FakeOllama } from '../../support/fakeOllama';

const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
const base = { agent: 'test', model: 'llama3.2', temperature: 0.3, messages: [{ role: 'user' as const, content: 'hi' }] };

/** A port nothing listens on (bound, then closed). */
async function deadPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('Ollama LLM client', () => {
  let fake: FakeOllama;
  afterEach(async () => fake?.close());

  it('sends the JSON schema as format with temperature and num_ctx, and parses reply and usage', async () => {
    fake = await startFakeOllama();
    fake.queueChat('{"ok":true}');
    const llm = createOllamaClient({ host: fake.url });
    const result = await llm.chatJson({ ...base, schema, numCtx: 4096, maxTokens: 100 });
    assert.deepEqual(result.value, { ok: true });
    assert.equal(result.usage.completionTokens, 1);
    assert.equal(result.usage.promptTokens, 10);
    const sent = fake.chatRequests()[0];
    assert.deepEqual(sent.format, schema);
    assert.equal(sent.stream, false);
    assert.deepEqual(sent.options, { temperature: 0.3, num_ctx: 4096, num_predict: 100 });
  });

  it("sends keep_alive as minutes (Ollama's duration), -1 as until the server stops, and nothing when the caller gives none", async () => {
    fake = await startFakeOllama();
    fake.queueChat('{"ok":true}', '{"ok":true}', 'streamed', '{"ok":true}');
    const llm = createOllamaClient({ host: fake.url });
    await llm.chatJson({ ...base, schema, keepAliveMinutes: 30 });
    await llm.chatJson({ ...base, schema, keepAliveMinutes: -1 });
    await llm.chatStream({ ...base, keepAliveMinutes: 0, onToken: () => undefined });
    await llm.chatJson({ ...base, schema });
    const sent = fake.chatRequests().map((r) => (r as { keep_alive?: unknown }).keep_alive);
    assert.deepEqual(sent, ['30m', -1, '0m', undefined]);
  });

  it('throws LlmRequestError for a reply that is not JSON', async () => {
    fake = await startFakeOllama();
    fake.queueChat('this is not json');
    const llm = createOllamaClient({ host: fake.url });
    await assert.rejects(llm.chatJson({ ...base, schema }), (e: unknown) => e instanceof LlmRequestError && e.code === 'llm-failed');
  });

  it('turns a 404 into ModelMissingError carrying the ollama pull command', async () => {
    fake = await startFakeOllama({ models: ['other'] });
    const llm = createOllamaClient({ host: fake.url });
    await assert.rejects(
      llm.chatJson({ ...base, schema }),
      (e: unknown) => e instanceof ModelMissingError && e.action === 'ollama pull llama3.2' && e.cause !== undefined,
    );
    await assert.rejects(llm.checkReady(['llama3.2']), (e: unknown) => e instanceof ModelMissingError && e.model === 'llama3.2');
  });

  it('turns connection refused into OllamaUnreachableError naming the host tried', async () => {
    const host = await deadPort();
    const llm = createOllamaClient({ host });
    await assert.rejects(
      llm.chatJson({ ...base, schema }),
      (e: unknown) => e instanceof OllamaUnreachableError && e.host === host && e.code === 'ollama-unreachable',
    );
    await assert.rejects(llm.checkReady(['llama3.2']), (e: unknown) => e instanceof OllamaUnreachableError);
    await assert.rejects(llm.chatStream({ ...base, onToken: () => undefined }), (e: unknown) => e instanceof OllamaUnreachableError);
  });

  it('maps other HTTP errors to LlmRequestError with the status', async () => {
    fake = await startFakeOllama();
    fake.queueChat({ content: '', status: 500, error: 'boom' });
    const llm = createOllamaClient({ host: fake.url });
    await assert.rejects(llm.chatJson({ ...base, schema }), (e: unknown) => e instanceof LlmRequestError && e.status === 500);
  });

  it('refuses a prompt that cannot fit num_ctx before sending it (ContextOverflowError)', async () => {
    fake = await startFakeOllama();
    const llm = createOllamaClient({ host: fake.url });
    const long = 'word '.repeat(5000);
    await assert.rejects(
      llm.chatJson({ ...base, messages: [{ role: 'user', content: long }], schema, numCtx: 1024 }),
      (e: unknown) => e instanceof ContextOverflowError && e.contextLength === 1024 && e.estimatedTokens > 1024,
    );
    assert.equal(fake.chatRequests().length, 0);
  });

  it('reads the context length from /api/show model_info once per model', async () => {
    fake = await startFakeOllama({ contextLength: 32768 });
    const llm = createOllamaClient({ host: fake.url });
    assert.equal(await llm.contextLength('llama3.2'), 32768);
    assert.equal(await llm.contextLength('llama3.2'), 32768);
    assert.equal(fake.requests.filter((r) => r.path === '/api/show').length, 1);
    assert.equal(contextLengthOf({ 'general.architecture': 'qwen2', 'qwen2.context_length': 4096 }, 2048), 4096);
    assert.equal(contextLengthOf({}, 2048), 2048);
  });

  it('streams tokens and reports usage', async () => {
    fake = await startFakeOllama();
    fake.queueChat('one two three');
    const llm = createOllamaClient({ host: fake.url });
    const tokens: string[] = [];
    const result = await llm.chatStream({ ...base, onToken: (t) => tokens.push(t) });
    assert.deepEqual(tokens, ['one', ' two', ' three']);
    assert.equal(result.text, 'one two three');
    assert.equal(result.usage.completionTokens, 3);
  });

  it('reports Ollama dying mid-stream as LlmRequestError after the tokens that arrived', async () => {
    fake = await startFakeOllama();
    fake.queueChat({ content: 'a b c d e f', failAfterTokens: 2, tokenDelayMs: 5 });
    const llm = createOllamaClient({ host: fake.url });
    const tokens: string[] = [];
    await assert.rejects(llm.chatStream({ ...base, onToken: (t) => tokens.push(t) }), (e: unknown) => e instanceof LlmRequestError);
    assert.deepEqual(tokens, ['a', ' b']);
  });

  it('cancels a non-streamed request through the AbortSignal (the HTTP request is closed)', async () => {
    fake = await startFakeOllama();
    fake.queueChat({ content: '{"ok":true}', delayMs: 5000 });
    const llm = createOllamaClient({ host: fake.url });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(llm.chatJson({ ...base, schema, signal: controller.signal }), (e: unknown) => (e as Error).name === 'AbortError');
    assert.ok(Date.now() - started < 2000, 'aborted long before the server would have answered');
  });

  it('cancels a stream mid-answer through the AbortSignal', async () => {
    fake = await startFakeOllama();
    fake.queueChat({ content: 'a b c d e f g h i j', tokenDelayMs: 100 });
    const llm = createOllamaClient({ host: fake.url });
    const controller = new AbortController();
    const tokens: string[] = [];
    await assert.rejects(
      llm.chatStream({
        ...base,
        signal: controller.signal,
        onToken: (t) => {
          tokens.push(t);
          if (tokens.length === 2) controller.abort();
        },
      }),
      (e: unknown) => (e as Error).name === 'AbortError',
    );
    assert.equal(tokens.length, 2);
  });
});
