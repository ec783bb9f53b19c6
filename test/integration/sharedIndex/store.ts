/**
 * Set-up of the shared-index pass, run by test/integration/run.mjs before the extension host
 * starts: a real S3-compatible server (s3rver), the team's documents indexed into it by the CLI
 * (the writer, `dist/cli.js index … --db s3://…`), and the reader's workspace, this machine's copy
 * of the documents minus one file (a citation of it must say it is not on this machine).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startS3Server } from '../../support/s3Server';

export const SHARED = {
  uri: 's3://research/team-library',
  present: 'notes/gateway.md',
  absent: 'notes/rollout.md',
};

export async function startSharedIndex(root: string, repoRoot: string) {
  const writerCopy = join(root, 'writer');
  const readerCopy = join(root, 'reader');
  await mkdir(join(writerCopy, 'notes'), { recursive: true });
  await writeFile(join(writerCopy, SHARED.present), '# Gateway\n\nThe gateway listens on port 8080 for plain HTTP.\n');
  await writeFile(join(writerCopy, SHARED.absent), '# Rollout\n\nThe gateway port 8080 is opened by the blue green rollout.\n');
  const s3 = await startS3Server();
  await promisify(execFile)(process.execPath, [join(repoRoot, 'dist/cli.js'), 'index', writerCopy, '--db', SHARED.uri, '--embed', 'none'], {
    env: { ...process.env, ...s3.env },
  });
  await cp(writerCopy, readerCopy, { recursive: true });
  await rm(join(readerCopy, SHARED.absent));
  return {
    readerCopy,
    env: { ...s3.env, LRA_S3_DATA: s3.dataDir } as Record<string, string>,
    close: () => s3.close(),
  };
}
