/**
 * The extraction threads as a boundary: a file that runs its thread out of memory or time fails
 * alone (typed, with the limit and how to raise it) and the pool goes on with new threads; such
 * deaths never make the pool give up on threads (which would parse the next bomb in the caller's
 * thread); a cancel stops a thread that is deep in one synchronous parse; what threads print goes
 * to a handler, not the terminal.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { discoverFiles } from '../../../src/core/index/pipeline/discover';
import { ExtractionError } from '../../../src/core/index/pipeline/extract/errors';
import { resolveWorkerScript, WorkerPool } from '../../../src/core/index/pipeline/extract/pool';
import { startWorker } from '../../../src/core/index/workers/startWorker';
import { unclosedHtml } from '../../support/htmlBombs';
import { withTempDir } from '../../support/tempDir';

/** A thread that, asked for anything, never answers (a parse that does not end). */
const STUCK = "require('node:worker_threads').parentPort.on('message', () => { for (;;); })";
/** A thread that, asked for anything, fills its heap until it is stopped. */
const HEAP_EATER = "require('node:worker_threads').parentPort.on('message', () => { const kept = []; for (;;) kept.push(new Array(100000).fill(7)); })";

async function htmlFiles(root: string, pages: Record<string, string>) {
  for (const [name, html] of Object.entries(pages)) await writeFile(join(root, name), html);
  return (await discoverFiles(root)).files;
}

describe('extraction threads under limits', () => {
  it('a file that runs its thread out of memory fails as `crashed`; four in a row never send the next file to this thread', () =>
    withTempDir(async (root) => {
      const [file] = await htmlFiles(root, { 'page.html': '<p>Readable in any thread.</p>' });
      const pool = new WorkerPool(1, { eval: true, code: HEAP_EATER }, {}, { workerMemoryMb: 32 });
      try {
        for (let attempt = 0; attempt < 4; attempt++) {
          const error = await pool.extract(file!).catch((caught: unknown) => caught);
          assert.ok(error instanceof ExtractionError, String(error));
          assert.equal(error.code, 'crashed');
          assert.equal(
            error.message,
            'ran out of memory (limit 32 MB per extraction thread: raise --max-worker-mb (VS Code: research.index.workerMemoryMb)); not retried until it changes',
          );
        }
      } finally {
        await pool.close();
      }
    }));

  it('a file over the time limit fails as `timeout`; its thread, stuck in a loop, is stopped and the next file gets a new one', () =>
    withTempDir(async (root) => {
      const files = await htmlFiles(root, { 'a.html': '<p>One.</p>', 'b.html': '<p>Two.</p>' });
      const pool = new WorkerPool(1, { eval: true, code: STUCK }, {}, { fileTimeoutMs: 300 });
      try {
        for (const file of files) {
          const started = performance.now();
          const error = await pool.extract(file).catch((caught: unknown) => caught);
          assert.ok(error instanceof ExtractionError, String(error));
          assert.equal(error.code, 'timeout');
          assert.equal(
            error.message,
            'took longer than 0.3 s to read (time limit per file: raise --file-timeout (VS Code: research.index.fileTimeoutSeconds)); not retried until it changes',
          );
          assert.ok(performance.now() - started < 2_000);
        }
        assert.deepEqual([pool.stats.tasks, pool.stats.terminated], [2, 2]);
      } finally {
        await pool.close();
      }
    }));

  it('a cancel stops a thread inside one long synchronous parse at once', () =>
    withTempDir(async (root) => {
      const [file] = await htmlFiles(root, { 'slow.html': unclosedHtml(3_000_000) });
      const pool = new WorkerPool(1, resolveWorkerScript()!, {});
      try {
        const controller = new AbortController();
        const extraction = pool.extract(file!, controller.signal);
        await new Promise((resolve) => setTimeout(resolve, 1_500)); // into the parse (about 6 s here)
        const abortedAt = performance.now();
        controller.abort();
        await assert.rejects(extraction, { name: 'AbortError' });
        assert.ok(performance.now() - abortedAt < 200);
        assert.equal(pool.stats.terminated, 1);
      } finally {
        await pool.close();
      }
    }));

  it("what a thread prints (and a thread it starts) reaches the handler line by line, not this process's output", async () => {
    const lines: string[] = [];
    const code = [
      "const { Worker, parentPort } = require('node:worker_threads');",
      "console.log('from the thread'); console.error('Error in pixCreateNoInit: pixdata_malloc fail');",
      'const inner = new Worker("console.error(\'from its own thread\')", { eval: true });',
      "inner.on('exit', () => parentPort.postMessage('done'));",
    ].join('\n');
    await new Promise<void>((resolve, reject) => {
      const worker = startWorker<string>({ eval: true, code }, 'test', {
        message: () => void worker.terminate().then(() => resolve(), reject),
        died: () => undefined,
        output: (line) => lines.push(line),
      });
    });
    assert.deepEqual([...lines].sort(), ['Error in pixCreateNoInit: pixdata_malloc fail', 'from its own thread', 'from the thread']);
  });
});
