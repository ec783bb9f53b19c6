import assert from 'node:assert/strict';
import { Ollama } from 'ollama';
import { ModelPullError, OllamaUnreachableError } from '../../../src/core/llm/errors';
import { PullTracker, pullOllamaModel, type PullProgress } from '../../../src/core/llm/pull';
import { startFakeOllama, type FakeOllama } from '../../support/fakeOllama';
import { deadHost } from '../../support/deadHost';

async function collect(gen: AsyncGenerator<PullProgress, void>): Promise<PullProgress[]> {
  const out: PullProgress[] = [];
  for await (const p of gen) out.push(p);
  return out;
}

describe('pulling an Ollama model over the REST API', () => {
  let fake: FakeOllama | undefined;
  afterEach(async () => fake?.close());

  it('streams /api/pull progress from the configured host until success, and the model is then installed', async () => {
    fake = await startFakeOllama({ models: ['nomic-embed-text'] });
    const lines = await collect(pullOllamaModel({ host: fake.url, model: 'llama3.2' }));
    assert.equal(lines[0]?.status, 'pulling manifest');
    assert.equal(lines.at(-1)?.status, 'success');
    assert.ok(
      lines.some((l) => l.digest && l.total && l.completed === l.total),
      'layer progress with digest, total and completed',
    );
    const request = fake.requests.find((r) => r.path === '/api/pull');
    assert.equal(request?.method, 'POST');
    assert.equal(request?.body.stream, true);
    const names = (await new Ollama({ host: fake.url }).list()).models.map((m) => m.name);
    assert.ok(names.includes('llama3.2:latest'), names.join(', '));
  });

  it("a name the registry does not have is a typed ModelPullError carrying the server's words", async () => {
    fake = await startFakeOllama({ registry: ['llama3.2'] });
    await assert.rejects(collect(pullOllamaModel({ host: fake.url, model: 'no-such-model' })), (e: unknown) => {
      assert.ok(e instanceof ModelPullError);
      assert.equal(e.code, 'pull-failed');
      assert.equal(e.model, 'no-such-model');
      assert.match(e.message, /file does not exist/);
      return true;
    });
  });

  it('no server at the host is OllamaUnreachableError naming the host', async () => {
    const host = await deadHost();
    await assert.rejects(collect(pullOllamaModel({ host, model: 'llama3.2' })), (e: unknown) => e instanceof OllamaUnreachableError && e.host === host);
  });

  it('cancelling stops the download and installs nothing', async () => {
    fake = await startFakeOllama({ models: [], pullStepDelayMs: 100 });
    const controller = new AbortController();
    const seen: PullProgress[] = [];
    await assert.rejects(
      (async () => {
        for await (const p of pullOllamaModel({ host: fake!.url, model: 'llama3.2', signal: controller.signal })) {
          seen.push(p);
          if (seen.length === 2) controller.abort();
        }
      })(),
      (e: unknown) => e instanceof Error && e.name === 'AbortError',
    );
    await new Promise((r) => setTimeout(r, 1200));
    assert.deepEqual((await new Ollama({ host: fake.url }).list()).models, []);
  });

  it('PullTracker sums all layers into one fraction and a readable line', () => {
    const t = new PullTracker();
    assert.deepEqual(t.update({ status: 'pulling manifest' }), { fraction: null, message: 'pulling manifest' });
    assert.deepEqual(t.update({ status: 'pulling a', digest: 'a', total: 3_000_000, completed: 1_500_000 }), {
      fraction: 0.5,
      message: 'downloading: 1.5 MB of 3.0 MB',
    });
    const both = t.update({ status: 'pulling b', digest: 'b', total: 1_000_000, completed: 1_000_000 });
    assert.equal(both.fraction, 2_500_000 / 4_000_000);
    assert.equal(t.update({ status: 'success' }).message, 'success');
  });
});
