import assert from 'node:assert/strict';
import { estimateTokens, fitCount, trimHistory } from '../../../src/core/llm/budget';
import { DEFAULT_OLLAMA_HOST, resolveOllamaHost } from '../../../src/core/llm/host';

describe('Ollama host resolution', () => {
  it('defaults to 127.0.0.1, not localhost (which may resolve to ::1)', () => {
    assert.equal(resolveOllamaHost(undefined, {}), 'http://127.0.0.1:11434');
    assert.equal(DEFAULT_OLLAMA_HOST, 'http://127.0.0.1:11434');
  });

  it('reads OLLAMA_HOST the way Ollama does, and config wins over it', () => {
    assert.equal(resolveOllamaHost(undefined, { OLLAMA_HOST: '10.0.0.5' }), 'http://10.0.0.5:11434');
    assert.equal(resolveOllamaHost(undefined, { OLLAMA_HOST: ':9999' }), 'http://127.0.0.1:9999');
    assert.equal(resolveOllamaHost(undefined, { OLLAMA_HOST: '0.0.0.0:11434' }), 'http://127.0.0.1:11434');
    assert.equal(resolveOllamaHost(undefined, { OLLAMA_HOST: 'https://ollama.example.com' }), 'https://ollama.example.com:443');
    assert.equal(resolveOllamaHost('http://gpu-box:11434/', { OLLAMA_HOST: 'other' }), 'http://gpu-box:11434');
  });
});

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
