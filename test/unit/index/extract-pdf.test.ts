import assert from 'node:assert/strict';
import { stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DiscoveredFile } from '../../../src/core/index/types';
import { ExtractionError, extractFile, failureFromError } from '../../../src/core/index/pipeline/extract';
import { garbageBytes, makeEncryptedPdf, makeLargePdf, makePdf, truncatedPdf, writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

async function discovered(root: string, name: string): Promise<DiscoveredFile> {
  const absPath = join(root, name);
  const info = await stat(absPath);
  return { path: name, absPath, kind: 'pdf', size: info.size, mtimeMs: info.mtimeMs };
}

async function pdfFile(root: string, name: string, bytes: Uint8Array): Promise<DiscoveredFile> {
  await writeFile(join(root, name), bytes);
  return discovered(root, name);
}

/** The ExtractionError code `extractFile` fails with, or 'ok'. */
async function codeOf(file: DiscoveredFile, options?: { maxPdfBytes?: number }): Promise<string> {
  try {
    await extractFile(file, options);
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof ExtractionError, `expected an ExtractionError, got ${String(error)}`);
    return error.code;
  }
}

describe('extractFile: PDFs', () => {
  it("puts each page's text on its own 1-based physical page, in reading order", () =>
    withTempDir(async (root) => {
      const file = await pdfFile(
        root,
        'manual.pdf',
        await makePdf(['Alpha chapter intro\nsecond line of alpha', { lines: ['Bravo page has the answer', 'bravo detail'] }, 'Charlie closing words']),
      );

      const document = await extractFile(file);

      assert.equal(document.path, 'manual.pdf');
      assert.equal(document.kind, 'pdf');
      assert.deepEqual(document.pages, ['Alpha chapter intro\nsecond line of alpha', 'Bravo page has the answer\nbravo detail', 'Charlie closing words']);
      assert.deepEqual(document.warnings, []);
    }));

  it('joins words hyphenated across a line break and keeps real hyphens', () =>
    withTempDir(async (root) => {
      const file = await pdfFile(
        root,
        'hyphen.pdf',
        await makePdf([{ lines: ['the configu-', 'ration file is read at start-up', 'see Anglo-', 'Saxon notes'] }]),
      );

      const [page] = (await extractFile(file)).pages;

      assert.equal(page, 'the configuration\nfile is read at start-up\nsee Anglo-\nSaxon notes');
    }));

  it('warns about pages without a text layer and keeps page numbers of the others', () =>
    withTempDir(async (root) => {
      const file = await pdfFile(
        root,
        'mixed.pdf',
        await makePdf(['one', 'two', { noText: true }, { noText: true }, { noText: true }, 'six', { noText: true }]),
      );

      const document = await extractFile(file);

      assert.deepEqual(document.pages, ['one', 'two', '', '', '', 'six', '']);
      assert.deepEqual(document.warnings, ['pages 3-5, 7 have no text layer (scanned?)']);
    }));

  it('fails a PDF with no text at all as no-text, with an OCR hint', () =>
    withTempDir(async (root) => {
      const file = await pdfFile(root, 'scan.pdf', await makePdf([{ noText: true }, { noText: true }]));
      await assert.rejects(extractFile(file), {
        name: 'ExtractionError',
        code: 'no-text',
        message: 'no extractable text (scanned images? run OCR first)',
      });
    }));

  it('gives each bad PDF its own code', () =>
    withTempDir(async (root) => {
      const valid = await makePdf(['some text on page one', 'and page two']);
      assert.equal(await codeOf(await pdfFile(root, 'empty.pdf', new Uint8Array(0))), 'empty');
      assert.equal(await codeOf(await pdfFile(root, 'truncated.pdf', truncatedPdf(valid))), 'corrupt');
      assert.equal(await codeOf(await pdfFile(root, 'garbage.pdf', garbageBytes())), 'corrupt');
      assert.equal(await codeOf(await pdfFile(root, 'locked.pdf', await makeEncryptedPdf())), 'encrypted');
      assert.equal(await codeOf(await pdfFile(root, 'no-pages.pdf', await makePdf([]))), 'no-text');
      assert.equal(await codeOf(await pdfFile(root, 'big.pdf', valid), { maxPdfBytes: valid.length - 1 }), 'too-large');
      assert.equal(await codeOf(await pdfFile(root, 'fine.pdf', valid), { maxPdfBytes: valid.length }), 'ok');
    }));

  it("keeps pdf.js's exception as the cause and gives one-line reasons", () =>
    withTempDir(async (root) => {
      const file = await pdfFile(root, 'locked.pdf', await makeEncryptedPdf());
      const error = await extractFile(file).then(
        () => assert.fail('expected a failure'),
        (caught: unknown) => caught,
      );
      assert.ok(error instanceof ExtractionError);
      assert.equal((error.cause as Error).name, 'PasswordException');
      assert.deepEqual(failureFromError('locked.pdf', error), {
        path: 'locked.pdf',
        code: 'encrypted',
        reason: 'password-protected PDF: remove the password to index it',
      });
    }));

  it('reports a file deleted after discovery as vanished', () =>
    withTempDir(async (root) => {
      const file = await pdfFile(root, 'gone soon.pdf', await makePdf(['x']));
      await unlink(file.absPath);
      assert.equal(await codeOf(file), 'vanished');
    }));

  it('reads paths with quotes, spaces and non-ASCII characters', () =>
    withTempDir(async (root) => {
      const name = `l'été "quoted" 日本.pdf`;
      await writePdf(join(root, name), ['Ünïcödé path content']);
      const document = await extractFile(await discovered(root, name));
      assert.deepEqual(document.pages, ['Ünïcödé path content']);
    }));

  it('extracts a many-page PDF page by page', () =>
    withTempDir(async (root) => {
      const file = await pdfFile(root, 'large.pdf', await makeLargePdf(300));
      const document = await extractFile(file);
      assert.equal(document.pages.length, 300);
      assert.match(document.pages[0] ?? '', /^Page 1 marker p1x\n/);
      assert.match(document.pages[299] ?? '', /^Page 300 marker p300x\n/);
    }));

  it('stops when its signal is aborted during extraction', () =>
    withTempDir(async (root) => {
      const file = await pdfFile(root, 'long.pdf', await makeLargePdf(200));
      const controller = new AbortController();
      const extraction = extractFile(file, { signal: controller.signal });
      controller.abort();
      await assert.rejects(extraction, { name: 'AbortError' });
    }));
});
