// Assembles the folder vsce packs: the production bundles, prompts, media, the storefront files
// and only the runtime node_modules (LanceDB, its native binary, apache-arrow and what they
// require at run time), trimmed of what the runtime never loads.
//
// Why a staging folder: vsce lists dependencies with `npm list --production`, which fails on this
// repo (LanceDB's optional peer range for transformers.js does not match the version the CLI
// uses), and the repo's node_modules holds ~1 GB the extension does not need.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Bundles esbuild writes to dist/ that the installed extension runs, and SQLite's WebAssembly the Zotero reader loads. */
const DIST_FILES = ['extension.js', 'engine.js', 'extract-worker.js', 'ocr-worker.js', 'sql-wasm.wasm'];
/** Folders of dist/ shipped whole when present (the PDF viewer's webview assets, OCR's English data). */
const DIST_DIRS = ['webview', 'tessdata'];
/** Repo folders shipped whole: prompt files, and media (icon, screenshots). */
const DIRS = ['prompts', 'media'];
/** The viewer's TypeScript and styles: esbuild bundles them into dist/webview/, which runs instead. */
const UNSHIPPED_SOURCES = [join('media', 'pdf-viewer')];
/** Storefront files at the package root. */
export const STOREFRONT = { readme: 'README.extension.md', files: ['LICENSE', 'CHANGELOG.md'] };

/**
 * Declared dependencies of runtime packages that nothing the extension runs requires: type
 * declarations, and apache-arrow's `arrow2csv` command-line tool (command-line-*, json-bignum).
 * @swc/helpers serves arrow's ESM builds only; Node's `require` loads its CJS files, which use tslib.
 * zlibjs is tesseract.js's gunzip in browsers; its Node worker uses node:zlib (1.1 MB compressed).
 */
