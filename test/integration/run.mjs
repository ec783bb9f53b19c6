// Integration tier: runs test/integration/suite (mocha) inside a REAL VS Code extension host.
// code-server (VS Code 1.139 web workbench + Node extension host) is opened in headless Chromium
// with this repo as the extension under development; the smoke-test driver reports the suite's
// exit code through `codeAutomationExit`. Counts land in $TEST_COUNTS_FILE (written by the
// counting reporter inside the host). Where VS Code can be downloaded, runElectron.mjs runs the
// same suite with @vscode/test-electron.
//
// Arguments pick parts (none: every part): a file of the main suite
// (`test/integration/suite/pdfViewer.test.ts`) runs the main suite with those files only; a pass's
// folder (`test/integration/untrusted`) runs that pass. LRA_GREP=<text> filters by test title.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { bundle, repoRoot, runInExtensionHost, writeCounts } from '../../scripts/vscode-host/host.mjs';

const started = Date.now();
const verbose = process.env.LRA_VERBOSE === '1';
const outDir = join(repoRoot, 'dist/test');
const countsFile = process.env.TEST_COUNTS_FILE;
const NOISE =
  /^\[[\w:. -]+\] |open-vsx|Creating a socket|Resolved connection token|Updating additional builtin|^Canceled|^\s+at |ENOTFOUND|authentication provider|Resolving connection token|Extension Host\]/;
const timeoutMs = Number(process.env.LRA_SUITE_TIMEOUT_MS ?? 300_000);

/** The passes after the main suite, by their folder under test/integration. */
const PASSES = {
  untrusted: 'untrusted',
  multiRoot: 'multi-root',
  sharedIndex: 'shared-index',
  modelServer: 'model-server',
  oneBadFile: 'one-bad-file',
  library: 'library',
};

/** What the arguments ask for: the main suite's files (null: all of them; []: not the main suite) and the passes. */
function selection(args) {
  if (args.length === 0) return { suiteFiles: null, passes: new Set(Object.values(PASSES)) };
  const suiteFiles = [];
  const passes = new Set();
  for (const arg of args) {
    const [folder, file] = arg.replace(/^(\.\/)?(test\/integration\/)?/, '').split('/');
    if (folder === 'suite' && file?.endsWith('.test.ts') && existsSync(join(repoRoot, 'test/integration/suite', file)))
      suiteFiles.push(file.replace(/\.ts$/, '.js'));
    else if (folder in PASSES && (!file || file === 'index.ts')) passes.add(PASSES[folder]);
    else
      throw new Error(
        `${arg}: not a file of test/integration/suite nor a pass (${Object.keys(PASSES)
          .map((p) => `test/integration/${p}`)
          .join(', ')})`,
      );
  }
  return { suiteFiles, passes };
}

