/**
 * PDFs within their limits: at most `maxPages` pages read, a page tree that lists one page object
 * again ends the document there (in whichever part of a split read meets it), the time limit
 * keeps the pages read by then, text capped at `maxChars`, and an image over OCR's pixel limit
 * named instead of decoded.
 */
import assert from 'node:assert/strict';
import { assemblePdfText } from '../../../src/core/index/pipeline/extract/pdf';
import { largestImageOver } from '../../../src/core/index/pipeline/extract/pdfImages';
import { extractPdfText, readPdfPart } from '../../../src/core/index/pipeline/extract/pdfRead';
import { flatPdf, giantImagePdf, pageTreeFanOutPdf } from '../../support/pdfBombs';

describe('PDF limits', () => {
  it('reads the first maxPages pages of a longer PDF and says so in one warning', async () => {
    const { pages, warnings, limitedBy } = await extractPdfText(flatPdf(30), { maxPages: 10 });
    assert.equal(pages.length, 10);
    assert.match(pages[9] as string, /The loka paragraph/); // page 10: "lo" "ka"
    assert.deepEqual(warnings, ['only the first 10 of 30 pages indexed (page limit per PDF: raise --max-pages (VS Code: research.index.maxPdfPages))']);
    assert.deepEqual(limitedBy, ['maxPages']);
  });

  it('a page tree that repeats one page (claims 5^4 = 625 pages) is read as that one page, whole or split', async () => {
    const bytes = pageTreeFanOutPdf({ fanOut: 5, depth: 4, text: 'The only real page.' });
    const whole = await extractPdfText(bytes.slice());
    assert.deepEqual(whole.pages, ['The only real page.']);
    assert.deepEqual(whole.warnings, [
      'its page tree lists the same page more than once (it claims 625 pages): only the 1 page before the first repeat indexed',
    ]);
    // Split four ways, every part meets the repeat at its second page; the document still ends after page 1.
    const parts = await Promise.all([0, 1, 2, 3].map((index) => readPdfPart(bytes.slice(), { index, count: 4 })));
    assert.deepEqual(
      parts.map((part) => part.repeatedAt),
      [2, 158, 314, 470],
    );
    assert.deepEqual(assemblePdfText(parts), whole);
  });

  it('at the time limit a part stops after its current page; the pages before the first stop are kept', async () => {
    const bytes = flatPdf(60);
    const first = await readPdfPart(bytes.slice(), { index: 0, count: 2 });
    const second = await readPdfPart(bytes.slice(), { index: 1, count: 2 }, { stopAt: Date.now() - 1 });
    assert.equal(second.stoppedAt, 31);
    assert.deepEqual(second.pages, []);
    const { pages, warnings, limitedBy } = assemblePdfText([first, second], { fileTimeoutMs: 20_000 });
    assert.equal(pages.length, 30);
    assert.deepEqual(warnings, [
      'only the first 30 of 60 pages indexed: reading stopped at the time limit (20 s per file: raise --file-timeout (VS Code: research.index.fileTimeoutSeconds))',
    ]);
    assert.deepEqual(limitedBy, ['fileTimeoutMs']);
    // A part that never ran (the time came first) leaves a gap: without `partial` that means the file changed.
    assert.throws(() => assemblePdfText([first]), { code: 'failed' });
    assert.equal(assemblePdfText([first], { partial: true, fileTimeoutMs: 20_000 }).pages.length, 30);
  });

  it('caps the text at maxChars, later pages kept empty so page numbers stay the file’s', async () => {
    const { pages, warnings, limitedBy } = await extractPdfText(flatPdf(20), { maxChars: 200 });
    assert.equal(pages.length, 20);
    assert.ok(pages.join('').length <= 200);
    assert.equal(pages[19], '');
    assert.deepEqual(warnings, ['only the first 200 characters indexed (text limit per file: raise --max-chars (VS Code: research.index.maxCharsPerFile))']);
    assert.deepEqual(limitedBy, ['maxChars']);
  });

  it('a scan over the pixel limit is never decoded: the page is named with the image’s size and how to raise the limit', async () => {
    const bytes = giantImagePdf({ width: 3000, height: 3000 });
    assert.deepEqual(largestImageOver(bytes, 1_000_000), { width: 3000, height: 3000 });
    assert.equal(largestImageOver(bytes, 10_000_000), undefined);
    await assert.rejects(extractPdfText(bytes.slice(), { findOcrCandidates: true, maxImagePixels: 1_000_000 }), {
      code: 'no-text',
      message:
        'no extractable text, and not read by OCR: its image of 3,000 × 3,000 pixels is over the OCR limit of 1 megapixels: raise --ocr-max-megapixels (VS Code: research.index.ocrMaxMegapixels)',
    });
    // Under the limit the same page is an OCR candidate, as before.
    const { ocrCandidates } = await extractPdfText(bytes.slice(), { findOcrCandidates: true, maxImagePixels: 10_000_000 });
    assert.deepEqual(ocrCandidates, [1]);
  });
});
