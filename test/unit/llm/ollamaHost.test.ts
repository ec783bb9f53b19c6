import assert from 'node:assert/strict';
import { startFakeOllama } from '../../support/fakeOllama';
import { DEFAULT_OLLAMA_HOST, InvalidOllamaHostError, resolveOllamaHost } from '../../../src/core/llm/host';
import { createOllamaClient } from '../../../src/core/llm/ollamaClient';
import { pullOllamaModel } from '../../../src/core/llm/pull';
import { OllamaEmbedder } from '../../../src/core/index/embed/ollama';

const fromEnv = (value: string) => resolveOllamaHost(undefined, { OLLAMA_HOST: value });

describe('Ollama host: one rule for chat, embeddings and pulls', () => {
  it("reads OLLAMA_HOST as Ollama's CLI does (its envconfig cases), connecting where it listens", () => {
    // [value, what Ollama's CLI connects to]: the cases of Ollama's envconfig tests.
    const cases: Array<[string, string]> = [
      ['', DEFAULT_OLLAMA_HOST],
      ['1.2.3.4', 'http://1.2.3.4:11434'],
      [':1234', 'http://127.0.0.1:1234'],
      ['1.2.3.4:1234', 'http://1.2.3.4:1234'],
      ['example.com', 'http://example.com:11434'],
      ['example.com:1234', 'http://example.com:1234'],
      [':66000', 'http://127.0.0.1:11434'],
      [':-1', 'http://127.0.0.1:11434'],
      ['[::1]', 'http://[::1]:11434'],
      ['::1', 'http://[::1]:11434'],
      ['[::1]:1337', 'http://[::1]:1337'],
      [' 1.2.3.4 ', 'http://1.2.3.4:11434'],
      ['"1.2.3.4"', 'http://1.2.3.4:11434'],
      [" ' 1.2.3.4 ' ", 'http://1.2.3.4:11434'],
      ['http://1.2.3.4', 'http://1.2.3.4:80'],
      ['http://1.2.3.4:4321', 'http://1.2.3.4:4321'],
      ['https://1.2.3.4', 'https://1.2.3.4:443'],
      ['https://example.com/ollama/', 'https://example.com:443/ollama'],
      // Listen-only addresses are reached on the loopback of their family.
      ['0.0.0.0', 'http://127.0.0.1:11434'],
      ['0.0.0.0:11500', 'http://127.0.0.1:11500'],
      ['[::]', 'http://[::1]:11434'],
      ['http://user:secret@proxy:8080', 'http://user:secret@proxy:8080'],
    ];
    for (const [value, expected] of cases) assert.equal(fromEnv(value), expected, `OLLAMA_HOST=${JSON.stringify(value)}`);
  });

  it('prefers the setting to OLLAMA_HOST, with the same rules', () => {
    assert.equal(resolveOllamaHost(':11500', { OLLAMA_HOST: 'other:1' }), 'http://127.0.0.1:11500');
    assert.equal(resolveOllamaHost('  ', { OLLAMA_HOST: 'gpu-box' }), 'http://gpu-box:11434');
  });

  it('names a value that is no address, and where it came from, instead of "Invalid URL"', () => {
    assert.throws(
      () => fromEnv('ftp://1.2.3.4'),
      (e: unknown) => e instanceof InvalidOllamaHostError && /OLLAMA_HOST is "ftp:\/\/1.2.3.4"/.test(e.message),
    );
    assert.throws(
      () => resolveOllamaHost('gpu box'),
      (e: unknown) => e instanceof InvalidOllamaHostError && /setting is "gpu box"/.test(e.message),
    );
  });

  it('OLLAMA_HOST=:port reaches one server for indexing, chat and model pulls', async () => {
    const fake = await startFakeOllama({ models: ['llama3.2', 'nomic-embed-text'] });
    const saved = process.env.OLLAMA_HOST;
    process.env.OLLAMA_HOST = `:${new URL(fake.url).port}`;
    try {
      const vectors = await new OllamaEmbedder().embed(['a passage']);
      assert.equal(vectors.length, 1);
      await createOllamaClient().checkReady(['llama3.2']);
      const pulled: string[] = [];
      for await (const line of pullOllamaModel({ model: 'qwen2.5' })) pulled.push(line.status);
      assert.ok(pulled.includes('success'), pulled.join(', '));
      const paths = new Set(fake.requests.map((r) => r.path));
      for (const path of ['/api/embed', '/api/pull']) assert.ok(paths.has(path), `${path} in ${[...paths].join(', ')}`);
      assert.ok(fake.requests.length >= 3);
    } finally {
      if (saved === undefined) delete process.env.OLLAMA_HOST;
      else process.env.OLLAMA_HOST = saved;
      await fake.close();
    }
  });
});
