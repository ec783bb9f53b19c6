import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findPromptsDir, loadPromptFile } from '../../../src/core/prompts/files';
import { langfusePromptProvider } from '../../../src/core/prompts/provider';
import { createLangfuseClient, langfusePromptSource } from '../../../src/core/tracing/langfuse';
import { startLangfuseServer, type LangfuseServer } from '../../support/langfuseServer';

/** Runs `fn` while recording what reaches console.error and console.warn (the SDK's own output). */
async function capturingConsole<T>(fn: () => Promise<T>): Promise<{ result: T; printed: unknown[] }> {
  const { error, warn } = console;
  const printed: unknown[] = [];
  console.error = console.warn = (...args: unknown[]) => void printed.push(args);
  try {
    return { result: await fn(), printed };
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

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

  it('falls back to the file when Langfuse is unreachable (isFallback), and the SDK prints no stack trace', async () => {
    const { result: prompt, printed } = await capturingConsole(() => provider('http://127.0.0.1:9').get('orchestrator'));
    const file = await loadPromptFile('orchestrator');
    assert.equal(prompt.source, 'file');
    assert.equal(prompt.isFallback, true);
    assert.equal(prompt.text, file.text);
    assert.deepEqual(printed, [], 'nothing on the console (the provider logs one line through our logger)');
  });

  it('keeps a fetched prompt for its cache time instead of asking Langfuse on every turn', async () => {
    server = await startLangfuseServer();
    server.prompts.set('quality', { prompt: (await loadPromptFile('quality')).text, version: 5 });
    const p = provider(server.url, { cacheTtlSeconds: 60 });
    assert.equal((await p.get('quality')).version, 5);
    assert.equal((await p.get('quality')).version, 5);
    assert.deepEqual(server.promptRequests, ['quality?label=production']);
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
    try {
      const p = provider(`http://127.0.0.1:${port}`, { fetchTimeoutMs: 300 });
      const { printed } = await capturingConsole(async () => {
        let started = Date.now();
        assert.equal((await p.get('synthesis')).isFallback, true);
        assert.ok(Date.now() - started >= 250, 'the first fetch waited for its timeout');
        started = Date.now();
        assert.equal((await p.get('validation')).isFallback, true);
        assert.ok(Date.now() - started < 100, 'later prompts do not wait again');
      });
      assert.deepEqual(printed, [], 'a timed-out fetch prints nothing on the console');
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((r) => hanging.close(() => r()));
    }
  });

  it('a prompt Langfuse does not have falls back to its file without affecting the others', async () => {
    server = await startLangfuseServer();
    server.prompts.set('quality', { prompt: 'REMOTE ' + (await loadPromptFile('quality')).text, version: 3 });
    const p = provider(server.url);
    const { printed } = await capturingConsole(async () => {
      assert.equal((await p.get('synthesis')).isFallback, true, 'not in Langfuse: the file');
      await p.get('synthesis');
    });
    assert.deepEqual(printed, [], 'a missing prompt prints nothing on the console');
    assert.equal(server.promptRequests.filter((r) => r.startsWith('synthesis')).length, 1, 'a missing prompt is not asked for again at once');
    const quality = await p.get('quality');
    assert.equal(quality.source, 'langfuse');
    assert.equal(quality.version, 3);
  });
});
