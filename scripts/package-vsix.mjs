// `npm run package`: builds the production bundles and a platform .vsix for linux-x64 (LanceDB's
// native binary is per platform, so is the package). Local embeddings (transformers.js +
// onnxruntime, ~200 MB of native code) are NOT shipped: the extension embeds with Ollama or runs
// full-text only; `research.embedding.provider: local` needs them installed next to it.
// Afterwards the .vsix is unpacked and its engine loaded and run on a tiny folder, so a missing
// runtime file fails here rather than on a user's machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const target = process.env.VSIX_TARGET ?? 'linux-x64';
const out = join(root, `${pkg.name}-${target}-${pkg.version}.vsix`);

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
run('node', ['esbuild.mjs', '--production']);

// vsce lists dependencies with `npm list --production`, which fails on this repo (LanceDB's
// optional peer range for transformers.js does not match the version the CLI uses). So the
// package is assembled in a staging folder holding only the runtime dependencies (LanceDB and
// what it requires, resolved from node_modules), and vsce packs that folder.
const stage = join(root, '.tools/vsix-stage');
rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'dist'), { recursive: true });
const runtime = { '@lancedb/lancedb': pkg.dependencies['@lancedb/lancedb'], 'apache-arrow': pkg.dependencies['apache-arrow'] };
const stagedPkg = { ...pkg, dependencies: runtime, devDependencies: {}, scripts: {} };
delete stagedPkg.bin;
writeFileSync(join(stage, 'package.json'), JSON.stringify(stagedPkg, null, 2));
for (const f of ['README.md', 'LICENSE', 'CHANGELOG.md', '.vscodeignore']) if (existsSync(join(root, f))) cpSync(join(root, f), join(stage, f));
// extract-worker.js: the PDF extraction threads engine.js starts (without it extraction runs in-thread).
for (const f of ['extension.js', 'engine.js', 'extract-worker.js']) cpSync(join(root, 'dist', f), join(stage, 'dist', f));
for (const d of ['prompts', 'media']) if (existsSync(join(root, d))) cpSync(join(root, d), join(stage, d), { recursive: true });
const nativePackage = `@lancedb/lancedb-${target === 'linux-x64' ? 'linux-x64-gnu' : target}`;
const seen = new Set();
const copyPackage = (name) => {
  if (seen.has(name)) return;
  const from = join(root, 'node_modules', name);
  if (!existsSync(from)) throw new Error(`runtime dependency ${name} is not installed`);
  seen.add(name);
  cpSync(from, join(stage, 'node_modules', name), { recursive: true, dereference: true });
  const meta = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
  for (const dep of Object.keys(meta.dependencies ?? {})) copyPackage(dep);
};
for (const name of [...Object.keys(runtime), nativePackage]) copyPackage(name);
// Source maps, TypeScript sources and docs of dependencies are dead weight at run time.
for (const file of readdirSync(join(stage, 'node_modules'), { recursive: true })) {
  if (/\.(map|ts|mts|cts|md)$/.test(file)) rmSync(join(stage, 'node_modules', file), { force: true });
}
const vsce = join(root, 'node_modules/.bin/vsce');
const packed = spawnSync(vsce, ['package', '--target', target, '--allow-missing-repository', '--skip-license', '--out', out], { cwd: stage, stdio: 'inherit' });
if (packed.status !== 0) throw new Error(`vsce package failed (${packed.status})`);
const size = statSync(out).size;
console.log(`\n${out}: ${(size / 1024 / 1024).toFixed(1)} MB`);

// Smoke test of the packaged files: load dist/engine.js from the unpacked .vsix and index a note.
const dir = mkdtempSync(join(tmpdir(), 'lra-vsix-'));
try {
  execFileSync('unzip', ['-q', out, '-d', dir]);
  const ext = join(dir, 'extension');
  const folder = join(dir, 'docs');
  mkdirSync(folder);
  writeFileSync(join(folder, 'note.md'), '# Note\n\nThe packaged engine can index this sentence.\n');
  const probe = `
    const { engine } = require(${JSON.stringify(join(ext, 'dist/engine.js'))});
    const log = { debug() {}, info() {}, warn() {}, error() {} };
    (async () => {
      const settings = { ollamaHost: 'http://127.0.0.1:9', chatModel: 'x', embeddingModel: 'x', embeddingProvider: 'none', localEmbeddingDir: '', include: ['**/*.md'], exclude: [], maxClarifications: 2, maxHistoryTurns: 5, temperature: 0.2, clarificationTemperature: 0.3, langfuse: { enabled: false, host: '', publicKey: '' } };
      const gen = engine.indexFolder({ root: ${JSON.stringify(folder)}, dbDir: ${JSON.stringify(join(dir, 'index'))}, settings, logger: log });
      let step; do { step = await gen.next(); } while (!step.done);
      const stats = await engine.indexStatus(${JSON.stringify(join(dir, 'index'))});
      await engine.close();
      console.log('packaged engine indexed ' + step.value.indexed + ' file(s), ' + stats.chunks + ' chunk(s)');
      if (step.value.indexed !== 1) process.exit(1);
    })().catch((e) => { console.error(e); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', probe], { stdio: 'inherit', env: { ...process.env, NODE_PATH: '' } });
  const files = readdirSync(join(ext, 'node_modules'), { recursive: true }).length;
  console.log(`smoke test passed (${files} files under node_modules in the package)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
