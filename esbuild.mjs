// Bundles the extension and the CLI into dist/. Type-checking is separate (`npm run typecheck`).
// LanceDB and transformers.js/onnxruntime carry native binaries, so they stay external and ship
// in node_modules; everything else is bundled into one CJS file per entry point.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { pdfjsPatchPlugin } from './scripts/pdfjsPatch.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const entryPoints = [
  { in: 'src/extension.ts', out: 'extension' },
  // Loaded by the extension on first use (LanceDB, LangGraph): kept out of activate()'s path.
  { in: 'src/vscode/engine/impl.ts', out: 'engine' },
  { in: 'src/cli/main.ts', out: 'cli' },
  // PDF extraction threads: started by the extension and the CLI from dist/extract-worker.js.
  { in: 'src/core/index/pipeline/extract/worker.ts', out: 'extract-worker' },
  // OCR threads (pdf.js renders, tesseract.js reads): started by the extension and the CLI from dist/ocr-worker.js.
  { in: 'src/core/index/pipeline/ocr/thread.ts', out: 'ocr-worker' },
  // Local embedding threads (one ONNX session each): started by the cli from dist/embed-worker.js.
  { in: 'src/core/index/embed/localWorker.ts', out: 'embed-worker' },
  { in: 'scripts/bench-index.ts', out: 'bench-index' },
  { in: 'scripts/bench-graph.ts', out: 'bench-graph' },
  { in: 'scripts/bench-extract.ts', out: 'bench-extract' },
  { in: 'scripts/bench-locate.ts', out: 'bench-locate' },
  { in: 'scripts/bench-integrity.ts', out: 'bench-integrity' },
  { in: 'scripts/bench-ocr.ts', out: 'bench-ocr' },
  { in: 'scripts/bench-search.ts', out: 'bench-search' },
  { in: 'scripts/bench-vector-index.ts', out: 'bench-vector-index' },
].filter((e) => existsSync(e.in));

/**
 * Prints errors in the shape VS Code's esbuild problem matcher expects (.vscode/tasks.json). The
 * contexts below build at once: one `started` line before the first and one `finished`
 * after the last, so a launch waiting on the watch task starts on a complete dist/.
 */
let building = 0;
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => {
      if (watch && building++ === 0) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch && --building === 0) console.log('[watch] build finished');
    });
  },
};

/**
 * Core modules do their work when called, never when imported (no bare `import './x'` in src/core),
 * so a core module none of whose exports a bundle uses is left out of it. Without this, a host
 * importing one helper from a barrel such as core/index carried the whole pipeline behind it:
 * extension.js, which loads the engine lazily, held PDF and DOCX extraction (2.3 MB instead of 0.6 MB).
 */
const coreWithoutImportEffects = {
  name: 'core-without-import-effects',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData?.resolving || !/[\\/]src[\\/]core[\\/]/.test(args.importer)) return undefined;
      const resolved = await build.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length) return undefined;
      return { ...resolved, sideEffects: false };
    });
  },
};

const nodeBundle = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  // The package script reads which npm packages ended up inside the bundles, for the .vsix's
  // third-party notices (scripts/package/notices.mjs).
  metafile: production,
  logLevel: 'warning',
  // tesseract.js starts its own worker from its package's files and loads tesseract.js-core's wasm
  // beside it: both ship in node_modules.
  external: ['vscode', '@lancedb/lancedb', 'apache-arrow', '@huggingface/transformers', 'onnxruntime-node', 'sharp', 'tesseract.js'],
  // Two hot spots of pdf.js's text extraction replaced by faster equivalents (scripts/pdfjsPatch.mjs).
  plugins: [problemMatcher, coreWithoutImportEffects, pdfjsPatchPlugin()],
};

const ctx = await esbuild.context({ ...nodeBundle, entryPoints: entryPoints.filter((e) => e.out !== 'cli') });

/**
 * pdf.js (unpdf: 2.4 MB of the CLI's 5 MB) is bundled into dist/cli-pdfjs.js of its own, patched as
 * everywhere (src/cli/pdfjs.ts), and the CLI's `import('unpdf')` loads that file when it first
 * reads a PDF: PDFs are read on the extraction threads (dist/extract-worker.js), and every command
 * compiles the whole of cli.js at start (`check --help` 0.19 s CPU before, 0.14 s after).
 */
const pdfjsApart = {
  name: 'pdfjs-apart',
  setup(build) {
    build.onResolve({ filter: /^unpdf$/ }, (args) =>
      /[\\/]src[\\/]cli[\\/]pdfjs\.ts$/.test(args.importer) ? undefined : { path: './cli-pdfjs.js', external: true },
    );
  },
};

