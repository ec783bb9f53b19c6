/**
 * Scanned PDFs through the bundled CLI: the OCR thread as shipped (dist/ocr-worker.js: pdf.js
 * bundled to CommonJS, tesseract.js and its wasm from node_modules, English data from dist/), with
 * the network unreachable; a language without data; OCR switched off.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { withTempDir } from '../support/tempDir';
import { writeScannedPdf } from '../support/scannedPdfs';

/** Any download (tesseract.js fetches language data from a CDN by default) fails at once. */
const OFFLINE = { HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', http_proxy: 'http://127.0.0.1:9', https_proxy: 'http://127.0.0.1:9' };
const PAGE = 'Descaling the espresso machine\nRun the descaling programme every two hundred cups.';

async function scannedFolder(root: string): Promise<string> {
  const docs = join(root, 'docs');
  await mkdir(docs);
  await writeScannedPdf(join(docs, 'scan.pdf'), [{ scanned: PAGE }]);
  return docs;
}

describe('faults: scanned PDFs (OCR)', function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('a scanned PDF was "no extractable text": the shipped bundle reads it offline, says "OCR page 1/1", and search cites page 1', () =>
    withTempDir(async (root) => {
      const docs = await scannedFolder(root);
      const indexed = await runCli(['index', docs, '--embed', 'none'], { env: OFFLINE, timeoutMs: 120_000 });
      assert.equal(indexed.code, 0, indexed.stderr);
      assert.match(indexed.stderr, /^OCR page 1\/1 of scan\.pdf$/m);
      // pdf.js, bundled, warns on load that it cannot build a `require`: kept off the user's terminal.
      assert.doesNotMatch(indexed.stderr, /Warning:/);
      assert.match(indexed.stdout, /^ {2}OCR: 1 page\(s\) read \(0 from the cache, 1 recognised this run\)$/m);
      assert.match(indexed.stdout, /^ {4}scan\.pdf: page 1$/m);
      const search = await runCli(['search', docs, 'descaling programme cups', '--json']);
      const hits = JSON.parse(search.stdout).hits as Array<{ path: string; pageStart: number; text: string }>;
      assert.equal(hits[0]?.path, 'scan.pdf');
      assert.equal(hits[0]?.pageStart, 1);
      assert.match(hits[0]!.text, /two hundred cups/);
    }));

  it('--ocr-lang deu without its data: exit 1 and one line naming the flag to set, not a per-page failure or a download', () =>
    withTempDir(async (root) => {
      const docs = await scannedFolder(root);
      const result = await runCli(['index', docs, '--embed', 'none', '--ocr-lang', 'eng+deu'], { env: OFFLINE });
      assert.equal(result.code, 1, result.stderr);
      assert.match(
        result.stderr,
        /^error: OCR language deu needs its data: put deu\.traineddata in a folder and name it with --ocr-lang-dir \(setting research\.index\.ocrLanguageDir\)$/m,
      );
    }));

  it('--ocr off: the scanned PDF is reported as before ("no extractable text"), exit 1 as nothing could be indexed', () =>
    withTempDir(async (root) => {
      const docs = await scannedFolder(root);
      const result = await runCli(['index', docs, '--embed', 'none', '--ocr', 'off'], { env: OFFLINE });
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stdout, /^ {2}scan\.pdf: no extractable text \(scanned images\? run OCR first\) \[no-text\]$/m);
      assert.doesNotMatch(result.stdout, /OCR:/);
    }));

  it('eval --ocr off scores an index without OCRing its scanned PDFs first (eval indexes before it scores)', () =>
    withTempDir(async (root) => {
      const docs = await scannedFolder(root);
      await writeFile(join(docs, 'notes.md'), '# Grinder\n\nClean the burrs of the grinder once a month.\n');
      const questions = join(root, 'questions.jsonl');
      await writeFile(
        questions,
        JSON.stringify({
          id: 'a',
          kind: 'factual',
          question: 'How often are the grinder burrs cleaned?',
          sources: [{ file: 'notes.md', pages: [], lines: [3, 3] }],
        }),
      );
      const result = await runCli(['eval', docs, questions, '--embed', 'none', '--ocr', 'off', '--no-llm'], { env: OFFLINE });
      assert.equal(result.code, 0, result.stderr);
      assert.doesNotMatch(result.stderr, /OCR page/);
      assert.match(result.stdout, /hit@1 1 /);
    }));
});
