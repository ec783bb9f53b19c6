import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { indexFolder } from '../../../src/core/index/pipeline/indexer';
import { acquireWriterLock, IndexLockedError, lockPathOf, openIndexStore } from '../../../src/core/index/store';
import type { IndexSummary } from '../../../src/core/index/types';
import { withTempDir } from '../../support/tempDir';

/** The pid of a process that has exited (a real one, so no live process can have it for a while). */
function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
}

async function writeLock(dbDir: string, owner: { pid: number; host: string }): Promise<void> {
  await writeFile(lockPathOf(dbDir), JSON.stringify({ ...owner, startedAt: '2026-11-22T00:00:00.000Z', token: 'other' }));
}

async function runToEnd(dbDir: string, root: string, steps?: { pauseAfterFirst?: () => Promise<void> }): Promise<IndexSummary> {
  const gen = indexFolder({ root, dbDir, workers: 0 });
  let first = true;
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
    if (first && steps?.pauseAfterFirst) await steps.pauseAfterFirst();
    first = false;
  }
}

describe('one writer per index (writerLock.ts)', () => {
  it('refuses a second writer while the first holds the lock, naming the holder, and frees it on release', async () => {
    await withTempDir(async (dir) => {
      const dbDir = join(dir, 'idx');
      const lock = await acquireWriterLock(dbDir);
      await assert.rejects(acquireWriterLock(dbDir), (error: unknown) => {
        assert.ok(error instanceof IndexLockedError);
        assert.equal(error.code, 'index-locked');
        assert.equal(error.owner?.pid, process.pid);
        assert.match(error.message, new RegExp(`process ${process.pid}`));
        return true;
      });
      await lock.release();
      assert.equal(existsSync(lockPathOf(dbDir)), false);
      await (await acquireWriterLock(dbDir)).release();
    });
  });

  it('takes over a lock whose process died, but not one held on another host', async () => {
    await withTempDir(async (dir) => {
      const dbDir = join(dir, 'idx');
      await writeLock(dbDir, { pid: deadPid(), host: hostname() });
      const lock = await acquireWriterLock(dbDir);
      assert.equal(JSON.parse(await readFile(lockPathOf(dbDir), 'utf8')).pid, process.pid);
      await lock.release();

      await writeLock(dbDir, { pid: deadPid(), host: `not-${hostname()}` });
      await assert.rejects(acquireWriterLock(dbDir), IndexLockedError);
    });
  });

  it('release leaves a lock that is no longer its own', async () => {
    await withTempDir(async (dir) => {
      const dbDir = join(dir, 'idx');
      const lock = await acquireWriterLock(dbDir);
      // Someone judged it stale and took over (e.g. after this process was suspended for long).
      await writeLock(dbDir, { pid: process.pid, host: hostname() });
      await lock.release();
      assert.equal(existsSync(lockPathOf(dbDir)), true);
    });
  });

  it('a second index run on the same folder fails with the lock error while the first finishes intact', async () => {
    await withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(dir, 'idx');
      await mkdir(root);
      for (const n of [1, 2, 3]) await writeFile(join(root, `note${n}.md`), `# Note ${n}\n\nThe calibration constant of widget ${n} is ${n * 7}.\n`);
      let second: unknown;
      const first = await runToEnd(dbDir, root, {
        pauseAfterFirst: async () => {
          second = await runToEnd(dbDir, root).catch((error: unknown) => error);
        },
      });
      assert.ok(second instanceof IndexLockedError, `second run: ${String(second)}`);
      assert.equal(first.indexed, 3);
      assert.equal(existsSync(lockPathOf(dbDir)), false, 'the first run released its lock');
      const store = await openIndexStore(dbDir);
      try {
        assert.equal((await store.documents()).length, 3);
      } finally {
        store.close();
      }
      // And a lock left by a run that was killed does not block the next one.
      await writeLock(dbDir, { pid: deadPid(), host: hostname() });
      assert.equal((await runToEnd(dbDir, root)).skipped, 3);
    });
  });
});
