import assert from 'node:assert/strict';
import { KeyRefusedError, LlmRequestError, LlmTimeoutError, ModelServerUnreachableError, ServedModelMissingError } from '../../../src/core/llm/errors';
import { createOpenAiClient } from '../../../src/core/llm/openaiClient';
import { ModelServerConfigError, normalizeBaseUrl, resolveModelServer } from '../../../src/core/llm/modelServer';
import { deadHost } from '../../support/deadHost';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fakeOpenAi';

const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
const base = {
  agent: 'test',
  model: 'llama3.2',
  temperature: 0.3,
  messages: [
    { role: 'system' as const, content: 'You check things.' },
    { role: 'user' as const, content: 'hi' },
  ],
};

describe('OpenAI-compatible LLM client', () => {
  let fake: FakeOpenAi;
  afterEach(async () => fake?.close());

  it('asks for json_schema output with the bearer key, and parses reply and usage', async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-team', chat: () => '{"ok":true}' });
    const llm = createOpenAiClient({ baseUrl: fake.url, apiKey: 'sk-team' });
    const result = await llm.chatJson({ ...base, schema, maxTokens: 100 });
    assert.deepEqual(result.value, { ok: true });
    assert.deepEqual(result.usage, { promptTokens: 10, completionTokens: 1 });
    const sent = fake.chatRequests()[0];
    assert.deepEqual(sent.response_format, { type: 'json_schema', json_schema: { name: 'test', schema } });
    assert.equal(sent.stream, false);
    assert.equal(sent.max_tokens, 100);
    assert.equal(sent.temperature, 0.3);
    assert.equal(fake.requests[0]!.authorization, 'Bearer sk-team');
  });

  it('a server that refuses json_schema gets json_object with the schema in the system prompt, and keeps that mode', async () => {
    fake = await startFakeOpenAi({ responseFormats: ['json_object'], chat: () => '{"ok":true}' });
    const llm = createOpenAiClient({ baseUrl: fake.url });
    assert.deepEqual((await llm.chatJson({ ...base, schema })).value, { ok: true });
    assert.equal(llm.jsonMode, 'json_object');
    await llm.chatJson({ ...base, schema });
    const sent = fake.chatRequests();
    assert.deepEqual(
      sent.map((r) => r.response_format?.type),
      ['json_schema', 'json_object', 'json_object'],
      'the refused mode is not tried again',
    );
    assert.equal(sent[1].messages.length, 2, 'the schema joins the system message instead of adding one');
    assert.match(sent[1].messages[0].content, /^You check things\.\n\nReply with one JSON object only .*\n\{"type":"object"/s);
  });

  it('a server that takes no response_format at all: the schema in the prompt alone, a fenced reply still parsed', async () => {
    fake = await startFakeOpenAi({ responseFormats: [], chat: () => 'Here it is:\n```json\n{"ok": false}\n```' });
    const llm = createOpenAiClient({ baseUrl: fake.url });
    assert.deepEqual((await llm.chatJson({ ...base, schema })).value, { ok: false });
    assert.equal(llm.jsonMode, 'prompt');
    assert.equal(fake.chatRequests().at(-1).response_format, undefined);
  });

  it('streams server-sent events token by token and needs the end of the stream', async () => {
    fake = await startFakeOpenAi({ chat: () => 'The answer is 42 [1].' });
    const llm = createOpenAiClient({ baseUrl: fake.url });
    const seen: string[] = [];
    const result = await llm.chatStream({ ...base, onToken: (t) => seen.push(t) });
    assert.equal(result.text, 'The answer is 42 [1].');
    assert.deepEqual(seen, ['The', ' answer', ' is', ' 42', ' [1].']);
    assert.equal(fake.chatRequests()[0].stream, true);
  });

  it('a stream cut mid-answer is LlmRequestError; a stalled one LlmTimeoutError naming the model server and the limit', async () => {
    fake = await startFakeOpenAi({ chat: () => ({ content: 'one two three four', failAfterTokens: 2, tokenDelayMs: 20 }) });
    let llm = createOpenAiClient({ baseUrl: fake.url });
    await assert.rejects(
      llm.chatStream({ ...base, onToken: () => undefined }),
      (e: unknown) => e instanceof LlmRequestError && /stopped in the middle/.test(e.message),
    );
    await fake.close();
    fake = await startFakeOpenAi({ chat: () => ({ content: 'one two three four', stallAfterTokens: 2 }) });
    llm = createOpenAiClient({ baseUrl: fake.url, limits: { betweenTokensMs: 300 } });
    await assert.rejects(
      llm.chatStream({ ...base, onToken: () => undefined }),
      (e: unknown) =>
        e instanceof LlmTimeoutError &&
        e.limit === 'betweenTokensMs' &&
        e.message === `Model server at ${fake.url} sent nothing for 0.3 s between two tokens of the answer`,
    );
  });

  it('401 is KeyRefusedError saying where to set the key; sent or not decides the words', async () => {
    fake = await startFakeOpenAi({ apiKey: 'right', chat: () => '{}' });
    const wrong = createOpenAiClient({ baseUrl: fake.url, apiKey: 'wrong' });
    await assert.rejects(
      wrong.checkReady(['llama3.2']),
      (e: unknown) =>
        e instanceof KeyRefusedError &&
        e.code === 'key-refused' &&
        e.message === `The model server at ${fake.url} refused the key (HTTP 401)` &&
        /RESEARCH_API_KEY.*Set Model Server API Key/.test(e.action),
    );
    const none = createOpenAiClient({ baseUrl: fake.url });
    await assert.rejects(
      none.chatJson({ ...base, schema }),
      (e: unknown) => e instanceof KeyRefusedError && e.message === `The model server at ${fake.url} needs an API key (HTTP 401)`,
    );
    assert.equal(fake.requests.at(-1)!.authorization, undefined);
  });

  it("HTTP 500 carries the server's own message; a refused connection is ModelServerUnreachableError", async () => {
    fake = await startFakeOpenAi({ chat: () => ({ content: '', status: 500, error: 'CUDA out of memory' }) });
    const llm = createOpenAiClient({ baseUrl: fake.url });
    await assert.rejects(
      llm.chatStream({ ...base, onToken: () => undefined }),
      (e: unknown) => e instanceof LlmRequestError && e.status === 500 && e.message === `Model server at ${fake.url} answered HTTP 500: CUDA out of memory`,
    );
    const host = `${await deadHost()}/v1`;
    await assert.rejects(
      createOpenAiClient({ baseUrl: host }).checkReady(['llama3.2']),
      (e: unknown) => e instanceof ModelServerUnreachableError && e.host === host && /--base-url/.test(e.action),
    );
  });

  it('checkReady names the models the server does serve; contextLength reads max_model_len', async () => {
    fake = await startFakeOpenAi({ models: ['Qwen/Qwen2.5-7B-Instruct'], maxModelLen: 32768 });
    const llm = createOpenAiClient({ baseUrl: fake.url });
    await assert.rejects(
      llm.checkReady(['llama3.2']),
      (e: unknown) => e instanceof ServedModelMissingError && e.action.endsWith('one the server serves: it serves Qwen/Qwen2.5-7B-Instruct'),
    );
    assert.equal(await llm.contextLength('Qwen/Qwen2.5-7B-Instruct'), 32768);
    assert.equal(await llm.contextLength('other'), 4096, 'unknown: the conservative default');
  });

  it('a base URL without /v1 that the server does not know: one line saying to check it', async () => {
    fake = await startFakeOpenAi();
    const llm = createOpenAiClient({ baseUrl: fake.url.replace(/\/v1$/, '/api') });
    await assert.rejects(
      llm.checkReady(['llama3.2']),
      (e: unknown) => e instanceof LlmRequestError && /has no \/models \(HTTP 404\): check the base URL, which usually ends in \/v1$/.test(e.message),
    );
  });

  it('embeddings come back in input order whatever order the server lists them in', async () => {
    fake = await startFakeOpenAi({ embed: (_m, inputs) => inputs.map((t) => [t.length, 1]) });
    const llm = createOpenAiClient({ baseUrl: fake.url });
    assert.deepEqual(await llm.embed('nomic-embed-text', ['a', 'bbb', 'cc']), [
      [1, 1],
      [3, 1],
      [2, 1],
    ]);
  });
});