const NOT_LOADED = [/^@types\//, /^undici-types$/, /^@swc\/helpers$/, /^command-line-(args|usage)$/, /^json-bignum$/, /^zlibjs$/];

/** Licence and notice files are kept whatever their extension. */
const LEGAL = /(^|\/)[^/]*(licen[cs]e|notice|copying|copyright)[^/]*$/i;
/**
 * Files of runtime packages never loaded by `require` in Node: sources and declarations, source
 * maps, docs, the ESM twins of CJS files (.mjs: `require` resolves the CJS entry), apache-arrow's
 * browser bundles (Arrow.*.min.js) and its command-line tool (bin/).
 */
const DEAD_FILE =
  /\.(d\.[cm]?ts|[cm]?ts|map|md|mjs)$|(^|\/)apache-arrow\/(Arrow\.[^/]*\.min\.js|bin\/)|(^|\/)tesseract\.js\/(dist|docs|examples|scripts)$|(^|\/)tesseract\.js-core\/[^/]*(-lstm\.(js|wasm)|\.wasm\.js)$/;
// tesseract.js runs its Node worker from src/ (dist/ holds browser bundles). In Node it always loads
// tesseract.js-core's full builds, never the *-lstm ones (7.0.0's node getCore.js is handed a
// boolean where it checks for an engine mode); the .wasm.js copies are the browser's inlined form.
// Of the three full builds (plain, SIMD, relaxed SIMD, picked by what the runtime supports) only
// SIMD ships (`oneTesseractCore`). The smoke test OCRs a page from the package.

/**
 * Stages the package into `stage`. Returns what was done: the runtime packages copied, the ones
 * left out, and whether the native binaries were stripped.
 */
export function stagePackage({ root, stage, target, pkg }) {
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'dist'), { recursive: true });

  // tesseract.js starts its worker from its own files: it cannot be bundled (esbuild.mjs keeps it
  // external). OCR needs no canvas: it reads the scan images pdf.js decodes (src/core/index/pipeline/ocr).
  const runtime = Object.fromEntries(['@lancedb/lancedb', 'apache-arrow', 'tesseract.js'].map((name) => [name, pkg.dependencies[name]]));
  const manifest = { ...pkg, dependencies: runtime, devDependencies: {}, scripts: {} };
  // The .vsix has no CLI, and runs on VS Code's own Node: the CLI's bin and Node floor do not apply.
  delete manifest.bin;
  manifest.engines = { vscode: pkg.engines.vscode };
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest, null, 2));

  for (const f of [STOREFRONT.readme, ...STOREFRONT.files, '.vscodeignore']) {
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: the package needs it`);
    cpSync(join(root, f), join(stage, f));
  }
  for (const f of DIST_FILES) cpSync(join(root, 'dist', f), join(stage, 'dist', f));
  for (const d of DIST_DIRS) if (existsSync(join(root, 'dist', d))) cpSync(join(root, 'dist', d), join(stage, 'dist', d), { recursive: true });
  for (const d of DIRS) {
    if (!existsSync(join(root, d))) continue;
    cpSync(join(root, d), join(stage, d), { recursive: true, filter: (from) => !UNSHIPPED_SOURCES.includes(relative(root, from)) });
  }

  const nativePackage = `@lancedb/lancedb-${target === 'linux-x64' ? 'linux-x64-gnu' : target}`;
  const copied = new Set();
  const skipped = new Set();
  const copyPackage = (name) => {
    if (copied.has(name)) return;
    if (NOT_LOADED.some((re) => re.test(name))) {
      skipped.add(name);
      return;
    }
    const from = join(root, 'node_modules', name);
    if (!existsSync(from)) throw new Error(`runtime dependency ${name} is not installed`);
    copied.add(name);
    // Nested node_modules (other versions, optional peers such as LanceDB's transformers.js) are
    // not runtime code here; every runtime dependency resolves from the top level.
    cpSync(from, join(stage, 'node_modules', name), {
      recursive: true,
      dereference: true,
      filter: (src) => !relative(from, src).split('/').includes('node_modules'),
    });
    const meta = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
    const notLoaded = Object.keys(meta.dependencies ?? {}).filter((dep) => NOT_LOADED.some((re) => re.test(dep)));
    for (const dep of Object.keys(meta.dependencies ?? {})) {
      if (existsSync(join(from, 'node_modules', dep)) && !notLoaded.includes(dep)) {
        throw new Error(`${name} needs its own copy of ${dep} (nested node_modules); the staging does not handle that`);
      }
      copyPackage(dep);
    }
    if (notLoaded.length) {
      // vsce checks the tree with `npm list --production`, which fails on a missing dependency:
      // the staged copy's manifest declares the left-out ones as what they are here, dev-only.
      const staged = { ...meta, dependencies: { ...meta.dependencies }, devDependencies: { ...meta.devDependencies } };
      for (const dep of notLoaded) {
        staged.devDependencies[dep] = staged.dependencies[dep];
        delete staged.dependencies[dep];
      }
      writeFileSync(join(stage, 'node_modules', name, 'package.json'), JSON.stringify(staged, null, 2));
    }
  };
  for (const name of [...Object.keys(runtime), nativePackage]) copyPackage(name);

  const modules = join(stage, 'node_modules');
  for (const file of readdirSync(modules, { recursive: true })) {
    if (LEGAL.test(file) || !DEAD_FILE.test(file)) continue;
    rmSync(join(modules, file), { recursive: true, force: true });
  }
  oneTesseractCore(modules);
  const stripped = stripNativeBinaries(modules);
  return { runtimePackages: [...copied].sort(), leftOut: [...skipped].sort(), stripped };
}

/**
 * Keeps tesseract.js-core's SIMD build only (1.3 MB compressed each build; the package must stay
 * within its 80 MB download budget). Every Node the extension and the CLI run on (20 and later,
 * VS Code's Electron) has WebAssembly SIMD, so the plain build is never picked; the relaxed-SIMD
 * build, which VS Code's newer Node would pick, becomes a loader of the SIMD one.
 */
function oneTesseractCore(modules) {
  const core = join(modules, 'tesseract.js-core');
  if (!existsSync(join(core, 'tesseract-core-simd.wasm'))) throw new Error('tesseract.js-core has no SIMD build to ship');
  for (const build of ['tesseract-core', 'tesseract-core-relaxedsimd']) {
    rmSync(join(core, `${build}.wasm`), { force: true });
    writeFileSync(join(core, `${build}.js`), "module.exports = require('./tesseract-core-simd.js');\n");
  }
}

/**
 * Strips symbol tables off the native addons (LanceDB's ships unstripped: 193 MB, 160 MB
 * stripped). Needs binutils' `strip`; without it the package is built unstripped, with a warning.
 */
function stripNativeBinaries(modules) {
  const addons = readdirSync(modules, { recursive: true })
    .filter((f) => f.endsWith('.node'))
    .map((f) => join(modules, f));
  const probe = spawnSync('strip', ['--version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    console.warn('warning: `strip` (binutils) not found: native binaries are packed unstripped (about 34 MB more installed)');
    return [];
  }
  return addons.map((file) => {
    const before = statSync(file).size;
    const r = spawnSync('strip', ['--strip-unneeded', file], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`strip ${file} failed (${r.status})`);
    return { file: relative(modules, file), before, after: statSync(file).size };
  });
}
