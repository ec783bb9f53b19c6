import assert from 'node:assert/strict';
import { Ollama } from 'ollama';
import { startFakeOllama } from '../support/fakeOllama';

// The scripted server is the ground every LLM test stands on: check the real client accepts it.
describe('fake Ollama server (test support)', () => {
  it('answers the real ollama client for tags, embed, chat and streamed chat', async () => {
    const fake = await startFakeOllama();
    try {
      const client = new Ollama({ host: fake.url });
      assert.deepEqual(
        (await client.list()).models.map((m) => m.name),
        ['llama3.2', 'nomic-embed-text'],
      );
      const { embeddings } = await client.embed({ model: 'nomic-embed-text', input: ['a b', 'c'] });
      assert.equal(embeddings.length, 2);
      fake.queueChat('{"ok":true}', 'Hello there world');
      const plain = await client.chat({ model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }], format: 'json' });
      assert.equal(plain.message.content, '{"ok":true}');
      let streamed = '';
      for await (const part of await client.chat({ model: 'llama3.2', messages: [], stream: true })) streamed += part.message.content;
      assert.equal(streamed, 'Hello there world');
    } finally {
      await fake.close();
    }
  });

  it('answers 404 for an unknown model, as Ollama does', async () => {
    const fake = await startFakeOllama();
    try {
      const client = new Ollama({ host: fake.url });
      await assert.rejects(client.chat({ model: 'missing', messages: [] }), (e: any) => e.status_code === 404);
    } finally {
      await fake.close();
    }
  });
});
