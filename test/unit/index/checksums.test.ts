/**
 * The index's own checksums (store/checksums.ts) on a real LanceDB index: what counts as damage
 * at open, what does not (a copy that lost the files' times, files pruned by a later run), and an
 * index from before checksums keeping its documents.
 */
import assert from 'node:assert/strict';
import { cp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../../support/tempDir';
import { overwrite } from '../../support/indexCorrupter';
import { indexFolder } from '../../../src/core/index/pipeline/indexer';
import { IndexCorruptError, openIndexStore, verifyIndex } from '../../../src/core/index/store';
import { listImmutableFiles } from '../../../src/core/index/store/checksums';
import type { IndexSummary } from '../../../src/core/index/types';

async function run(root: string, dbDir?: string): Promise<IndexSummary> {
  const gen = indexFolder({ root, workers: 0, ...(dbDir ? { dbDir } : {}) });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

async function indexedFolder(root: string): Promise<string> {
  for (let i = 0; i < 3; i++) await writeFile(join(root, `n${i}.md`), `# Note ${i}\n\nwords about topic ${i}\n`);
  await run(root);
  return join(root, '.research-index');
}

async function opens(dbDir: string): Promise<number> {
  const store = await openIndexStore(dbDir);
  try {
    return await store.countChunks();
  } finally {
    store.close();
  }
}

describe('index checksums (real LanceDB)', () => {
  it('a data file overwritten in place (same size) is IndexCorruptError at open, naming the file', () =>
    withTempDir(async (root) => {
      const dbDir = await indexedFolder(root);
      const data = (await listImmutableFiles(dbDir)).find((f) => f.startsWith('chunks.lance/data/'))!;
      await overwrite(join(dbDir, data), 100, 16);
      await assert.rejects(openIndexStore(dbDir), (e) => e instanceof IndexCorruptError && e.detail.includes(data));
      const { report } = await verifyIndex(dbDir);
      assert.deepEqual(report?.mismatches, [{ path: data, problem: 'content' }]);
    }));

  it('a copy of the index that did not keep file times opens without a false alarm (guards: every moved time taken as damage)', () =>
    withTempDir(async (root) => {
      const dbDir = await indexedFolder(root);
      const later = new Date(Date.now() + 60_000);
      for (const f of await listImmutableFiles(dbDir)) await utimes(join(dbDir, f), later, later);
      assert.equal(await opens(dbDir), 3);
      const copy = join(root, 'copied-index');
      await cp(dbDir, copy, { recursive: true, preserveTimestamps: false });
      assert.equal(await opens(copy), 3);
    }));

  it('recorded files a later (unfinished) run pruned are not damage; a recorded file gone with nothing newer is', () =>
    withTempDir(async (root) => {
      const dbDir = await indexedFolder(root);
      const meta = await readFile(join(dbDir, 'index-meta.json'), 'utf8');
      // A second run that changes a document compacts and prunes the files the first recorded...
      await writeFile(join(root, 'n0.md'), '# Note 0\n\nother words now\n');
      await run(root);
      // ...and a run killed before it recorded leaves the old record beside the new files.
      await writeFile(join(dbDir, 'index-meta.json'), meta);
      assert.equal(await opens(dbDir), 3);

      await run(root); // records the files as they are now
      const manifest = (await listImmutableFiles(dbDir)).find((f) => f.startsWith('documents.lance/_versions/'))!;
      await rm(join(dbDir, manifest));
      await assert.rejects(openIndexStore(dbDir), (e) => e instanceof IndexCorruptError && e.detail === `${manifest} is missing`);
    }));

  it('an index made before checksums keeps every document: the next run records them and re-indexes nothing', () =>
    withTempDir(async (root) => {
      const dbDir = await indexedFolder(root);
      const metaPath = join(dbDir, 'index-meta.json');
      const meta = JSON.parse(await readFile(metaPath, 'utf8')) as Record<string, unknown>;
      delete meta.checksums;
      await writeFile(metaPath, JSON.stringify(meta));
      assert.equal((await verifyIndex(dbDir)).report, null);
      assert.equal(await opens(dbDir), 3);

      const next = await run(root);
      assert.equal(next.indexed, 0);
      assert.equal(next.skipped, 3);
      assert.ok(
        next.notices.some((n) => n.includes('checksums of the index files recorded')),
        next.notices.join('\n'),
      );
      const { report } = await verifyIndex(dbDir);
      assert.ok(report && report.checked > 0 && report.mismatches.length === 0);
    }));
});
