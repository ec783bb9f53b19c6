/**
 * A team's shared index on object storage (`--db s3://bucket/prefix`), against a real
 * S3-compatible server (s3rver) started here, through the bundled CLI as a user runs it. The
 * tests run one after the other: s3rver ignores conditional PUTs, so two writers at one instant
 * are kept apart only by the lock object's read-back (objectStore/objectLock.ts).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildOnce, cliPath, runCli, type CliResult } from '../support/cli';
import { deadHost } from '../support/deadHost';
import { startDelayProxy } from '../support/delayProxy';
import { startFakeOllama } from '../support/fakeOllama';
import { startS3Server, type S3Server } from '../support/s3Server';
import { withTempDir } from '../support/tempDir';
import { openIndexStore } from '../../src/core/index/store';
import { createRetriever } from '../../src/core/index/search/search';
import { S3Client } from '../../src/core/index/store/objectStore/s3Client';

/** A small library: two notes, one in a subfolder. */
async function library(dir: string): Promise<string> {
  const docs = join(dir, 'library');
  await mkdir(join(docs, 'notes'), { recursive: true });
  await writeFile(join(docs, 'README.md'), '# Library\n\nThe gateway listens on port 8080 for plain HTTP.\n');
  await writeFile(join(docs, 'notes', 'deploy.md'), '# Deploy\n\nDeploy the gateway with the blue green rollout.\n');
  return docs;
}

/** One line on stderr, no stack trace, exit 1, within the CLI's own limits (not killed). */
function assertOneLineError(r: CliResult, expected: RegExp): void {
  assert.equal(r.killed, false, 'the command hung');
  assert.equal(r.code, 1, r.stderr);
  const errors = r.stderr.split('\n').filter((l) => l.startsWith('error: '));
  assert.equal(errors.length, 1, r.stderr);
  assert.match(errors[0]!, expected);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
}