async function main() {
  const only = selection(process.argv.slice(2));
  // The extension itself (dist/extension.js + dist/engine.js) and the suite bundles.
  const build = spawnSync('node', ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('esbuild.mjs failed');
  const suiteDir = join(repoRoot, 'test/integration/suite');
  const entries = readdirSync(suiteDir)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => join(suiteDir, f));
  await bundle(
    [
      ...entries,
      join(repoRoot, 'test/integration/untrusted/index.ts'),
      join(repoRoot, 'test/integration/multiRoot/index.ts'),
      join(repoRoot, 'test/integration/workspace.ts'),
      join(repoRoot, 'test/integration/sharedIndex/index.ts'),
      join(repoRoot, 'test/integration/sharedIndex/store.ts'),
      join(repoRoot, 'test/integration/modelServer/index.ts'),
      join(repoRoot, 'test/integration/modelServer/servers.ts'),
      join(repoRoot, 'test/integration/oneBadFile/index.ts'),
      join(repoRoot, 'test/integration/oneBadFile/folder.ts'),
      join(repoRoot, 'test/integration/library/index.ts'),
    ],
    outDir,
  );

  // A generated workspace: Markdown notes + PDFs made by the test helpers, nothing copied in.
  const workspace = mkdtempSync(join(tmpdir(), 'lra-it-workspace-'));
  const multiRootDir = mkdtempSync(join(tmpdir(), 'lra-it-multi-root-'));
  const sharedDir = mkdtempSync(join(tmpdir(), 'lra-it-shared-index-'));
  const modelServerDir = mkdtempSync(join(tmpdir(), 'lra-it-model-server-'));
  const badFileDir = mkdtempSync(join(tmpdir(), 'lra-it-one-bad-file-'));
  const libraryDir = mkdtempSync(join(tmpdir(), 'lra-it-library-'));
  const require = createRequire(import.meta.url);
  await require(join(outDir, 'integration/workspace.js')).makeWorkspace(workspace);

  try {
    const ran = [];
    if (only.suiteFiles === null || only.suiteFiles.length > 0) {
      const code = await runInExtensionHost({
        suiteIndex: join(outDir, 'integration/suite/index.js'),
        folder: workspace,
        env: {
          TEST_COUNTS_FILE: countsFile ?? '',
          LRA_REPO_ROOT: repoRoot,
          LRA_WORKSPACE: workspace,
          LRA_GREP: process.env.LRA_GREP ?? '',
          LRA_FILES: (only.suiteFiles ?? []).join(','),
        },
        // Auto-indexing off: the tests index through the command and assert on that run.
        userSettings: { 'research.index.autoIndex': false, 'research.index.watchDebounceMs': 300 },
        timeoutMs,
        verbose,
        onLog,
      });
      ran.push({ code, counts: readCounts(countsFile) });
    }
    const wanted = (name) => only.passes.has(name);
    // Second run: the same extension in a folder VS Code does not trust.
    if (wanted('untrusted'))
      ran.push(await extraPass('untrusted', { suiteIndex: join(outDir, 'integration/untrusted/index.js'), folder: workspace, workspaceTrust: true }));
    // Third run: a multi-root workspace (a .code-workspace listing two folders).
    if (wanted('multi-root'))
      ran.push(
        await extraPass('multi-root', {
          suiteIndex: join(outDir, 'integration/multiRoot/index.js'),
          workspace: await require(join(outDir, 'integration/workspace.js')).makeMultiRootWorkspace(multiRootDir),
          env: { LRA_GREP: process.env.LRA_GREP ?? '' },
          userSettings: { 'research.index.autoIndex': false },
        }),
      );
    // Fourth run: a folder reading a team's shared index on object storage (a local s3rver).
    if (wanted('shared-index')) {
      const shared = await require(join(outDir, 'integration/sharedIndex/store.js')).startSharedIndex(sharedDir, repoRoot);
      ran.push(
        await extraPass('shared-index', {
          suiteIndex: join(outDir, 'integration/sharedIndex/index.js'),
          folder: shared.readerCopy,
          env: { LRA_GREP: process.env.LRA_GREP ?? '', ...shared.env },
          // Auto-indexing and the watcher left on: for a shared index they must stay off by themselves.
          userSettings: {
            'research.index.location': 's3://research/team-library',
            'research.index.watchDebounceMs': 300,
            'research.ollama.host': 'http://127.0.0.1:9',
          },
        }).finally(() => shared.close()),
      );
    }
    // Fifth run: answers from an OpenAI-compatible model server on this machine (started here).
    if (wanted('model-server')) {
      await require(join(outDir, 'integration/workspace.js')).writeTimeoutDocuments(modelServerDir);
      const servers = await require(join(outDir, 'integration/modelServer/servers.js')).startModelServers();
      ran.push(
        await extraPass('model-server', {
          suiteIndex: join(outDir, 'integration/modelServer/index.js'),
          folder: modelServerDir,
          env: { LRA_GREP: process.env.LRA_GREP ?? '', ...servers.env },
          userSettings: servers.userSettings,
        }).finally(() => servers.close()),
      );
    }
    // Sixth run: a folder holding a zip bomb, an HTML nest and a page-tree fan-out beside a note.
    if (wanted('one-bad-file')) {
      await require(join(outDir, 'integration/oneBadFile/folder.js')).makeOneBadFileFolder(badFileDir);
      ran.push(
        await extraPass('one-bad-file', {
          suiteIndex: join(outDir, 'integration/oneBadFile/index.js'),
          folder: badFileDir,
          env: { LRA_GREP: process.env.LRA_GREP ?? '' },
          userSettings: { 'research.index.autoIndex': false, 'research.ollama.host': 'http://127.0.0.1:9' },
        }),
      );
    }
    // Seventh run: a thesis folder whose references.bib points into ~/Zotero (a home folder of its own).
    if (wanted('library')) {
      const made = spawnSync(process.execPath, ['--require', 'tsx/cjs', join(repoRoot, 'test/integration/library/makeFolder.ts'), libraryDir], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
      if (made.status !== 0) throw new Error(`making the library pass's folders failed: ${made.stderr}`);
      const { thesis, home, zotero, linked } = JSON.parse(made.stdout);
      ran.push(
        await extraPass('library', {
          suiteIndex: join(outDir, 'integration/library/index.js'),
          folder: thesis,
          env: {
            LRA_GREP: process.env.LRA_GREP ?? '',
            HOME: home,
            XDG_CACHE_HOME: join(libraryDir, 'cache'),
            LRA_ZOTERO: zotero,
            LRA_ZOTERO_LINKED: JSON.stringify(linked),
          },
          userSettings: { 'research.index.autoIndex': false, 'research.embedding.provider': 'none' },
        }),
      );
    }
    const sum = (key) => ran.reduce((n, r) => n + r.counts[key], 0);
    writeCounts({ passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') });
    const codes = ran.map((r) => r.code);
    console.log(`integration suites exit codes ${codes.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
    return codes.every((c) => c === 0) ? 0 : 1;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(multiRootDir, { recursive: true, force: true });
    rmSync(sharedDir, { recursive: true, force: true });
    rmSync(modelServerDir, { recursive: true, force: true });
    rmSync(badFileDir, { recursive: true, force: true });
    rmSync(libraryDir, { recursive: true, force: true });
  }
}

// The workbench's own chatter (offline gallery, sockets, shutdown cancellations) is noise here.
function onLog(line) {
  if (verbose || !NOISE.test(line)) console.log(line);
}

/** One more launcher pass after the main suite, counted in a file of its own; its exit code and counts. */
async function extraPass(name, { env = {}, ...options }) {
  const counts = countsFile ? `${countsFile}.${name}.json` : '';
  const code = await runInExtensionHost({ ...options, env: { TEST_COUNTS_FILE: counts, LRA_REPO_ROOT: repoRoot, ...env }, timeoutMs, verbose, onLog });
  const result = readCounts(counts);
  rmSync(counts, { force: true });
  return { code, counts: result };
}

/** A suite that died before reporting counts as one failure. */
function readCounts(file) {
  if (!file || !existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  return JSON.parse(readFileSync(file, 'utf8'));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`integration tier failed to run: ${error?.stack ?? error}`);
    if (countsFile && !existsSync(countsFile)) writeCounts({ passed: 0, failed: 1, skipped: 0 });
    process.exit(1);
  },
);
