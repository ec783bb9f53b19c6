/**
 * A change of embedder that fails must leave the index as it was: a model server that dies
 * mid-switch, one that lies about its vectors (another length, too many dimensions, a reply
 * without end), `--embed auto` meeting one bad reply, a `--rebuild` that fails. Through the
 * bundled CLI: the exit code, the one line, and the same search output before and after.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli, type CliResult } from '../support/cli';
import { json, listenOnLoopback, readJson, startFakeOllama, type FakeOllama } from '../support/fakeOllama';
import { withTempDir } from '../support/tempDir';

/** Thirteen notes, five passages each: the index the issue saw lose eight of them. */
async function notes(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  for (let i = 0; i < 13; i++) {
    const body = Array.from(
      { length: 30 },
      (_, l) => `paragraph ${l} of note ${i} about topic${i % 5} and the gateway ${i}, with enough words around it to fill a passage of a few lines.\n\n`,
    ).join('');
    await writeFile(join(root, `note${String(i).padStart(2, '0')}.md`), `# Note ${i}\n\n${body}`);
  }
}

function errorLines(r: CliResult): string[] {
  return r.stderr.split('\n').filter((l) => l.startsWith('error: '));
}

function assertOneError(r: CliResult, expected: RegExp): void {
  assert.equal(r.killed, false, 'the command hung');
  assert.equal(r.code, 1, `${r.stdout}\n${r.stderr}`);
  const errors = errorLines(r);
  assert.equal(errors.length, 1, r.stderr);
  assert.match(errors[0]!, expected);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
}

describe('nothing lost when a change of embedder fails (bundled CLI)', function () {
  this.timeout(120_000);
  /** Which /api/embed calls fail: the nth (1-based) and every later one, or none. */
  let failFrom = Infinity;
  let embedCalls = 0;
  let ollama: FakeOllama;

  before(async () => {
    await buildOnce();
    ollama = await startFakeOllama({ fault: (path) => (path === '/api/embed' && ++embedCalls >= failFrom ? { kind: 'drop' } : undefined) });
  });
  after(() => ollama.close());
  beforeEach(() => {
    failFrom = Infinity;
    embedCalls = 0;
  });

  const env = () => ({ OLLAMA_HOST: ollama.url });
  const search = async (root: string) => {
    const r = await runCli(['search', root, 'gateway topic3 paragraph'], { env: env() });
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  const documents = async (root: string) => (JSON.parse((await runCli(['status', root, '--json'], { env: env() })).stdout) as { documents: number }).documents;

  it('Ollama dying mid-switch (full-text to vectors): exit 1, one line saying the index still answers, all 13 documents and the same answers (was: 5 of 13 left, no warning)', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      await notes(root);
      assert.equal((await runCli(['index', root, '--embed', 'none'], { env: env() })).code, 0);
      const before = await search(root);

      failFrom = 3; // the probe and one batch answer; the next batch finds the server gone
      const failed = await runCli(['index', root, '--embed', 'ollama'], { env: { ...env(), RESEARCH_CONNECT_TIMEOUT: '2' } });
      assertOneError(
        failed,
        /^error: switching the index from full-text only to ollama:nomic-embed-text failed: .+; the index at .+ is unchanged and still answers \(full-text only\)$/,
      );
      assert.ok(embedCalls >= 3, `the switch reached the failing batch (${embedCalls} embed calls)`);
      assert.equal(await search(root), before);
      assert.equal(await documents(root), 13);
      assert.deepEqual(
        (await readdir(root)).filter((n) => n.startsWith('.research-index')),
        ['.research-index'],
        'the partial build beside the index is deleted',
      );

      // Once the server is back, the switch completes without reading a document again.
      failFrom = Infinity;
      const switched = await runCli(['index', root, '--embed', 'ollama'], { env: env() });
      assert.equal(switched.code, 0, switched.stderr);
      assert.match(switched.stdout, /note: embedding model changed from full-text only to ollama:nomic-embed-text: .*nothing is read again/);
      assert.match(switched.stdout, /files: 13 \(0 indexed, 13 unchanged/);
      assert.equal(await documents(root), 13);
    }));

  it('`--rebuild` failing mid-way: exit 1, one line, the old index answers the same and `<index>.rebuild` is deleted (was: left behind)', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      await notes(root);
      assert.equal((await runCli(['index', root, '--embed', 'ollama'], { env: env() })).code, 0);
      const before = await search(root);
      embedCalls = 0;
      failFrom = 3;
      const failed = await runCli(['index', root, '--rebuild', '--embed', 'ollama'], { env: env() });
      assertOneError(failed, /^error: rebuilding the index failed: .+; the index at .+ is unchanged and still answers \(ollama:nomic-embed-text\)$/);
      failFrom = Infinity;
      assert.equal(await search(root), before);
      assert.deepEqual(
        (await readdir(root)).filter((n) => n.startsWith('.research-index')),
        ['.research-index'],
      );
    }));

  it('`--embed auto` meeting one bad reply keeps the vectors: exit 1, one line, nothing re-read (was: the whole index turned full-text)', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      await notes(root);
      assert.equal((await runCli(['index', root, '--embed', 'ollama'], { env: env() })).code, 0);
      const before = await search(root);
      embedCalls = 0;
      failFrom = 1;
      const auto = await runCli(['index', root, '--embed', 'auto'], { env: env() });
      assertOneError(
        auto,
        /^error: the index holds ollama:nomic-embed-text vectors and no embedder could be used \(.+\): --embed auto keeps them .+--embed none$/,
      );
      assert.doesNotMatch(auto.stderr, /resume/);
      failFrom = Infinity;
      assert.equal(await search(root), before);
      const status = JSON.parse((await runCli(['status', root, '--json'], { env: env() })).stdout) as { embeddingModel: string; documents: number };
      assert.deepEqual([status.embeddingModel, status.documents], ['ollama:nomic-embed-text', 13]);
    }));
});

