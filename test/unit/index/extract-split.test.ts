/**
 * One PDF read by several workers at once (page ranges), joined in page order: the document must
 * be exactly the one a whole-file read gives, a bad file must fail once with one typed error, and
 * cancelling must stop every part.
 */
import assert from 'node:assert/strict';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { DiscoveredFile } from '../../../src/core/index/types';
import { ExtractionError, extractFile } from '../../../src/core/index/pipeline/extract';
import { assemblePdfText, MIN_PAGES_PER_PART, partPageRange } from '../../../src/core/index/pipeline/extract/pdf';
import { readPdfPart } from '../../../src/core/index/pipeline/extract/pdfRead';
import { resolveWorkerScript, WorkerPool, type WorkerScript } from '../../../src/core/index/pipeline/extract/pool';
import { indexFolder } from '../../../src/core/index/pipeline/indexer';
import { makeLargePdf, makePdf, truncatedPdf, type PageSpec } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

async function pdfFile(root: string, name: string, bytes: Uint8Array): Promise<DiscoveredFile> {
  const absPath = join(root, name);
  await writeFile(absPath, bytes);
  const info = await stat(absPath);
  return { path: name, absPath, kind: 'pdf', size: info.size, mtimeMs: info.mtimeMs };
}

function workerScript(): WorkerScript {
  const script = resolveWorkerScript();
  assert.ok(script, 'expected the worker script to be runnable here (tsx)');
  return script;
}

/**
 * 60 pages whose text tests the document-wide steps across the split: "multiple-choice" is
 * spelled with its hyphen only in the first half, and broken at a line end only in the second,
 * so the hyphen is kept only if the second half's pages are dehyphenated with the first half's
 * words. Pages without text in both halves must merge into one warning.
 */
function splitTestPages(): PageSpec[] {
  return Array.from({ length: 60 }, (_, index): PageSpec => {
    const page = index + 1;
    if (page === 7 || page === 8 || page === 52) return { noText: true };
    if (page === 3) return { lines: ['The multiple-choice format is explained here.'] };
    if (page === 45) return { lines: ['Every answer sheet of a multiple-', 'choice exam is read twice, and the configu-', 'ration file says how.'] };
    return { lines: [`Section ${page} text of page ${page}.`, `It continues on a second line of page ${page}.`] };
  });
}

