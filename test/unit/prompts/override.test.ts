import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findPromptsDir, loadPromptFile } from '../../../src/core/prompts/files';
import { langfusePromptProvider } from '../../../src/core/prompts/provider';
import { createLangfuseClient, langfusePromptSource } from '../../../src/core/tracing/langfuse';
import { startLangfuseServer, type LangfuseServer } from '../../support/langfuseServer';

describe('prompt management: Langfuse overrides the file, the file is the fallback', () => {
  let server: LangfuseServer | undefined;
  afterEach(async () => server?.close());

  const provider = (baseUrl: string, options = {}) => {
    const client = createLangfuseClient({ publicKey: 'pk', secretKey: 'sk', baseUrl });
    return langfusePromptProvider(langfusePromptSource(client)!, { cacheTtlSeconds: 0, ...options }, undefined, findPromptsDir());
  };

  it('uses the Langfuse prompt of the same name (label production by default) with its version and temperature', async () => {
    server = await startLangfuseServer();
    const file = await loadPromptFile('synthesis');
    server.prompts.set('synthesis', { prompt: 'REMOTE ' + file.text, version: 7, config: { temperature: 0.1 } });
    const prompt = await provider(server.url).get('synthesis');
    assert.equal(prompt.source, 'langfuse');
    assert.equal(prompt.isFallback, false);
    assert.equal(prompt.version, 7);
    assert.equal(prompt.temperature, 0.1);
    assert.ok(prompt.text.startsWith('REMOTE '));
    assert.deepEqual(server.promptRequests, ['synthesis?label=production']);
  });

  it('asks for a configured label or version', async () => {
    server = await startLangfuseServer();
    server.prompts.set('quality', { prompt: (await loadPromptFile('quality')).text, version: 2 });
    await provider(server.url, { label: 'staging' }).get('quality');
    await provider(server.url, { version: 2 }).get('quality');
    assert.deepEqual(server.promptRequests, ['quality?label=staging', 'quality?version=2']);
  });

  it('falls back to the file when Langfuse is unreachable (isFallback)', async () => {
    // The SDK reports the network error on console.error; keep the test output readable.
    const original = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    let prompt;
    try {
      prompt = await provider('http://127.0.0.1:9').get('orchestrator');
    } finally {
      console.error = original;
    }
    const file = await loadPromptFile('orchestrator');
    assert.equal(prompt.source, 'file');
    assert.equal(prompt.isFallback, true);
    assert.equal(prompt.text, file.text);
  });

  it('refuses a remote prompt whose placeholders differ from the file and uses the file', async () => {
    server = await startLangfuseServer();
    server.prompts.set('validation', { prompt: 'Check {{answer}} against {{something_else}}', version: 4 });
    const prompt = await provider(server.url).get('validation');
    assert.equal(prompt.source, 'file');
    assert.equal(prompt.isFallback, true);
  });

  it('after a failure, uses the files for a while instead of waiting on Langfuse for every prompt', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    const { port } = hanging.address() as AddressInfo;
    const original = console.error;
    console.error = () => undefined;
    try {
      const p = provider(`http://127.0.0.1:${port}`, { fetchTimeoutMs: 300 });
      let started = Date.now();
      assert.equal((await p.get('synthesis')).isFallback, true);
      assert.ok(Date.now() - started >= 250, 'the first fetch waited for its timeout');
      started = Date.now();
      assert.equal((await p.get('validation')).isFallback, true);
      assert.ok(Date.now() - started < 100, 'later prompts do not wait again');
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((r) => hanging.close(() => r()));
      console.error = original;
    }
  });

  it('a prompt Langfuse does not have falls back to its file without affecting the others', async () => {
    server = await startLangfuseServer();
    server.prompts.set('quality', { prompt: 'REMOTE ' + (await loadPromptFile('quality')).text, version: 3 });
    const p = provider(server.url);
    const original = console.error;
    console.error = () => undefined;
    try {
      assert.equal((await p.get('synthesis')).isFallback, true, 'not in Langfuse: the file');
      await p.get('synthesis');
    } finally {
      console.error = original;
    }
    assert.equal(server.promptRequests.filter((r) => r.startsWith('synthesis')).length, 1, 'a missing prompt is not asked for again at once');
    const quality = await p.get('quality');
    assert.equal(quality.source, 'langfuse');
    assert.equal(quality.version, 3);
  });
});
