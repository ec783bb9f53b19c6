/**
 * Paper records and the index: an index made before records gains them on its next run by
 * reading only each PDF's metadata and first pages (no text extracted again, no OCR, nothing
 * re-embedded), says so once, and is quiet after.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openPaperLibrary, type IndexSummary } from '../../../src/core/index';
import { createExtractor, type Extractor } from '../../../src/core/index/pipeline/extract';
import { openIndexStore } from '../../../src/core/index/store';
import { writePaperLibrary } from '../../support/paperLibrary';
import { scannedPage } from '../../support/scannedPdfs';
import { withTempDir } from '../../support/tempDir';

/** The real extractor, counting what it is asked. */
function countingExtractor(): Extractor & { texts: number; evidence: number } {
  const inner = createExtractor({ workers: 1, leaveTextlessToOcr: true, readPaper: true });
  const counting = {
    texts: 0,
    evidence: 0,
    extract: (...args: Parameters<Extractor['extract']>) => {
      counting.texts++;
      return inner.extract(...args);
    },
    paperEvidence: (...args: Parameters<Extractor['paperEvidence']>) => {
      counting.evidence++;
      return inner.paperEvidence(...args);
    },
    close: () => inner.close(),
  };
  return counting;
}

async function run(root: string, dbDir: string, extractor?: Extractor): Promise<IndexSummary> {
  const generator = indexFolder({ root, dbDir, workers: 1, ...(extractor ? { extractor } : {}) });
  let step = await generator.next();
  while (!step.done) step = await generator.next();
  return step.value;
}

/** Makes the index look made before paper records: no table, no word of it in the meta file. */
async function asBeforeRecords(dbDir: string): Promise<void> {
  await rm(join(dbDir, 'paper_fields.lance'), { recursive: true });
  const metaPath = join(dbDir, 'index-meta.json');
  const meta = JSON.parse(await readFile(metaPath, 'utf8'));
  delete meta.paperFields;
  for (const file of Object.keys(meta.checksums.files)) if (file.startsWith('paper_fields.lance/')) delete meta.checksums.files[file];
  await writeFile(metaPath, JSON.stringify(meta));
}

describe('paper records in the index', function () {
  // A scanned title page is OCR'd once (seconds on this machine).
  this.timeout(300_000);

  it('an index made before records gains them on its next run without extracting, OCR-ing or embedding again, and says so once', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      await writePaperLibrary(root);
      await mkdir(join(root, 'scanned'));
      await writeFile(
        join(root, 'scanned/cox.pdf'),
        await scannedPage({
          placed: [
            { text: 'Approximating the Cox Model', size: 22, y: 140, x: 'centre', bold: true },
            { text: 'Chenyang Zhong, Robert Tibshirani and Terry Therneau', size: 14, y: 180, x: 'centre' },
            { text: 'The Cox model is approximated by a Poisson regression with one interval per event time.', size: 11, y: 240, x: 50 },
          ],
        }),
      );
      const first = await run(root, dbDir);
      assert.equal(first.ocr?.recognized, 1, 'the scanned title page was OCR-ed once');
      const before = await openIndexStore(dbDir, { readOnly: true });
      const indexedAt = new Map((await before.documents()).map((d) => [d.path, d.indexedAt]));
      const chunks = await before.countChunks();
      before.close();

      await asBeforeRecords(dbDir);
      assert.equal((await openPaperLibrary(dbDir, root)).library.records.get('timeseries/JSS2008.pdf'), undefined, 'no record before the run');
      const extractor = countingExtractor();
      const second = await run(root, dbDir, extractor);
      await extractor.close();
      assert.equal(extractor.texts, 0, 'no document extracted again');
      assert.equal(extractor.evidence, 4, "each PDF's first pages read once");
      assert.equal(second.ocr?.recognized, 0, 'no page OCR-ed again: the scanned title page is read from the OCR cache');
      assert.deepEqual(
        second.notices.filter((n) => /title, authors and year/.test(n)),
        ['reading the title, authors and year of 4 PDF(s) from their first pages (once): their text, OCR and embeddings are kept'],
      );
      const after = await openIndexStore(dbDir, { readOnly: true });
      assert.deepEqual(new Map((await after.documents()).map((d) => [d.path, d.indexedAt])), indexedAt, 'no document written again');
      assert.equal(await after.countChunks(), chunks);
      after.close();

      const { library } = await openPaperLibrary(dbDir, root);
      const forecast = library.records.get('timeseries/JSS2008.pdf');
      assert.equal(forecast?.title?.value, 'Automatic Time Series Forecasting: the forecast Package for R');
      assert.equal(forecast?.year?.value, 2008);
      assert.deepEqual(
        library.records.get('scanned/cox.pdf')?.authors?.value.map((a) => a.family),
        ['Zhong', 'Tibshirani', 'Therneau'],
      );

      const quiet = countingExtractor();
      const third = await run(root, dbDir, quiet);
      await quiet.close();
      assert.equal(quiet.evidence, 0, 'records complete: nothing read');
      assert.deepEqual(
        third.notices.filter((n) => /title, authors and year/.test(n)),
        [],
      );
    }));

  it("a removed PDF's record goes with it", () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      await writePaperLibrary(root);
      await run(root, dbDir);
      await rm(join(root, 'inference/simultaneous.pdf'));
      await run(root, dbDir);
      const store = await openIndexStore(dbDir, { readOnly: true });
      assert.deepEqual((await store.paperFields.readAll()).map((r) => r.path).sort(), ['econometrics/chausse-2010-gmm.pdf', 'timeseries/JSS2008.pdf']);
      store.close();
    }));
});