describe('shared index on object storage (--db s3://…)', function () {
  this.timeout(120_000);
  let s3: S3Server;
  const uri = 's3://research/team/lib';
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string) => runCli(args, { env: { ...s3.env, ...env }, ...(cwd ? { cwd } : {}) });

  before(() => buildOnce());
  beforeEach(async () => {
    s3 = await startS3Server();
  });
  afterEach(() => s3.close());

  it('index --db s3://… writes the index into the bucket, not into a local folder named "s3:"', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const r = await cli(['index', docs, '--db', uri, '--embed', 'none'], {}, dir);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.includes(`indexed ${docs} -> ${uri}`), r.stdout);
      const keys = await s3.keys('team/lib');
      assert.ok(keys.includes('team/lib/index-meta.json'), keys.join('\n'));
      assert.ok(
        keys.some((k) => k.startsWith('team/lib/chunks.lance/_versions/')),
        keys.join('\n'),
      );
      assert.ok(!keys.some((k) => k.includes('writer-lock')), 'the lock object is removed when the run ends');
      assert.deepEqual((await readdir(dir)).sort(), ['library'], 'nothing written beside the documents');
    }));

  it('the first index run to a store says once that document text leaves the machine; the next run does not repeat it', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const first = await cli(['index', docs, '--db', uri, '--embed', 'none']);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, new RegExp(`note: the text of your documents is stored in ${uri} \\(object store at ${s3.url}\\): it leaves this machine`));
      const second = await cli(['index', docs, '--db', uri, '--embed', 'none']);
      assert.equal(second.code, 0, second.stderr);
      assert.doesNotMatch(second.stdout, /leaves this machine/);
    }));

  it('a store that ignores conditional writes (s3rver) gets one warning per index run', () =>
    withTempDir(async (dir) => {
      const r = await cli(['index', await library(dir), '--db', uri, '--embed', 'none']);
      assert.equal(r.code, 0, r.stderr);
      const warnings = r.stderr.split('\n').filter((l) => l.includes('ignores conditional writes'));
      assert.equal(warnings.length, 1, r.stderr);
      assert.match(warnings[0]!, /^warning: the object store at http:\/\/127\.0\.0\.1:\d+ ignores conditional writes: .*run one writer at a time/);
    }));

  it('search and ask from a second process read the shared index, paths relative to the indexed folder', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
      const search = await cli(['search', docs, 'which port does the gateway listen on', '--db', uri, '--json']);
      assert.equal(search.code, 0, search.stderr);
      const hits = (JSON.parse(search.stdout) as { hits: { path: string }[] }).hits.map((h) => h.path);
      assert.deepEqual([...new Set(hits)].sort(), ['README.md', 'notes/deploy.md']);
      const ask = await cli(['ask', docs, 'Which port does the gateway listen on?', '--db', uri, '--json'], { OLLAMA_HOST: await deadHost() });
      assert.equal(ask.code, 0, ask.stderr);
      const answer = JSON.parse(ask.stdout) as { answer: string; citations: { file: string }[] };
      assert.match(answer.answer, /8080/);
      assert.ok(
        answer.citations.some((c) => c.file === 'README.md'),
        ask.stdout,
      );
    }));

  it('an incremental update by the writer shows up in a reader that is already open', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
      const saved = { ...process.env };
      Object.assign(process.env, s3.env);
      const store = await openIndexStore(uri, { readOnly: true, readConsistencyIntervalSeconds: 0 });
      try {
        const retriever = createRetriever(store, null);
        assert.deepEqual(await retriever.search('orchids greenhouse', { k: 3 }), []);
        await writeFile(join(docs, 'notes', 'garden.md'), '# Garden\n\nThe orchids live in the greenhouse.\n');
        const update = await cli(['index', docs, '--db', uri, '--embed', 'none']);
        assert.equal(update.code, 0, update.stderr);
        assert.ok(update.stdout.includes('1 indexed, 2 unchanged'), update.stdout);
        const hits = await retriever.search('orchids greenhouse', { k: 3 });
        assert.deepEqual(
          hits.map((h) => h.path),
          ['notes/garden.md'],
        );
      } finally {
        store.close();
        process.env = saved;
      }
    }));

  it('a second writer is refused with one line naming the running writer, and its lock is left alone', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
      // A writer running elsewhere: its lock object, renewed a moment ago.
      const holder = {
        pid: 4242,
        host: 'ci-runner-7',
        startedAt: '2026-01-01T00:00:00.000Z',
        heartbeatAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        token: 'other',
      };
      await putObject(s3, 'team/lib/writer-lock.json', JSON.stringify(holder));
      const r = await cli(['index', docs, '--db', uri, '--embed', 'none']);
      assertOneLineError(
        r,
        /^error: another indexing run \(process 4242 on ci-runner-7, started 2026-01-01T00:00:00\.000Z, its lock expires .*\) is writing the index at s3:\/\/research\/team\/lib: wait for it to finish/,
      );
      assert.ok((await s3.keys('team/lib')).includes('team/lib/writer-lock.json'), "the other writer's lock is kept");
    }));

  it('a writer killed mid-run leaves the previous version readable; on this host its lock is taken over at once (its process is gone), from another host it expires', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const env = { RESEARCH_LOCK_TTL_SECONDS: '3' };
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'], env)).code, 0);
      for (let i = 0; i < 400; i++) await writeFile(join(docs, `bulk-${i}.md`), `# Bulk ${i}\n\n${'filler words about nothing much '.repeat(200)}\n`);
      await killWhen(['index', docs, '--db', uri, '--embed', 'none'], { ...s3.env, ...env }, /\[\d+\/400\]/);
      const search = await cli(['search', docs, 'gateway port', '--db', uri, '--json']);
      assert.equal(search.code, 0, search.stderr);
      assert.ok((JSON.parse(search.stdout) as { hits: { path: string }[] }).hits.some((h) => h.path === 'README.md'));
      assert.ok((await s3.keys('team/lib')).includes('team/lib/writer-lock.json'), 'the killed writer left its lock');
      const next = await cli(['index', docs, '--db', uri, '--embed', 'none'], env);
      assert.equal(next.code, 0, next.stderr);
      assert.match(next.stdout, /files: 402 \(/);

      // A writer on another host cannot be asked: its lock holds until it expires.
      const holder = { pid: 4242, host: 'ci-runner-7', startedAt: new Date().toISOString(), heartbeatAt: new Date().toISOString(), token: 'other' };
      await putObject(s3, 'team/lib/writer-lock.json', JSON.stringify({ ...holder, expiresAt: new Date(Date.now() + 3_000).toISOString() }));
      assertOneLineError(
        await cli(['index', docs, '--db', uri, '--embed', 'none'], env),
        /another indexing run \(process 4242 on ci-runner-7, .*its lock expires/,
      );
      await new Promise((r) => setTimeout(r, 3_500));
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'], env)).code, 0);
    }));

  it('keys from the shared credentials file (~/.aws/credentials, AWS_PROFILE) work without AWS_ACCESS_KEY_ID in the environment', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const file = join(dir, 'aws-credentials');
      await writeFile(
        file,
        `[default]\naws_access_key_id = NOT-A-KEY\naws_secret_access_key = x\n\n[team]\naws_access_key_id = ${s3.env.AWS_ACCESS_KEY_ID}\naws_secret_access_key = ${s3.env.AWS_SECRET_ACCESS_KEY}\n`,
      );
      const env = { AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined, AWS_SHARED_CREDENTIALS_FILE: file, AWS_PROFILE: 'team' };
      const r = await cli(['index', docs, '--db', uri, '--embed', 'none'], env);
      assert.equal(r.code, 0, r.stderr);
      assert.equal((await cli(['search', docs, 'gateway', '--db', uri], env)).code, 0);
    }));

  it('wrong credentials: one line naming the credentials to check, exit 1', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      for (const command of [
        ['index', docs, '--db', uri, '--embed', 'none'],
        ['search', docs, 'port', '--db', uri],
      ]) {
        const r = await cli(command, { AWS_ACCESS_KEY_ID: 'NOT-A-KEY' });
        assertOneLineError(
          r,
          /^error: the object store at http:\/\/127\.0\.0\.1:\d+ refused the credentials for s3:\/\/research\/team\/lib \(InvalidAccessKeyId\): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
        );
      }
    }));

  it('a missing bucket: one line naming the bucket, exit 1', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      for (const command of [
        ['index', docs, '--db', 's3://no-such-bucket/lib', '--embed', 'none'],
        ['search', docs, 'port', '--db', 's3://no-such-bucket/lib'],
      ]) {
        assertOneLineError(
          await cli(command),
          /^error: no bucket 'no-such-bucket' at http:\/\/127\.0\.0\.1:\d+: create it, or correct the bucket in s3:\/\/no-such-bucket\/lib$/,
        );
      }
    }));

  it('an unreachable endpoint: one line naming the endpoint, exit 1, no hang', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const dead = await deadHost();
      for (const command of [
        ['index', docs, '--db', uri, '--embed', 'none'],
        ['search', docs, 'port', '--db', uri],
      ]) {
        assertOneLineError(
          await cli(command, { AWS_ENDPOINT: dead }),
          new RegExp(`^error: cannot reach the object store at ${dead} for ${uri} \\(ECONNREFUSED\\): check AWS_ENDPOINT`),
        );
      }
    }));

  it('an index that is not there yet: one line with the index command for that URI', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      assertOneLineError(
        await cli(['search', docs, 'port', '--db', uri]),
        new RegExp(`^error: no index at ${uri}: index the folder first with \`node \\S*dist/cli\\.js index ${docs} --db ${uri}\``),
      );
    }));

  it('readers never write: search, ask and status send the store only reads, leave every object as it was, and write nothing locally', () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
      const before = await s3.snapshot();
      const local = await readdir(docs, { recursive: true });
      const dead = await deadHost();
      const proxy = await startDelayProxy(s3.url, 0);
      try {
        for (const command of [
          ['search', docs, 'gateway', '--db', uri],
          ['ask', docs, 'Which port?', '--db', uri],
          ['status', docs, '--db', uri],
        ]) {
          const r = await cli(command, { OLLAMA_HOST: dead, AWS_ENDPOINT: proxy.url }, dir);
          assert.equal(r.code, 0, `${command[0]}: ${r.stderr}`);
        }
        assert.deepEqual(Object.keys(proxy.counts()), ['GET'], JSON.stringify(proxy.counts()));
      } finally {
        await proxy.close();
      }
      assert.deepEqual(await s3.snapshot(), before);
      assert.deepEqual(await readdir(docs, { recursive: true }), local);
      assert.deepEqual((await readdir(dir)).sort(), ['library']);
    }));

  it("status of a shared index says integrity rests on LanceDB's manifests, with no local checksums", () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
      const r = await cli(['status', docs, '--db', uri, '--verify']);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.includes("integrity: on object storage, LanceDB's manifests (no local file checksums to record or verify)"), r.stdout);
      assert.doesNotMatch(r.stdout, /checksums: not recorded yet/);
    }));

  it("--root maps cited paths to this machine's copy, and a cited file missing from it is named", () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      assert.equal((await cli(['index', docs, '--db', uri, '--embed', 'none'])).code, 0);
      const copy = join(dir, 'my-copy');
      await cp(docs, copy, { recursive: true });
      await rm(join(copy, 'notes'), { recursive: true });
      const r = await cli(['search', '--root', copy, 'gateway', '--db', uri], {}, dir);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.includes('(my-copy/README.md:'), r.stdout);
      assert.equal(r.stderr.trim(), `note: not on this machine: notes/deploy.md (looked under ${copy}; pass --root with your copy of the indexed documents)`);
    }));

  it("a reader without the writer's embedding model searches full-text and says so", () =>
    withTempDir(async (dir) => {
      const docs = await library(dir);
      const ollama = await startFakeOllama();
      try {
        const indexed = await cli(['index', docs, '--db', uri, '--embed', 'ollama'], { OLLAMA_HOST: ollama.url });
        assert.equal(indexed.code, 0, indexed.stderr);
      } finally {
        await ollama.close();
      }
      const r = await cli(['search', docs, 'gateway port', '--db', uri, '--json'], { OLLAMA_HOST: await deadHost() });
      assert.equal(r.code, 0, r.stderr);
      assert.ok((JSON.parse(r.stdout) as { hits: { path: string }[] }).hits.some((h) => h.path === 'README.md'));
      assert.match(r.stderr, /^warning: .*full-text/m);
    }));

  it('a read the store fails with a server error (500 InternalError) is asked again; a write is not', async () => {
    // A store that answers each object's first request with InternalError, as s3rver does when a
    // read meets a write of the same object, and counts what it was asked.
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        const first = asked.filter((a) => a === `${req.method} ${req.url}`).length === 1;
        if (first) return void res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
        res.writeHead(200, { etag: '"v1"' }).end(req.method === 'GET' ? '{"owner":"a"}' : '');
      });
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new S3Client(
      { uri: 's3://research/team', bucket: 'research', prefix: 'team' },
      { endpoint, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', timeoutMs: 5_000 },
    );
    try {
      assert.equal((await client.get('team/writer-lock.json'))?.body.toString(), '{"owner":"a"}');
      await assert.rejects(client.put('team/meta.json', '{}'), (error: Error & { code?: string }) => error.code === 'store-failed');
      assert.deepEqual(asked, ['GET /research/team/writer-lock.json', 'GET /research/team/writer-lock.json', 'PUT /research/team/meta.json']);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it('gs:// and az:// are refused with one line saying how to reach such a store (exit 2)', async () => {
    const r = await cli(['index', '.', '--db', 'gs://bucket/lib']);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr.trim(),
      'error: gs://bucket/lib: only s3:// index locations are supported (any S3-compatible store: Google Cloud Storage and Azure through their S3 endpoints, with AWS_ENDPOINT set)',
    );
  });
});

/** PUTs an object the way another machine would (s3rver accepts the default credentials). */
async function putObject(s3: S3Server, key: string, body: string): Promise<void> {
  const client = new S3Client(
    { uri: `s3://${s3.bucket}`, bucket: s3.bucket, prefix: '' },
    {
      endpoint: s3.url,
      region: 'us-east-1',
      accessKeyId: s3.env.AWS_ACCESS_KEY_ID!,
      secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY!,
      timeoutMs: 5_000,
    },
  );
  assert.ok(await client.put(key, body));
}

/** Starts the CLI and SIGKILLs it as soon as its stderr matches `when`. */
function killWhen(args: string[], env: NodeJS.ProcessEnv, when: RegExp): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cliPath, ...args], { env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
      if (when.test(stderr)) child.kill('SIGKILL');
    });
    child.on('close', (_code, signal) => (signal === 'SIGKILL' ? done() : fail(new Error(`the run ended before it could be killed:\n${stderr}`))));
  });
}
