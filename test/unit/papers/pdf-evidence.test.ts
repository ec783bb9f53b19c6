import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cachedOcrWords, ocrCacheDirOf } from '../../../src/core/index/pipeline/ocr/cache';
import { indexFolder } from '../../../src/core/index/pipeline/indexer';
import { hashFile } from '../../../src/core/index/contentHash';
import { evidenceFromOcrWords, pdfPaperFields, type PdfEvidence } from '../../../src/core/papers/pdf';
import { makePdf, type PageSpec } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';
import { BODY, evidenceOf, titlePage } from './paperPdf';
import { scannedPage as scanned } from '../../support/scannedPdfs';

describe('a PDF paper record: the evidence read from the PDF', function () {
  // Rendering and Tesseract take seconds a page on this 2-core machine; the bound only proves "no hang".
  this.timeout(180_000);

  it('is plain data that crosses a thread unchanged: Info, the first two pages as runs with size and position from the top', async () => {
    const bytes = await makePdf([titlePage({ title: ['A Lego System for Conditional Inference'], abstract: BODY.slice(0, 2) }), 'second page', 'third page'], {
      title: 'A Lego System for Conditional Inference',
      info: { author: 'Torsten Hothorn', creationDate: new Date('2021-10-07T13:52:07Z') },
    });
    const evidence = await evidenceOf(bytes);
    assert.deepEqual(structuredClone(evidence), evidence);
    assert.equal(evidence.numPages, 3);
    assert.deepEqual(
      evidence.pages.map((page) => page.page),
      [1, 2],
    );
    assert.equal(evidence.info.Title, 'A Lego System for Conditional Inference');
    assert.equal(evidence.info.Author, 'Torsten Hothorn');
    assert.match(evidence.info.CreationDate!, /^D:20211007/);
    const title = evidence.pages[0]!.runs.find((run) => run.text === 'A Lego System for Conditional Inference');
    assert.deepEqual([title?.size, title?.y], [17.2, 121]);
    assert.ok(JSON.stringify(evidence).length < 8_000, `evidence is small: ${JSON.stringify(evidence).length} characters`);
  });

  it("reads the DOI of the paper's header and arXiv's margin stamp; a template's placeholder DOI is no DOI", async () => {
    const page = (doi: string): PageSpec => {
      const spec = titlePage({
        header: [
          { text: 'Journal of Statistical Software', size: 27.9, y: 115, x: 202 },
          { text: `October 2015, Volume 67, Issue 1.   doi: ${doi}`, size: 10, y: 137, x: 150 },
        ],
        title: ['Fitting Linear Mixed-Effects Models Using lme4'],
        authors: [{ name: 'Douglas Bates', affiliation: 'University of Wisconsin-Madison' }],
        abstract: BODY.slice(0, 2),
      });
      return {
        placed: [
          ...spec.placed,
          { text: 'arXiv:1406.5823v1 [stat.CO] 23 Jun 2014', size: 20, y: 450, x: 30, rotated: true },
          // Set large up the right margin: never the title.
          { text: 'Accepted for publication in Biometrika', size: 20, y: 450, x: 575, rotated: true },
        ],
      };
    };
    const fields = pdfPaperFields(await evidenceOf(await makePdf([page('10.18637/JSS.v067.i01')])));
    assert.deepEqual(fields.doi, { value: '10.18637/jss.v067.i01', source: 'page-text', confidence: 0.85, from: 'journal header, page 1' });
    assert.deepEqual(fields.arxiv, { value: '1406.5823', source: 'page-text', confidence: 0.9, from: 'arXiv stamp, page 1' });
    assert.equal(fields.title?.value, 'Fitting Linear Mixed-Effects Models Using lme4', 'text set large up a margin is not the title');
    const placeholder = pdfPaperFields(await evidenceOf(await makePdf([page('10.18637/jss.v000.i00')])));
    assert.equal(placeholder.doi, undefined);
    const inInfo = pdfPaperFields(
      await evidenceOf(await makePdf([page('10.18637/jss.v000.i00')], { info: { custom: { doi: 'https://doi.org/10.1080/00031305.2006.X' } } })),
    );
    assert.deepEqual(inInfo.doi, { value: '10.1080/00031305.2006.x', source: 'pdf-metadata', confidence: 0.9, from: 'Info doi' });
  });

  it("a scanned first page gets its title and authors from OCR's words (as the index's OCR cache keeps them)", () =>
    withTempDir(async (root) => {
      const file = join(root, 'scan.pdf');
      await writeFile(
        file,
        await scanned({
          placed: [
            { text: 'Approximating the Cox Model', size: 22, y: 140, x: 'centre', bold: true },
            { text: 'Chenyang Zhong, Robert Tibshirani and Terry Therneau', size: 14, y: 180, x: 'centre' },
            ...BODY.map((text, index) => ({ text, size: 11, y: 240 + index * 15, x: 50 })),
          ],
        }),
      );
      const fromText = await evidenceOf(new Uint8Array(await readFile(file)));
      assert.deepEqual(fromText.pages[0]?.runs, [], 'the scanned page has no text layer');
      const index = indexFolder({ root, workers: 1 });
      while (!(await index.next()).done);
      const words = await cachedOcrWords(ocrCacheDirOf(join(root, '.research-index')), await hashFile(file), 1);
      assert.ok(words, 'OCR cached the words of page 1');
      const page = evidenceFromOcrWords(1, words, 595, 842);
      assert.equal(page.ocr, true);
      const evidence: PdfEvidence = { ...fromText, pages: [page] };
      const fields = pdfPaperFields(evidence);
      assert.equal(fields.title?.value, 'Approximating the Cox Model');
      assert.deepEqual(
        fields.authors?.value.map((author) => author.family),
        ['Zhong', 'Tibshirani', 'Therneau'],
      );
    }));
});