/**
 * The CLI runs where its package's node_modules is (`node dist/cli.js` in the repository, or the
 * installed package's bin), and every command compiles the whole bundle first. The packages only a
 * turn (LangGraph, LangChain, zod, Langfuse) or a Word file (mammoth) needs are required from
 * node_modules when first used instead of bundled: 5 MB to compile instead of 9 MB (an unchanged
 * library's re-check ~0.15 s less CPU, docs/benchmarks.md). The bib parser (ESM only, it cannot be
 * required) stays inside; pdf.js is a file of its own (pdfjsApart above).
 */
const cli = await esbuild.context({
  ...nodeBundle,
  entryPoints: [...entryPoints.filter((e) => e.out === 'cli'), { in: 'src/cli/pdfjs.ts', out: 'cli-pdfjs' }],
  external: [...nodeBundle.external, '@langchain/*', 'zod', 'langfuse', 'mammoth'],
  plugins: [...nodeBundle.plugins, pdfjsApart],
});

// The PDF viewer's webview: a browser bundle of pdf.js's viewer and ours, plus the pdf.js files it
// loads at run time (worker, CMaps for CJK fonts, the standard fonts, the image decoders' wasm).
const webview = await esbuild.context({
  entryPoints: [
    { in: 'media/pdf-viewer/viewer.ts', out: 'pdf-viewer' },
    { in: 'media/pdf-viewer/viewer.css', out: 'pdf-viewer' },
    // Written into the viewer's page by the extension (src/vscode/viewer/html.ts), not linked.
    { in: 'media/pdf-viewer/opening.css', out: 'pdf-opening' },
  ],
  outdir: 'dist/webview',
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'chrome120',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  loader: { '.svg': 'dataurl', '.png': 'dataurl', '.gif': 'dataurl', '.cur': 'dataurl' },
  metafile: production,
  plugins: [problemMatcher],
});

// The viewer page's first script, which the extension writes into the page itself
// (src/vscode/viewer/html.ts): a classic inline script, so an IIFE, without a source map.
const early = await esbuild.context({
  entryPoints: [{ in: 'media/pdf-viewer/early.ts', out: 'pdf-early' }],
  outdir: 'dist/webview',
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'chrome120',
  minify: production,
  logLevel: 'warning',
  metafile: production,
  plugins: [problemMatcher],
});

const pdfjs = 'node_modules/pdfjs-dist';
/**
 * pdf.js's wasm folder also holds QuickJS, which only its scripting sandbox (pdf.sandbox) loads: the viewer
 * runs no PDF scripts. Its *_nowasm_fallback.js decoders are for browsers without WebAssembly; the webview's
 * policy allows 'wasm-unsafe-eval' (src/vscode/viewer/html.ts), so they would never load (~600 KB of .vsix).
 */
const UNUSED_PDFJS_ASSET = /(^|\/)(quickjs-eval\.(js|wasm)|[a-z0-9]+_nowasm_fallback\.js)$/;
function copyPdfjsAssets() {
  mkdirSync('dist/webview', { recursive: true });
  cpSync(`${pdfjs}/build/pdf.worker.min.mjs`, 'dist/webview/pdf.worker.min.mjs');
  for (const dir of ['cmaps', 'standard_fonts', 'wasm']) {
    cpSync(`${pdfjs}/${dir}`, `dist/webview/${dir}`, { recursive: true, filter: (from) => !UNUSED_PDFJS_ASSET.test(from) });
  }
}

// OCR's English data, beside the bundles (src/core/index/pipeline/ocr/languageData.ts looks there first).
function copyOcrData() {
  mkdirSync('dist/tessdata', { recursive: true });
  cpSync('node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz', 'dist/tessdata/eng.traineddata.gz');
}

// SQLite's WebAssembly for the Zotero reader, beside the bundles (src/core/library/zotero/sqlite.ts).
function copySqliteWasm() {
  mkdirSync('dist', { recursive: true });
  cpSync('node_modules/sql.js/dist/sql-wasm.wasm', 'dist/sql-wasm.wasm');
}

if (watch) {
  copyPdfjsAssets();
  copyOcrData();
  copySqliteWasm();
  await Promise.all([ctx.watch(), cli.watch(), webview.watch(), early.watch()]);
} else {
  const results = await Promise.all([ctx.rebuild(), cli.rebuild(), webview.rebuild(), early.rebuild()]);
  copyPdfjsAssets();
  copyOcrData();
  copySqliteWasm();
  // What the production bundles contain, for the package's third-party notices.
  if (results[0].metafile) {
    const inputs = Object.assign({}, ...results.map((r) => r.metafile?.inputs ?? {}));
    const outputs = Object.assign({}, ...results.map((r) => r.metafile?.outputs ?? {}));
    writeFileSync('dist/esbuild-meta.json', JSON.stringify({ inputs, outputs }));
  }
  await Promise.all([ctx.dispose(), cli.dispose(), webview.dispose(), early.dispose()]);
}
