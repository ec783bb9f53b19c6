/**
 * Where a shared index lives and who may write it, against a real S3-compatible server (s3rver):
 * prefixes that LanceDB and S3 would read differently, a dead writer's lock on this host, an
 * endpoint that carries a password. Through the bundled CLI: the exit code, the one line, what
 * the bucket holds, and that the index still answers the same.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli, type CliResult } from '../support/cli';
import { deadHost } from '../support/deadHost';
import { startFakeOllama } from '../support/fakeOllama';
import { startS3Server, type S3Server } from '../support/s3Server';
import { withTempDir } from '../support/tempDir';
import { S3Client } from '../../src/core/index/store/objectStore/s3Client';

async function library(dir: string): Promise<string> {
  const docs = join(dir, 'library');
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, 'README.md'), '# Library\n\nThe gateway listens on port 8080 for plain HTTP.\n');
  await writeFile(join(docs, 'deploy.md'), '# Deploy\n\nDeploy the gateway with the blue green rollout.\n');
  return docs;
}

function assertOneError(r: CliResult, code: number, expected: RegExp): void {
  assert.equal(r.killed, false, 'the command hung');
  assert.equal(r.code, code, `${r.stdout}\n${r.stderr}`);
  const errors = r.stderr.split('\n').filter((l) => l.startsWith('error: '));
  assert.equal(errors.length, 1, r.stderr);
  assert.match(errors[0]!, expected);
}

/** The pid of a process that has just exited on this host. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });
}

describe('shared index locations and locks (--db s3://…)', function () {
  this.timeout(120_000);
  let s3: S3Server;
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { env: { ...s3.env, ...env } });

  before(() => buildOnce());
  beforeEach(async () => {
    s3 = await startS3Server();
  });
  afterEach(() => s3.close());

  const prefixes: Array<{ prefix: string; says: RegExp; was: string }> = [
    { prefix: 'q?x=1', says: /'\?' is not allowed in the prefix/, was: 'exit 0, tables under q/ and the meta under q?x=1/' },
    { prefix: 'q#frag', says: /'#' is not allowed in the prefix/, was: 'tables and meta in different places' },
    { prefix: '%2e%2e/z', says: /'%' is not allowed in the prefix/, was: 'written to z/, outside the prefix' },
    { prefix: 'team/../z', says: /the prefix has a '\.\.' segment/, was: 'written outside the prefix' },
    { prefix: 'team/./z', says: /the prefix has a '\.' segment/, was: 'two spellings of one prefix' },
    { prefix: 'team//z', says: /the prefix has an empty segment/, was: 'two spellings of one prefix' },
  ];
  for (const { prefix, says, was } of prefixes) {
    it(`--db 's3://research/${prefix}': exit 2 with one line naming what is wrong, nothing written to the bucket (was: ${was})`, () =>
      withTempDir(async (dir) => {
        const docs = await library(dir);
        const uri = `s3://research/${prefix}`;
        const index = await cli(['index', docs, '--db', uri, '--embed', 'none']);
        assertOneError(index, 2, says);
        assert.ok(index.stderr.includes(uri), index.stderr);
        assert.deepEqual(await s3.keys(), [], 'nothing written');
        assertOneError(await cli(['search', docs, 'gateway', '--db', uri]), 2, says);
      }));
  }

  it("a dead writer's lock on this host is taken over at once; the index answers the same after (was: refused for the lock's 120 s)", () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const uri = 's3://research/team/lib';
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
      const before = await cli(['search', docs, 'gateway port', '--db', uri]);
      // What a writer that failed on a dead store leaves: its lock, renewed a moment ago, its process gone.
      const now = Date.now();
      const lock = {
        pid: await deadPid(),
        host: hostname(),
        startedAt: new Date(now).toISOString(),
        heartbeatAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 120_000).toISOString(),
        token: 'dead-writer',
      };
      await putObject(s3, 'team/lib/writer-lock.json', JSON.stringify(lock));
      const next = await cli(['index', docs, '--db', uri, '--embed', 'none']);
      assert.equal(next.code, 0, next.stderr);
      assert.ok(next.ms < 30_000, `not blocked (${Math.round(next.ms)} ms)`);
      assert.ok(!(await s3.keys('team/lib')).includes('team/lib/writer-lock.json'), 'the lock is released after the run');
      assert.equal((await cli(['search', docs, 'gateway port', '--db', uri])).stdout, before.stdout);
    }));

  it('a change of embedder on object storage is refused before anything is written, with one line saying what to do; the index answers the same', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const uri = 's3://research/team/lib';
      const ollama = await startFakeOllama();
      try {
        assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
        const before = await cli(['search', docs, 'gateway port', '--db', uri]);
        const objects = await s3.snapshot('team/lib');
        const r = await cli(['index', docs, '--db', uri, '--embed', 'ollama'], { OLLAMA_HOST: ollama.url });
        assertOneError(
          r,
          1,
          /^error: the index at s3:\/\/research\/team\/lib is full-text only and this run would switch it to ollama:nomic-embed-text; on object storage that is refused .*: index into a new prefix and point the readers at it, or keep this one with --embed none$/,
        );
        assert.deepEqual(
          (await s3.snapshot('team/lib')).filter((k) => !k.includes('writer-lock') && !k.includes('.probe-')),
          objects.filter((k) => !k.includes('writer-lock') && !k.includes('.probe-')),
          'no table object written or changed',
        );
        assert.equal((await cli(['search', docs, 'gateway port', '--db', uri])).stdout, before.stdout);
      } finally {
        await ollama.close();
      }
    }));

  it('AWS_ENDPOINT with user:password@ is never printed with them: notes, warnings and an unreachable-store error (was: printed verbatim)', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const uri = 's3://research/team/lib';
      const withPassword = s3.url.replace('http://', 'http://alice:s3cr3tpass@');
      const ok = await cli(['index', docs, '--db', uri, '--embed', 'none'], { AWS_ENDPOINT: withPassword });
      assert.equal(ok.code, 0, ok.stderr);
      assert.match(ok.stdout, new RegExp(`object store at ${s3.url.replace(/[.]/g, '\\.')}\\)`), 'the first-run note names the endpoint');
      assert.match(ok.stderr, /warning: the object store at http:\/\/127\.0\.0\.1:\d+ ignores conditional writes/);
      const dead = (await deadHost()).replace('http://', 'http://alice:s3cr3tpass@');
      const down = await cli(['index', docs, '--db', uri, '--embed', 'none'], { AWS_ENDPOINT: dead, RESEARCH_STORE_TIMEOUT: '3' });
      assertOneError(down, 1, /^error: cannot reach the object store at http:\/\/127\.0\.0\.1:\d+ for s3:\/\/research\/team\/lib/);
      for (const r of [ok, down]) assert.doesNotMatch(r.stdout + r.stderr, /s3cr3tpass|alice/);
    }));
});

async function putObject(s3: S3Server, key: string, body: string): Promise<void> {
  const client = new S3Client(
    { uri: `s3://${s3.bucket}`, bucket: s3.bucket, prefix: '' },
    { endpoint: s3.url, region: 'us-east-1', accessKeyId: s3.env.AWS_ACCESS_KEY_ID!, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY!, timeoutMs: 5_000 },
  );
  assert.ok(await client.put(key, body));
}
