/**
 * Pages OCR could not read through no fault of theirs (Tesseract could not start: its files gone
 * for a moment, or its thread died) are read again by the next run, through the real indexer,
 * OCR threads and LanceDB; the unchanged file is not left with those pages unread for good.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTempDir } from '../../support/tempDir';
import { writeScannedPdf } from '../../support/scannedPdfs';
import { makePdf } from '../../support/pdfs';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { indexFolder, type IndexFolderOptions } from '../../../src/core/index/pipeline/indexer';
import { createRetriever } from '../../../src/core/index/search/search';
import { openIndexStore } from '../../../src/core/index/store';
import { FAILURES_FILE } from '../../../src/core/index/pipeline/failureRecord';
import type { IndexSummary } from '../../../src/core/index/types';

async function run(options: IndexFolderOptions): Promise<IndexSummary> {
  const gen = indexFolder({ workers: 1, ...options });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

const SCANNED = 'Warranty terms\nThe warranty covers the gearbox for nine years.';

describe('OCR pages that failed for a passing reason are read again', function () {
  // Tesseract takes seconds a page on this 2-core machine; the bound only proves "no hang".
  this.timeout(180_000);

  it('a page Tesseract could not start for is read at the next run (only that page), then found by search; a third run reads nothing', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      await mkdir(docs);
      await writeScannedPdf(join(docs, 'mixed.pdf'), [{ text: 'Installation\nRun the installer as an administrator.' }, { scanned: SCANNED }]);
      // Language data Tesseract cannot load: the engine fails to start on the page, as when its files vanish mid-run.
      const brokenData = join(root, 'broken-tessdata');
      await mkdir(brokenData);
      await writeFile(join(brokenData, 'eng.traineddata'), 'not a model');
      const db = join(root, 'index');
      const chunking = { chunkSize: 100, overlap: 0 }; // a chunk per page: the hit names the OCR'd page

      const broken = await run({ root: docs, dbDir: db, chunking, ocr: { languageDir: brokenData } });
      assert.equal(broken.indexed, 1, 'the text page is indexed');
      assert.deepEqual(broken.ocr?.documents, [{ path: 'mixed.pdf', read: [], unreadable: [2] }]);
      const record = JSON.parse(await readFile(join(db, FAILURES_FILE), 'utf8')) as Array<{ path: string; code: string; pages?: number[] }>;
      assert.deepEqual(
        record.map((r) => [r.path, r.code, r.pages]),
        [['mixed.pdf', 'ocr-retry', [2]]],
      );

      const retried = await run({ root: docs, dbDir: db, chunking });
      assert.deepEqual(retried.ocr?.documents, [{ path: 'mixed.pdf', read: [2], unreadable: [] }], 'the unchanged file was read again');
      assert.equal(retried.ocr?.recognized, 1, 'only the unread page went to OCR');
      assert.ok(
        retried.notices.some((n) => /with pages OCR could not read last run/.test(n)),
        `one notice says why: ${retried.notices.join(' | ')}`,
      );
      const store = await openIndexStore(db);
      try {
        const hits = await createRetriever(store, null).search('warranty gearbox nine years', { k: 1 });
        assert.deepEqual([hits[0]?.path, hits[0]?.pageStart], ['mixed.pdf', 2]);
        const [doc] = await store.documents();
        assert.ok(!doc?.warnings.some((w) => /could not be read by OCR/.test(w)), `no stale warning: ${doc?.warnings.join(' | ')}`);
      } finally {
        store.close();
      }

      const settled = await run({ root: docs, dbDir: db, chunking });
      assert.deepEqual([settled.indexed, settled.ocr?.documents, settled.ocr?.recognized], [0, [], 0], 'read once: nothing left to retry');
    }));

  it('a page whose own image cannot be decoded is warned about, not recorded for a retry: the next run reads nothing again', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      await mkdir(docs);
      await writeFile(join(docs, 'damaged.pdf'), await pdfWithDamagedScan());
      const db = join(root, 'index');
      const first = await run({ root: docs, dbDir: db });
      assert.deepEqual(first.ocr?.documents, [{ path: 'damaged.pdf', read: [], unreadable: [2] }]);
      const record = JSON.parse(await readFile(join(db, FAILURES_FILE), 'utf8')) as unknown[];
      assert.deepEqual(record, [], 'the page failed by its own fault: nothing to retry');
      const second = await run({ root: docs, dbDir: db });
      assert.deepEqual([second.indexed, second.ocr?.documents], [0, []], 'not read again, not warned again');
    }));
});

/** A text page, then a page painted with a JPEG image whose bytes are not a JPEG (a damaged scan). */
async function pdfWithDamagedScan(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf(['Installation\nRun the installer as an administrator.']));
  const image = doc.context.register(
    doc.context.stream(new Uint8Array(4096).fill(7), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 600,
      Height: 800,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    }),
  );
  const page = doc.addPage([612, 792]);
  page.node.setXObject(PDFName.of('Im0'), image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject('Im0'), popGraphicsState());
  return doc.save();
}
