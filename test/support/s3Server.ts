/**
 * A real S3-compatible server for tests: s3rver (npm) on 127.0.0.1, a free port, its objects in a
 * temporary folder, one bucket made at start. `env` is what a user sets to reach such a store
 * (only the standard AWS_* variables LanceDB and our client read), plus a per-test user cache
 * folder so the "told once" record and the OCR cache stay inside the test.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types; the two methods used here.
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's key for the default credentials: any other access key id is refused with InvalidAccessKeyId. */
const ACCESS_KEY = 'S3RVER';

export interface S3Server {
  url: string;
  bucket: string;
  /** Where s3rver keeps the objects (one folder per bucket, files per key). */
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Every stored object under `prefix` with its size and modification time, sorted: a fingerprint of the bucket. */
  snapshot(prefix?: string): Promise<string[]>;
  /** Keys under `prefix` (relative to the bucket). */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'research'): Promise<S3Server> {
  const root = await mkdtemp(join(tmpdir(), 'lra-s3-'));
  const dataDir = join(root, 'data');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const files = async (prefix: string) => {
    const base = join(dataDir, bucket, prefix);
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  };
  return {
    url,
    bucket,
    dataDir,
    env: {
      AWS_ENDPOINT: url,
      AWS_ALLOW_HTTP: 'true',
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
      AWS_REGION: 'us-east-1',
      XDG_CACHE_HOME: join(root, 'cache'),
    },
    async snapshot(prefix = '') {
      return Promise.all(
        (await files(prefix)).map(async (f) => {
          const s = await stat(f);
          return `${relative(dataDir, f)} ${s.size} ${s.mtimeMs}`;
        }),
      );
    },
    async keys(prefix = '') {
      const suffix = '._S3rver_object';
      return (await files(prefix)).filter((f) => f.endsWith(suffix)).map((f) => relative(join(dataDir, bucket), f).slice(0, -suffix.length));
    },
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
