import assert from 'node:assert/strict';
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';
import { makeScannedPdf, writeScannedPdf } from '../../support/scannedPdfs';
import { indexFolder, type IndexFolderOptions } from '../../../src/core/index/pipeline/indexer';
import { createRetriever } from '../../../src/core/index/search/search';
import { openIndexStore } from '../../../src/core/index/store';
import { cachedOcrWords, OcrCache, ocrCacheDirOf } from '../../../src/core/index/pipeline/ocr/cache';
import { hashFile } from '../../../src/core/index/contentHash';
import { sqlEquals } from '../../../src/core/index/sql';
import { changesSinceLastRun } from '../../../src/core/index/pipeline/pending';
import type { IndexProgress, IndexSummary } from '../../../src/core/index/types';

async function run(options: IndexFolderOptions, onProgress?: (p: IndexProgress) => void): Promise<IndexSummary> {
  const gen = indexFolder({ workers: 1, ...options });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}

const SCANNED_PAGE = 'Calibration of the flux capacitor\nThe flux capacitor needs recalibration every\nseventeen thousand kilometres of driving.';
const SECOND_SCANNED = 'Warranty terms\nThe warranty covers the gearbox for nine years.';

describe('OCR of PDF pages without a text layer', function () {
  // Rendering and Tesseract take seconds a page on this 2-core machine; these bounds only prove "no hang".
  this.timeout(180_000);

  it('an image-only PDF was "no extractable text": its text is indexed, found by search and cited at its page', () =>
    withTempDir(async (root) => {
      await writeScannedPdf(join(root, 'scan.pdf'), [{ scanned: 'Cover page of the service manual' }, { scanned: SCANNED_PAGE }]);
      const messages: string[] = [];
      // Small chunks: each page its own chunk, so the citation shows which page the text came from.
      const summary = await run({ root, chunking: { chunkSize: 100, overlap: 0 } }, (p) => p.phase === 'ocr' && p.message && messages.push(p.message));
      assert.deepEqual(summary.failed, []);
      assert.equal(summary.indexed, 1);
      assert.deepEqual(summary.ocr?.documents, [{ path: 'scan.pdf', read: [1, 2], unreadable: [] }]);
      assert.ok(messages.includes('OCR page 2/2 of scan.pdf'), `progress names OCR per page: ${messages.join(' | ')}`);
      const store = await openIndexStore(join(root, '.research-index'));
      try {
        const hits = await createRetriever(store, null).search('flux capacitor recalibration kilometres', { k: 3 });
        assert.equal(hits[0]?.path, 'scan.pdf');
        assert.deepEqual([hits[0]?.pageStart, hits[0]?.pageEnd], [2, 2]);
        assert.match(hits[0]!.text, /seventeen thousand/);
        const rows = (await store.table.query().where(sqlEquals('path', 'scan.pdf')).select(['ocr_confidence']).toArray()) as Array<{
          ocr_confidence: number | null;
        }>;
        assert.ok(rows.length > 0 && rows.every((r) => typeof r.ocr_confidence === 'number' && r.ocr_confidence > 50), 'OCR chunks carry their confidence');
      } finally {
        store.close();
      }
    }));

  it("keeps each OCR'd word with its box on the page, for the viewer; a cache entry from before boxes stays valid without them", () =>
    withTempDir(async (root) => {
      const file = await writeScannedPdf(join(root, 'scan.pdf'), [{ scanned: SCANNED_PAGE }]);
      await run({ root });
      const cacheDir = ocrCacheDirOf(join(root, '.research-index'));
      const hash = await hashFile(file);
      const words = await cachedOcrWords(cacheDir, hash, 1);
      assert.ok(words, 'no words cached for the page');
      const fold = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
      assert.equal(fold(words.map((w) => w.text).join(' ')), fold(SCANNED_PAGE));
      const box = (text: string) => words.find((w) => w.text === text)!.box;
      // makePdf writes from the top-left margin down: the title's line above the last line, each word left of the next.
      const [title, seventeen, thousand] = [box('Calibration'), box('seventeen'), box('thousand')];
      assert.ok(title[3] < seventeen[1], `the first line is above the third: ${title} / ${seventeen}`);
      assert.ok(seventeen[2] < thousand[0] && Math.abs(seventeen[1] - thousand[1]) < 0.01, 'words of a line run left to right');
      for (const w of words)
        assert.ok(w.box[0] >= 0 && w.box[0] < w.box[2] && w.box[2] <= 1 && w.box[1] >= 0 && w.box[1] < w.box[3] && w.box[3] <= 1, `${w.text}: ${w.box}`);
      // A page cached before boxes were kept: still a valid hit (no second OCR), just no words.
      const old = new OcrCache(join(root, 'old-cache'), 'k');
      await old.put('ab'.repeat(32), { page: 3, text: 'text read before boxes', confidence: 90, blank: false });
      assert.equal((await old.get('ab'.repeat(32), 3))?.text, 'text read before boxes');
      assert.equal(await cachedOcrWords(join(root, 'old-cache'), 'ab'.repeat(32), 3), undefined);
    }));

  it('a mixed PDF gets OCR only on its pages without text; a second run and a rebuild OCR nothing (cache)', () =>
    withTempDir(async (root) => {
      const mixed = await makeScannedPdf([
        { text: 'Installation\nRun the installer as an administrator.' },
        { scanned: SECOND_SCANNED },
        { text: 'Uninstalling\nRemove the program from the control panel.' },
      ]);
      await writeFile(join(root, 'mixed.pdf'), mixed);
      const first = await run({ root });
      assert.deepEqual(first.ocr?.documents, [{ path: 'mixed.pdf', read: [2], unreadable: [] }], 'pages 1 and 3 have text: not OCRd');
      assert.equal(first.ocr?.recognized, 1);

      // Changing nothing reads nothing; a rebuild (new index folder, swapped in) uses the cache beside it.
      await writeFile(join(root, 'copy of mixed.pdf'), mixed);
      const rebuilt = await run({ root, rebuild: true, chunking: { chunkSize: 100, overlap: 0 } });
      assert.equal(rebuilt.ocr?.recognized, 0, 'the OCR cache survived the rebuild');
      // The copy has the same bytes as the file read a moment before: it takes that text, OCR'd page included, and reads nothing.
      assert.equal(rebuilt.ocr?.cached, 1, 'one copy reads page 2 from the cache, the other takes its text');
      assert.ok((await readdir(ocrCacheDirOf(join(root, '.research-index')))).length > 0);
      const store = await openIndexStore(join(root, '.research-index'));
      try {
        // Each copy holds the OCR'd page (a search of both answers the passage once: its copies count once).
        const retriever = createRetriever(store, null);
        for (const path of ['mixed.pdf', 'copy of mixed.pdf']) {
          const hits = await retriever.search('warranty gearbox nine years', { k: 2, paths: [path] });
          assert.deepEqual(
            hits.map((h) => [h.path, h.pageStart, h.pageEnd]),
            [[path, 2, 2]],
          );
        }
      } finally {
        store.close();
      }
    }));

  it('an index made with OCR off (or before OCR existed) reads its textless PDF pages once when OCR is on, and leaves the other documents alone', () =>
    withTempDir(async (root) => {
      await writeScannedPdf(join(root, 'mixed.pdf'), [{ text: 'Installation\nRun the installer as an administrator.' }, { scanned: SECOND_SCANNED }]);
      await writeFile(join(root, 'notes.md'), '# Notes\n\nNothing to read twice.\n');
      const chunking = { chunkSize: 100, overlap: 0 }; // a chunk per page: the hit names the OCR'd page
      const off = await run({ root, chunking, ocr: { mode: 'off' } });
      assert.equal(off.indexed, 2);
      assert.equal(off.ocr, undefined);
      // `status` says what the next run will do: read that PDF again, and only it.
      const pendingOcr = async () => {
        const before = await openIndexStore(join(root, '.research-index'), { readOnly: true });
        try {
          return (await changesSinceLastRun(root, join(root, '.research-index'), await before.documents(), { ocrDone: before.meta().ocr === true })).ocrRereads;
        } finally {
          before.close();
        }
      };
      assert.equal(await pendingOcr(), 1, 'status names the PDF OCR will read (was: "up to date")');

      const upgraded = await run({ root, chunking });
      assert.equal(upgraded.indexed, 1, 'only the PDF with a textless page is read again');
      assert.deepEqual(upgraded.ocr?.documents, [{ path: 'mixed.pdf', read: [2], unreadable: [] }]);
      assert.ok(
        upgraded.notices.some((n) => /OCR is on: reading again 1 PDF/.test(n)),
        upgraded.notices.join(' | '),
      );
      const store = await openIndexStore(join(root, '.research-index'));
      try {
        const hits = await createRetriever(store, null).search('warranty gearbox nine years', { k: 1 });
        assert.deepEqual([hits[0]?.path, hits[0]?.pageStart], ['mixed.pdf', 2]);
      } finally {
        store.close();
      }

      assert.equal(await pendingOcr(), 0);
      const again = await run({ root, chunking });
      assert.equal(again.indexed, 0, 'said and done once');
      assert.ok(!again.notices.some((n) => /OCR is on/.test(n)));
    }));

  it('a text PDF with a blank page and a title-only page does not start OCR (indexing text PDFs stays as fast as before)', () =>
    withTempDir(async (root) => {
      // A grey rectangle (vector graphics, no image) and a chapter title: nothing a scan would be.
      await writePdf(join(root, 'manual.pdf'), ['Chapter 1\nThe pump primes itself within ten seconds of power-on.', { noText: true }, 'Chapter 2']);
      const summary = await run({ root });
      assert.equal(summary.ocr?.recognized, 0, 'no page was rendered for OCR');
      assert.deepEqual(summary.warned, [{ path: 'manual.pdf', warnings: ['page 2 has no text layer (scanned?)'] }]);
    }));

  it('--ocr off keeps reporting the page as having no extractable text (no OCR)', () =>
    withTempDir(async (root) => {
      await writeScannedPdf(join(root, 'scan.pdf'), [{ scanned: SCANNED_PAGE }]);
      const summary = await run({ root, ocr: { mode: 'off' } });
      assert.equal(summary.ocr, undefined);
      assert.deepEqual(
        summary.failed.map((f) => [f.path, f.code, f.reason]),
        [['scan.pdf', 'no-text', 'no extractable text (scanned images? run OCR first)']],
      );
    }));

  it('cancelling mid-OCR leaves a consistent index, keeps pages read so far, and the next run finishes', () =>
    withTempDir(async (root) => {
      await writePdf(join(root, 'a-text.pdf'), ['A text page about tyre pressure.']);
      await writeScannedPdf(join(root, 'b-scan.pdf'), [{ scanned: SCANNED_PAGE }, { scanned: SECOND_SCANNED }, { scanned: 'Third page about wipers' }]);
      const controller = new AbortController();
      const started = Date.now();
      const cancelled = await run({ root, workers: 1, signal: controller.signal }, (p) => {
        if (p.phase === 'ocr' && p.message === 'OCR page 1/3 of b-scan.pdf') controller.abort();
      });
      assert.ok(Date.now() - started < 120_000, 'cancel does not wait for the whole document');
      assert.equal(cancelled.cancelled, true);
      const store = await openIndexStore(join(root, '.research-index'));
      try {
        assert.deepEqual(
          (await store.documents()).map((d) => d.path),
          ['a-text.pdf'],
          'the half-read PDF is not stored',
        );
      } finally {
        store.close();
      }
      const resumed = await run({ root });
      assert.equal(resumed.cancelled, false);
      assert.deepEqual(resumed.ocr?.documents, [{ path: 'b-scan.pdf', read: [1, 2, 3], unreadable: [] }]);
      assert.equal(resumed.ocr?.cached, 1, 'the page read before the cancel came from the cache');
    }));

  it('reads the packaged language data only: no network, nothing written to a read-only working directory', () =>
    withTempDir(async (root) => {
      await writeScannedPdf(join(root, 'scan.pdf'), [{ scanned: SECOND_SCANNED }]);
      const cwd = join(root, 'readonly-cwd');
      await mkdir(cwd);
      await chmod(cwd, 0o555);
      const saved = { cwd: process.cwd(), http: process.env.HTTP_PROXY, https: process.env.HTTPS_PROXY };
      // A dead proxy: any download (tesseract.js's default CDN) would fail and leave the page unread.
      process.env.HTTP_PROXY = process.env.HTTPS_PROXY = 'http://127.0.0.1:9';
      process.chdir(cwd);
      try {
        const summary = await run({ root, dbDir: join(root, 'index') });
        assert.deepEqual(summary.ocr?.documents, [{ path: 'scan.pdf', read: [1], unreadable: [] }]);
        assert.deepEqual(await readdir(cwd), []);
      } finally {
        process.chdir(saved.cwd);
        process.env.HTTP_PROXY = saved.http ?? '';
        process.env.HTTPS_PROXY = saved.https ?? '';
        if (saved.http === undefined) delete process.env.HTTP_PROXY;
        if (saved.https === undefined) delete process.env.HTTPS_PROXY;
        await chmod(cwd, 0o755);
      }
    }));
});
