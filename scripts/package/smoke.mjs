// Smoke test of a built .vsix, before anyone installs it: unpack it, and from the unpacked copy
// alone index a generated PDF and a note and answer a question extractively (full-text search,
// citations). Trimming that drops a file extraction, LanceDB or full-text search needs fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUESTION = 'How long is the warranty on the pump?';
const FACT = 'The pump warranty lasts 36 months from delivery.';

/** Files the installed extension cannot work without; engine.js would otherwise degrade silently. */
const REQUIRED = [
  'package.json',
  'readme.md',
  'LICENSE.txt',
  'changelog.md',
  'ThirdPartyNotices.txt',
  'dist/extension.js',
  'dist/engine.js',
  'dist/extract-worker.js',
  'dist/ocr-worker.js',
  'dist/tessdata/eng.traineddata.gz',
  'prompts',
  'media/icon.png',
];
const SCANNED = 'The espresso machine is descaled every two hundred cups.';

/** An image-only PDF (test/support/scannedPdfs.ts, run from the repo through tsx). */
function writeScannedPdf(root, path) {
  const code = `require(${JSON.stringify(join(root, 'test/support/scannedPdfs.ts'))}).writeScannedPdf(${JSON.stringify(path)}, [{ scanned: ${JSON.stringify(SCANNED)} }]).catch((e) => { console.error(e); process.exit(1); });`;
  execFileSync(process.execPath, ['--require', createRequire(join(root, 'package.json')).resolve('tsx/cjs'), '-e', code], { cwd: root, stdio: 'inherit' });
}

/** The test suite's PDF generator (test/support/pdfs.ts), bundled for plain Node. */
async function pdfMaker(root, dir) {
  const esbuild = await import('esbuild');
  const outfile = join(dir, 'pdfs.cjs');
  await esbuild.build({ entryPoints: [join(root, 'test/support/pdfs.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  return createRequire(import.meta.url)(outfile);
}

export async function smokeTest({ root, vsix }) {
  const dir = mkdtempSync(join(tmpdir(), 'lra-vsix-smoke-'));
  try {
    execFileSync('unzip', ['-q', vsix, '-d', dir]);
    const ext = join(dir, 'extension');
    for (const f of REQUIRED) if (!existsSync(join(ext, f))) throw new Error(`the package lacks ${f}`);
    // OCR reads the scan images pdf.js decodes; the tests' canvas (a devDependency, ~35 MB of Skia) must not ship.
    if (existsSync(join(ext, 'node_modules/@napi-rs'))) throw new Error('the package ships @napi-rs/canvas: it is a devDependency (test fixtures only)');

    const docs = join(dir, 'docs');
    mkdirSync(docs);
    const { writePdf } = await pdfMaker(root, dir);
    await writePdf(join(docs, 'pump-manual.pdf'), ['Pump manual\nChapter 1. Installation', `Chapter 2. Service\n${FACT}\nClaims go to the dealer.`]);
    writeFileSync(join(docs, 'note.md'), '# Note\n\nThe office coffee machine is descaled every Friday.\n');
    writeScannedPdf(root, join(docs, 'scanned-note.pdf'));
    // A folder that looks like a local model (the files a model needs): what a user sets in research.models.localEmbeddingDir.
    const model = join(dir, 'model');
    mkdirSync(join(model, 'onnx'), { recursive: true });
    for (const f of ['config.json', 'tokenizer.json', 'onnx/model.onnx']) writeFileSync(join(model, f), '{}');

    const out = execFileSync(process.execPath, [join(root, 'scripts/package/smoke-probe.cjs'), ext, docs, join(dir, 'index')], {
      encoding: 'utf8',
      // A dead proxy: OCR must find its language data in the package, not download it.
      env: {
        ...process.env,
        NODE_PATH: '',
        SMOKE_QUESTION: QUESTION,
        SMOKE_LOCAL_MODEL_DIR: model,
        LANCEDB_LOG: 'error',
        HTTP_PROXY: 'http://127.0.0.1:9',
        HTTPS_PROXY: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const r = JSON.parse(out.trim().split('\n').pop());
    const problems = [];
    if (r.indexed !== 3 || r.failed.length) problems.push(`indexed ${r.indexed} file(s), failed ${JSON.stringify(r.failed)}`);
    if (r.pages !== 3) problems.push(`extracted ${r.pages} PDF page(s), expected 3`);
    if (r.ocr?.pages !== 1 || !/two hundred cups/.test(r.ocrText)) problems.push(`OCR of the scanned page failed: ${JSON.stringify(r.ocr)} ${r.ocrText}`);
    if (r.route !== 'fallback' || !r.answer.includes('36 months')) problems.push(`the extractive answer lacks the fact: ${r.answer}`);
    const coversPage2 = (c) => c.page === 2 || (c.page < 2 && c.pageEnd >= 2);
    if (!r.citations.some((c) => c.file === 'pump-manual.pdf' && coversPage2(c)))
      problems.push(`no citation of pump-manual.pdf p. 2: ${JSON.stringify(r.citations)}`);
    const local = r.localModelFolder;
    if (local?.auto.indexed !== 3 || local.auto.failed.length || local.auto.embedder !== 'none' || !local.auto.said.some((l) => /does not include/.test(l)))
      problems.push(`with a local model folder set, indexing under "auto" did not go on full-text only, saying why: ${JSON.stringify(local?.auto)}`);
    if (local?.local.code !== 'local-runtime-missing')
      problems.push(`the provider "local" did not stop with local-runtime-missing: ${JSON.stringify(local?.local)}`);
    if (problems.length) throw new Error(`packaged engine smoke test failed:\n  ${problems.join('\n  ')}`);
    const files = readdirSync(ext, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
    return { files, chunks: r.chunks, pages: r.pages, ocrPages: r.ocr.pages };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