describe('a lying embedder is refused before anything is written (bundled CLI)', function () {
  this.timeout(120_000);
  before(() => buildOnce());

  /**
   * An Ollama look-alike: /api/embed answers the probe with `probeDimension`, then every batch
   * with `batchDimension` vectors, or (`endless`) a reply that never ends.
   */
  async function lyingServer(reply: { probeDimension: number; batchDimension?: number; endless?: boolean }) {
    let streamed = 0;
    const server = createServer(async (req, res) => {
      const body = (await readJson(req)) as { input?: string[] } | undefined;
      if (req.url !== '/api/embed') return json(res, 404, { error: 'not found' });
      const inputs = body?.input ?? [];
      const probe = inputs.length === 1 && inputs[0] === 'probe';
      if (probe || reply.batchDimension !== undefined) {
        const dimension = probe ? reply.probeDimension : reply.batchDimension!;
        return json(res, 200, { model: 'nomic-embed-text', embeddings: inputs.map(() => Array.from({ length: dimension }, (_, i) => ((i % 7) + 1) / 10)) });
      }
      // Megabytes of numbers until the client hangs up (bounded: 400 MB at most).
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"model":"nomic-embed-text","embeddings":[[');
      const piece = Buffer.from('0.125,'.repeat(170_000));
      while (!res.destroyed && streamed < 400e6) {
        streamed += piece.length;
        if (!res.write(piece))
          await new Promise<void>((resolve) => {
            const go = () => {
              res.off('drain', go).off('close', go);
              resolve();
            };
            res.on('drain', go).on('close', go);
          });
      }
      res.end();
    });
    const { port, close } = await listenOnLoopback(server);
    return { url: `http://127.0.0.1:${port}`, streamed: () => streamed, close };
  }

  async function fullTextIndex(root: string): Promise<string> {
    await notes(root);
    assert.equal((await runCli(['index', root, '--embed', 'none'])).code, 0);
    const r = await runCli(['search', root, 'gateway topic3 paragraph']);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  }

  const cases = [
    {
      name: 'a 70,000-dimension probe',
      reply: { probeDimension: 70_000 },
      line: /^error: embedding failed: Ollama at .+ returned 70000-dimension vectors, more than 65536 \(no model has that many\)$/,
      was: 'an index of 0 documents "(100000001 dimensions)"',
    },
    {
      name: 'batches of another length than the probe',
      reply: { probeDimension: 64, batchDimension: 65 },
      line: /^error: switching the index from full-text only to ollama:nomic-embed-text failed: embedding failed: Ollama at .+ returned 65-dimension vectors after 64-dimension ones .+; the index at .+ is unchanged and still answers \(full-text only\)$/,
      was: 'the table refused the write mid-run, after both tables were dropped',
    },
    {
      name: 'a reply without end',
      reply: { probeDimension: 64, endless: true },
      line: /^error: switching the index from full-text only to ollama:nomic-embed-text failed: embedding failed: Ollama at .+ sent an embeddings reply over the limit of 32 MB: raise the limit \(CLI: --embed-max-reply-mb MB or RESEARCH_EMBED_MAX_REPLY_MB\) if that is expected; the index at .+ is unchanged and still answers \(full-text only\)$/,
      was: 'a 100 MB reply took 2 min and 4.5 GB before failing',
    },
  ];
  for (const { name, reply, line, was } of cases) {
    it(`${name}: exit 1 with one line, the index answers the same (was: ${was})`, () =>
      withTempDir(async (dir) => {
        const root = join(dir, 'docs');
        const before = await fullTextIndex(root);
        const server = await lyingServer(reply);
        try {
          const r = await runCli(['index', root, '--embed', 'ollama'], { env: { OLLAMA_HOST: server.url }, timeoutMs: 60_000 });
          assertOneError(r, line);
          assert.ok(r.ms < 30_000, `failed within 30 s (${Math.round(r.ms)} ms)`);
          if (reply.endless) assert.ok(server.streamed() < 100e6, `the client stopped reading (${server.streamed()} bytes sent)`);
        } finally {
          await server.close();
        }
        const after = await runCli(['search', root, 'gateway topic3 paragraph']);
        assert.equal(after.stdout, before);
        assert.match((await runCli(['status', root])).stdout, /documents: 13, .*\n {2}embeddings: none \(full-text only\)/);
      }));
  }
});
