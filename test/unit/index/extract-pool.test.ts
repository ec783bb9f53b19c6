import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { discoverFiles } from '../../../src/core/index/pipeline/discover';
import { createExtractor, ExtractionError, extractFile, failureFromError } from '../../../src/core/index/pipeline/extract';
import { WorkerPool } from '../../../src/core/index/pipeline/extract/pool';
import { makeEncryptedPdf, makeLargePdf, makePdf, truncatedPdf, writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

describe('createExtractor with worker threads', () => {
  it('uses a worker pool under tsx and matches in-thread extraction exactly', () =>
    withTempDir(async (root) => {
      for (let i = 1; i <= 5; i++) {
        await writePdf(join(root, `doc${i}.pdf`), [`document ${i} page one`, `document ${i} page two`, { noText: true }]);
      }
      await writeFile(join(root, 'notes.md'), '# notes\nline two\n');
      const { files } = await discoverFiles(root);
      const pooled = createExtractor({ workers: 2 });
      try {
        assert.ok(pooled instanceof WorkerPool, 'expected threads to be available here');
        const viaPool = await Promise.all(files.map((file) => pooled.extract(file)));
        const inThread = await Promise.all(files.map((file) => extractFile(file)));
        assert.deepEqual(viaPool, inThread);
        assert.equal(viaPool.length, 6);
      } finally {
        await pooled.close();
      }
      assert.equal(threadId, 0);
    }));

  it('rebuilds typed errors from the worker with their codes and causes', () =>
    withTempDir(async (root) => {
      const valid = await makePdf(['text']);
      await writeFile(join(root, 'locked.pdf'), await makeEncryptedPdf());
      await writeFile(join(root, 'cut.pdf'), truncatedPdf(valid));
      await writeFile(join(root, 'empty.pdf'), new Uint8Array(0));
      await writeFile(join(root, 'fine.pdf'), valid);
      const { files } = await discoverFiles(root);
      const extractor = createExtractor({ workers: 2 });
      try {
        const outcomes = await Promise.all(
          files.map((file) =>
            extractor.extract(file).then(
              () => 'ok',
              (error: unknown) => {
                assert.ok(error instanceof ExtractionError);
                return failureFromError(file.path, error).code;
              },
            ),
          ),
        );
        assert.deepEqual(
          files.map((file, index) => [file.path, outcomes[index]]),
          [
            ['cut.pdf', 'corrupt'],
            ['empty.pdf', 'empty'],
            ['fine.pdf', 'ok'],
            ['locked.pdf', 'encrypted'],
          ],
        );
        const locked = files.find((file) => file.path === 'locked.pdf');
        const error = await extractor.extract(locked as (typeof files)[number]).catch((caught: unknown) => caught);
        assert.equal(((error as Error).cause as Error).name, 'PasswordException');
      } finally {
        await extractor.close();
      }
    }));

  it('honours maxPdfBytes in the workers', () =>
    withTempDir(async (root) => {
      await writePdf(join(root, 'a.pdf'), ['some text']);
      const { files } = await discoverFiles(root);
      const extractor = createExtractor({ workers: 1, maxPdfBytes: 10 });
      try {
        await assert.rejects(extractor.extract(files[0] as (typeof files)[number]), { code: 'too-large' });
      } finally {
        await extractor.close();
      }
    }));

  it('rejects at once when aborted and keeps serving later files', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'long.pdf'), await makeLargePdf(400));
      await writePdf(join(root, 'short.pdf'), ['short one']);
      const { files } = await discoverFiles(root);
      const [long, short] = files as [(typeof files)[number], (typeof files)[number]];
      const extractor = createExtractor({ workers: 1 });
      try {
        const controller = new AbortController();
        const running = extractor.extract(long, controller.signal);
        const queued = extractor.extract(long, controller.signal);
        controller.abort();
        await assert.rejects(running, { name: 'AbortError' });
        await assert.rejects(queued, { name: 'AbortError' });
        assert.deepEqual((await extractor.extract(short)).pages, ['short one']);
      } finally {
        await extractor.close();
      }
    }));

  it('extracts in the calling thread with workers: 0', async () => {
    const extractor = createExtractor({ workers: 0 });
    assert.ok(!(extractor instanceof WorkerPool));
    await extractor.close();
  });

  it('fails only the current file when a worker crashes, then falls back to in-thread work', () =>
    withTempDir(async (root) => {
      await writePdf(join(root, 'a.pdf'), ['alpha']);
      const { files } = await discoverFiles(root);
      const file = files[0] as (typeof files)[number];
      // A worker that dies on every request: what an out-of-memory kill looks like to the pool.
      const pool = new WorkerPool(1, { eval: true, code: "require('node:worker_threads').parentPort.on('message', () => process.exit(3))" }, {});
      try {
        const failures = [];
        for (let i = 0; i < 3; i++) failures.push(await pool.extract(file).catch((error: unknown) => error));
        for (const failure of failures) assert.equal((failure as ExtractionError).code, 'failed');
        // Three crashes in a row: threads are given up and the file is read in this thread.
        assert.deepEqual((await pool.extract(file)).pages, ['alpha']);
      } finally {
        await pool.close();
      }
    }));
});
