/**
 * The model stays loaded while the user works: every request of a turn asks Ollama to keep the
 * model for the configured minutes (`keep_alive`; Ollama's own five idle minutes unload it while
 * the user reads), and for one context size per model (Ollama reloads a model whose `num_ctx`
 * changes between requests).
 */
import assert from 'node:assert/strict';
import { resolveConfig } from '../../../src/core/graph/config';
import { memoryRetriever } from '../../support/memoryRetriever';
import { startHarness, type Harness } from '../../support/graphHarness';
import { grade } from '../../support/scriptedAgents';

const docs = memoryRetriever([{ path: 'erlang/ssh.pdf', page: 28, text: 'hello_timeout: the default value is 30 seconds for the SSH daemon.' }]);
const QUESTION = 'What is the default hello_timeout of the SSH daemon?';

describe('the model stays loaded between questions', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('every request of a turn keeps the model 30 minutes by default, with one num_ctx: the model’s, at most 8192', async () => {
    h = await startHarness(docs, { quality: grade('proceed', { relevant: [1] }), synthesis: 'It is 30 seconds [1].' }, { fake: { contextLength: 131_072 } });
    await h.ask(QUESTION);
    const requests = h.fake.chatRequests();
    assert.deepEqual(
      requests.map((r) => r.model),
      ['llama3.2', 'llama3.2', 'llama3.2', 'llama3.2'],
      'orchestrator, grading, answer, check',
    );
    assert.deepEqual(new Set(requests.map((r) => (r as { keep_alive?: unknown }).keep_alive)), new Set(['30m']));
    assert.deepEqual(new Set(requests.map((r) => r.options?.num_ctx)), new Set([8192]));
  });

  it('keeps it as long as the setting says (-1: until Ollama stops), from the settings or RESEARCH_KEEP_ALIVE_MINUTES', async () => {
    h = await startHarness(docs, { quality: grade('proceed', { relevant: [1] }), synthesis: 'It is 30 seconds [1].' }, { config: { keepAliveMinutes: -1 } });
    await h.ask(QUESTION);
    assert.deepEqual(new Set(h.fake.chatRequests().map((r) => (r as { keep_alive?: unknown }).keep_alive)), new Set([-1]));
    assert.equal(resolveConfig({}, { RESEARCH_KEEP_ALIVE_MINUTES: '90' }).keepAliveMinutes, 90);
    assert.equal(resolveConfig({ keepAliveMinutes: 0 }, { RESEARCH_KEEP_ALIVE_MINUTES: '90' }).keepAliveMinutes, 0, 'a setting wins over the environment');
    assert.equal(resolveConfig({}, { RESEARCH_KEEP_ALIVE_MINUTES: 'soon' }).keepAliveMinutes, 30, 'not a number: the default');
  });
});