describe('split PDF extraction (page ranges across workers)', () => {
  it('partPageRange covers every page exactly once, in order, with parts of at least MIN_PAGES_PER_PART', () => {
    for (const numPages of [0, 1, MIN_PAGES_PER_PART - 1, 2 * MIN_PAGES_PER_PART - 1, 2 * MIN_PAGES_PER_PART, 101, 337]) {
      for (const count of [1, 2, 3, 4]) {
        const ranges = Array.from({ length: count }, (_, index) => partPageRange(numPages, { index, count }));
        const covered = ranges.flatMap(({ first, last }) => Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i));
        assert.deepEqual(
          covered,
          Array.from({ length: numPages }, (_, i) => i + 1),
          `${numPages} pages in ${count} parts`,
        );
        const used = ranges.filter(({ first, last }) => last >= first);
        if (used.length > 1) for (const { first, last } of used) assert.ok(last - first + 1 >= MIN_PAGES_PER_PART);
      }
    }
    // A long document really is split.
    assert.deepEqual(partPageRange(101, { index: 1, count: 2 }), { first: 51, last: 101 });
  });

  it('reads parts in any order into the same pages, warnings and dehyphenation as one whole read', async () => {
    const bytes = await makePdf(splitTestPages());
    const whole = assemblePdfText([await readPdfPart(bytes.slice(), undefined)]);
    const parts = await Promise.all([1, 0].map((index) => readPdfPart(bytes.slice(), { index, count: 2 })));
    assert.deepEqual(
      parts.map((part) => [part.firstPage, part.pages.length]),
      [
        [31, 30],
        [1, 30],
      ],
    );
    assert.deepEqual(assemblePdfText(parts), whole);
    // The document-wide dictionary reached across the split: kept in page 45, joined elsewhere.
    assert.match(whole.pages[44] as string, /multiple-\nchoice exam/);
    assert.match(whole.pages[44] as string, /configuration\nfile says how/);
    assert.deepEqual(whole.warnings, ['pages 7-8, 52 have no text layer (scanned?)']);
  });

  it('refuses parts that disagree (the file changed between reads) with one typed error', async () => {
    const first = await readPdfPart(await makeLargePdf(60), { index: 0, count: 2 });
    const second = await readPdfPart(await makeLargePdf(62), { index: 1, count: 2 });
    assert.throws(
      () => assemblePdfText([first, second]),
      (error: unknown) => error instanceof ExtractionError && error.code === 'failed',
    );
  });

  it('a pool of two workers splits a long PDF between them and returns exactly the whole-file document', () =>
    withTempDir(async (root) => {
      const file = await pdfFile(root, 'manual.pdf', await makePdf(splitTestPages()));
      const short = await pdfFile(root, 'short.pdf', await makePdf(['one page only']));
      const pool = new WorkerPool(2, workerScript(), {});
      try {
        const [split, small] = await Promise.all([pool.extract(file), pool.extract(short)]);
        assert.deepEqual(split, await extractFile(file));
        assert.deepEqual(small, await extractFile(short));
        // The long file went out in as many parts as have pages (two here); the one-page file was
        // opened once, not once per possible part.
        assert.deepEqual(pool.stats, { files: 2, splitFiles: 1, tasks: 3, cancelledTasks: 0, terminated: 0 });
      } finally {
        await pool.close();
      }
    }));

  it('reports a damaged PDF once, with one typed error, and keeps serving', () =>
    withTempDir(async (root) => {
      const cut = await pdfFile(root, 'cut.pdf', truncatedPdf(await makeLargePdf(120), 0.5));
      const good = await pdfFile(root, 'good.pdf', await makeLargePdf(60));
      const pool = new WorkerPool(2, workerScript(), {});
      try {
        let rejections = 0;
        const error = await pool.extract(cut).catch((caught: unknown) => {
          rejections++;
          return caught;
        });
        assert.ok(error instanceof ExtractionError, `expected an ExtractionError, got ${String(error)}`);
        assert.equal(error.code, 'corrupt');
        assert.equal(rejections, 1);
        // It could not be opened, so it was never split: one read, one error.
        assert.deepEqual([pool.stats.tasks, pool.stats.splitFiles], [1, 0]);
        assert.deepEqual(await pool.extract(good), await extractFile(good));
      } finally {
        await pool.close();
      }
      // Through the indexer: one FileFailure for the file, the rest indexed.
      const summary = await drain(indexFolder({ root, dbDir: join(root, '.db'), workers: 2 }));
      assert.deepEqual(
        summary.failed.map((failure) => [failure.path, failure.code]),
        [['cut.pdf', 'corrupt']],
      );
      assert.equal(summary.indexed, 1);
    }));

  it('cancelling a split file rejects at once, stops both parts and keeps both workers serving', () =>
    withTempDir(async (root) => {
      const long = await pdfFile(root, 'long.pdf', await makeLargePdf(3000, 1));
      const short = await pdfFile(root, 'short.pdf', await makePdf(['short one']));
      const pool = new WorkerPool(2, workerScript(), {});
      try {
        // Warm both workers so the abort lands while pages are being read.
        await Promise.all([pool.extract(short), pool.extract(short)]);
        const controller = new AbortController();
        const first = pool.extract(long, controller.signal);
        const second = pool.extract(long, controller.signal);
        // Abort once both files are open and their other parts are queued behind the running ones.
        for (let waited = 0; pool.stats.splitFiles < 2 && waited < 30_000; waited += 5) await delay(5);
        controller.abort();
        await assert.rejects(first, { name: 'AbortError' });
        await assert.rejects(second, { name: 'AbortError' });
        // Both running parts' threads are stopped at once (a thread may be inside one long
        // synchronous parse, where no message reaches it); without that they would read their 750
        // pages to the end.
        assert.equal(pool.stats.terminated, 2);
        // Warm-up 2 tasks (one per short file), each long file's first part: their other 3 parts never went out.
        assert.equal(pool.stats.tasks, 4);
        const after = await Promise.all([pool.extract(short), pool.extract(short)]);
        assert.deepEqual(
          after.map((document) => document.pages),
          [['short one'], ['short one']],
        );
        assert.equal(pool.stats.tasks, 6);
      } finally {
        await pool.close();
      }
    }));
});

async function drain<T>(generator: AsyncGenerator<unknown, T>): Promise<T> {
  for (;;) {
    const step = await generator.next();
    if (step.done) return step.value;
  }
}
