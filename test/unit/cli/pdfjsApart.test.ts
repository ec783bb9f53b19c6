/**
 * The bundled CLI (dist/cli.js) without pdf.js inside: every command compiles the whole of cli.js
 * at start, and only indexing reads PDFs, so pdf.js (patched as everywhere) is built into
 * dist/cli-pdfjs.js beside it and loaded from there when a PDF is first read (esbuild.mjs).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';

const repo = resolve(__dirname, '../../..');
const run = promisify(execFile);

describe('CLI bundle: pdf.js in a file of its own (dist/cli-pdfjs.js)', function () {
  this.timeout(180_000);

  before(async () => {
    await run(process.execPath, [join(repo, 'esbuild.mjs')], { cwd: repo });
  });

  it('dist/cli.js holds no pdf.js and loads dist/cli-pdfjs.js where it would load unpdf', async () => {
    const cli = await readFile(join(repo, 'dist', 'cli.js'), 'utf8');
    assert.equal(cli.includes('function getResolvedPDFJS'), false);
    assert.ok(cli.includes('import("./cli-pdfjs.js")'));
    assert.ok((await readFile(join(repo, 'dist', 'cli-pdfjs.js'), 'utf8')).includes('function getResolvedPDFJS'));
  });

  it("reads a PDF's text through dist/cli-pdfjs.js imported as the CLI imports it", () =>
    withTempDir(async (dir) => {
      const pdf = await writePdf(join(dir, 'doc.pdf'), ['a page about sockets']);
      // A CommonJS script beside nothing: the same dynamic import() of a CommonJS bundle that dist/cli.js makes.
      const script = `
        import(${JSON.stringify(pathToFileURL(join(repo, 'dist', 'cli-pdfjs.js')).href)})
          .then((unpdf) => unpdf.getResolvedPDFJS())
          .then(async (pdfjs) => {
            const data = new Uint8Array(require('node:fs').readFileSync(${JSON.stringify(pdf)}));
            const document = await pdfjs.getDocument({ data, verbosity: 0 }).promise;
            const content = await (await document.getPage(1)).getTextContent();
            process.stdout.write(content.items.map((item) => item.str).join(''));
          });`;
      const { stdout } = await run(process.execPath, ['-e', script], { cwd: dir });
      assert.equal(stdout, 'a page about sockets');
    }));
});
