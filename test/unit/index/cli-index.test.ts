/**
 * The `index` and `status` commands through the bundled CLI (dist/cli.js), as a user runs them.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { withTempDir } from '../../support/tempDir';
import { startFakeOllama } from '../../support/fakeOllama';
import { garbageBytes, writePdf } from '../../support/pdfs';

const repo = resolve(__dirname, '../../..');
const cli = join(repo, 'dist', 'cli.js');

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

describe('CLI index and status (bundled dist/cli.js)', function () {
  this.timeout(180_000);

  before(async () => {
    await promisify(execFile)(process.execPath, [join(repo, 'esbuild.mjs')], { cwd: repo });
  });

  it('indexes a folder, prints the summary, and status reports it', () =>
    withTempDir(async (root) => {
      await writePdf(join(root, 'manual.pdf'), ['page one about sockets', 'page two about pipes']);
      await writeFile(join(root, 'notes.md'), '# Notes\n\nsome notes\n');
      const first = await runCli(['index', root, '--embed', 'none']);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /files: 2 \(2 indexed, 0 unchanged, 0 removed, 0 failed\)/);
      assert.match(first.stdout, /pages: 2, chunks: \d+, [\d.]+ s, [\d.]+ pages\/s/);
      assert.match(first.stderr, /embeddings: full-text only/);

      const status = await runCli(['status', root, '--json']);
      assert.equal(status.code, 0, status.stderr);
      const report = JSON.parse(status.stdout);
      assert.equal(report.documents, 2);
      assert.equal(report.pages, 2);
      assert.equal(report.embeddingModel, null);
      assert.deepEqual(report.pending, { new: 0, modified: 0, removed: 0, ocrRereads: 0 });

      await writeFile(join(root, 'more.md'), '# More\n');
      assert.match((await runCli(['status', root])).stdout, /1 new, 0 modified, 0 removed/);
    }));

  it('exits 0 with warnings when some files fail, 1 when none could be indexed', () =>
    withTempDir(async (root) => {
      const some = join(root, 'some');
      await mkdir(some);
      await writeFile(join(some, 'good.md'), '# Good\n\ntext\n');
      await writeFile(join(some, 'bad.pdf'), garbageBytes());
      // Indexed, with a warning the summary must pass on: one stray Latin-1 byte in UTF-8 text.
      await writeFile(
        join(some, 'latin.txt'),
        Buffer.concat([Buffer.from('caf\u00e9 au lait, plenty of valid UTF-8 here: \u00e9\u00e8 '), Buffer.from([0xe9]), Buffer.from(' end\n')]),
      );
      const partial = await runCli(['index', some, '--embed', 'none', '--json']);
      assert.equal(partial.code, 0, partial.stderr);
      const summary = JSON.parse(partial.stdout);
      assert.equal(summary.indexed, 2);
      assert.deepEqual(
        summary.failed.map((f: { path: string }) => f.path),
        ['bad.pdf'],
      );
      assert.deepEqual(
        summary.warned.map((w: { path: string }) => w.path),
        ['latin.txt'],
      );
      const human = await runCli(['index', some, '--embed', 'none', '--rebuild']);
      assert.match(human.stdout, /warning: 1 file\(s\) could not be indexed:\n  bad\.pdf: .+ \[corrupt\]/);
      assert.match(human.stdout, /note: 1 file\(s\) indexed with warnings:\n  latin\.txt: 1 invalid UTF-8 byte sequence/);

      const none = join(root, 'none');
      await mkdir(none);
      await writeFile(join(none, 'bad.pdf'), garbageBytes());
      const failed = await runCli(['index', none, '--embed', 'none']);
      assert.equal(failed.code, 1);
      assert.match(failed.stderr, /no file could be indexed/);
    }));

  it('reports a damaged index with the fix, and --rebuild recovers', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# A\n\nwords\n');
      assert.equal((await runCli(['index', root, '--embed', 'none'])).code, 0);
      await rm(join(root, '.research-index', 'chunks.lance', '_indices'), { recursive: true });
      const damaged = await runCli(['index', root, '--embed', 'none']);
      assert.equal(damaged.code, 1);
      assert.match(damaged.stderr, /is damaged \(.*\): rebuild it with `node dist\/cli\.js index .* --rebuild`/);
      assert.equal((await runCli(['status', root])).code, 1);
      const rebuilt = await runCli(['index', root, '--embed', 'none', '--rebuild']);
      assert.equal(rebuilt.code, 0, rebuilt.stderr);
      assert.match(rebuilt.stdout, /1 indexed/);
    }));

  it('honours OLLAMA_HOST with --embed auto and says which embedder it picked', async () => {
    const server = await startFakeOllama();
    try {
      await withTempDir(async (root) => {
        await writeFile(join(root, 'a.md'), '# A\n\nwords\n');
        const result = await runCli(['index', root, '--embed', 'auto'], { OLLAMA_HOST: server.url });
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /embeddings: auto: Ollama at http:\/\/127\.0\.0\.1:\d+ has nomic-embed-text/);
        assert.ok(server.requests.some((r) => r.path === '/api/embed'));
        const status = JSON.parse((await runCli(['status', root, '--json'])).stdout);
        assert.equal(status.embeddingModel, 'ollama:nomic-embed-text');
        assert.equal(status.dimension, 64);
      });
    } finally {
      await server.close();
    }
  });

  it('rejects bad usage with exit code 2', async () => {
    const result = await runCli(['index', '/definitely/not/here', '--embed', 'none']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /folder not found/);
    const badEmbed = await runCli(['index', repo, '--embed', 'magic']);
    assert.equal(badEmbed.code, 2);
  });

  it('Ctrl-C stops cleanly, says how to resume, and the next run finishes', () =>
    withTempDir(async (root) => {
      for (let i = 0; i < 1500; i++) await writeFile(join(root, `n${i}.md`), `# Note ${i}\n\nbody ${i} ${'word '.repeat(40)}\n`);
      const child = spawn(process.execPath, [cli, 'index', root, '--embed', 'none'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let sent = false;
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => {
        stderr += d;
        if (!sent && /\[\d+\/1500\]/.test(stderr)) {
          sent = true;
          child.kill('SIGINT');
        }
      });
      const code = await new Promise<number | null>((r) => child.on('close', r));
      assert.equal(code, 130, stdout + stderr);
      assert.match(stdout, /run the same command again to finish/);
      const resumed = await runCli(['index', root, '--embed', 'none', '--json']);
      assert.equal(resumed.code, 0, resumed.stderr);
      const summary = JSON.parse(resumed.stdout);
      assert.ok(summary.skipped > 0, 'documents written before Ctrl-C are kept');
      assert.equal(summary.skipped + summary.indexed, 1500);
    }));
});