describe('model server choice', () => {
  it('normalises the base URL: scheme and /v1 added when missing, trailing slash dropped', () => {
    assert.equal(normalizeBaseUrl('gpu-box:8000'), 'http://gpu-box:8000/v1');
    assert.equal(normalizeBaseUrl('https://llm.example.org/openai/v1/'), 'https://llm.example.org/openai/v1');
    assert.throws(() => normalizeBaseUrl('ftp://x'), ModelServerConfigError);
  });

  it('the key comes from RESEARCH_API_KEY, never from OPENAI_API_KEY; an openai-compatible provider needs a base URL', () => {
    const env = { OPENAI_API_KEY: 'sk-openai', RESEARCH_API_KEY: 'sk-team' };
    assert.deepEqual(resolveModelServer({ provider: 'openai-compatible', baseUrl: 'gpu-box:8000' }, env), {
      provider: 'openai-compatible',
      baseUrl: 'http://gpu-box:8000/v1',
      apiKey: 'sk-team',
    });
    assert.equal((resolveModelServer({ provider: 'openai-compatible', baseUrl: 'x:1' }, { OPENAI_API_KEY: 'sk-openai' }) as { apiKey: unknown }).apiKey, null);
    assert.throws(
      () => resolveModelServer({ provider: 'openai-compatible' }, {}),
      /needs its base URL \(CLI: --base-url URL; VS Code: research\.llm\.baseUrl\)/,
    );
    assert.deepEqual(resolveModelServer({}, {}), { provider: 'ollama', host: null });
  });
});
