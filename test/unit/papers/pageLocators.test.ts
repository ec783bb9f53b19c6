import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openPaperLibrary } from '../../../src/core/index';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';
import { BODY, titlePage } from './paperPdf';

/**
 * Pages as a reader names them: a journal article printed as pp. 253-255 (page labels), and a
 * vignette that says it is a modified version of a published article, read by a real index run
 * and the library of its index.
 */
describe('paper library: page labels and versions of a PDF', function () {
  this.timeout(60_000);

  it('gives the printed page label of a physical page when the PDF has labels, the physical page otherwise, and says which PDFs are versions', async () => {
    await withTempDir(async (dir) => {
      const root = join(dir, 'library');
      await mkdir(join(root, 'papers'), { recursive: true });
      await writePdf(
        join(root, 'papers/article.pdf'),
        [
          titlePage({ title: ['Robust Standard Errors in Small Samples'], authors: [{ name: 'Ada Lovelace' }], abstract: BODY.slice(0, 2) }),
          'The HC3 estimator performs best in small samples.',
          'Influential observations get less weight.',
        ],
        { pageLabels: [{ from: 1, start: 253 }] },
      );
      await writePdf(join(root, 'papers/vignette.pdf'), [
        titlePage({
          title: ['Econometric Computing with HC and HAC', 'Covariance Matrix Estimators'],
          authors: [{ name: 'Achim Zeileis', affiliation: 'Universität Innsbruck' }],
          abstract: [
            'This introduction to the R package sandwich is a (slightly) modified version of Zeileis',
            '(2004), published in the Journal of Statistical Software. A follow-up paper on object',
          ],
        }),
        'Kernel HAC estimators weight the autocovariances.',
      ]);
      const dbDir = join(dir, 'index');
      const run = indexFolder({ root, dbDir, embedder: null, workers: 1 });
      let step = await run.next();
      while (!step.done) step = await run.next();
      assert.deepEqual(step.value.failed, []);

      const { library } = await openPaperLibrary(dbDir, root);
      assert.equal(library.pageLabel('papers/article.pdf', 1), '253');
      assert.equal(library.pageLabel('papers/article.pdf', 3), '255');
      assert.equal(library.pageLabel('papers/vignette.pdf', 2), '2', 'a PDF without labels is numbered by its physical pages');
      assert.equal(library.versionOf('papers/article.pdf'), null);
      assert.equal(
        library.versionOf('papers/vignette.pdf'),
        "papers/vignette.pdf is a version of the article in Journal of Statistical Software (2004): its page numbers are the PDF's, not the published article's",
      );
    });
  });
});
