// `npm run package`: builds the production bundles and a platform .vsix for linux-x64 (LanceDB's
// native binary is per platform, so is the package), then smoke-tests the unpacked package.
// Local embeddings (transformers.js + onnxruntime, ~200 MB of native code) are NOT shipped: the
// extension embeds with Ollama or runs full-text only.
//
// The storefront README (README.extension.md) becomes the package's readme; its image links stay
// relative (--no-rewrite-relative-links) and point at images packed in media/, so the Extensions
// page shows them offline and from a local .vsix. No repository URL is written into it.
//
// Prints a summary; `--json` prints it as one JSON line instead (used by test/package/run.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STOREFRONT, stagePackage } from './package/stage.mjs';
import { collectNoticePackages, noticesText } from './package/notices.mjs';
import { smokeTest } from './package/smoke.mjs';

const root = new URL('..', import.meta.url).pathname;
const json = process.argv.includes('--json');
const say = (line) => (json ? process.stderr : process.stdout).write(`${line}\n`);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const target = process.env.VSIX_TARGET ?? 'linux-x64';
const out = join(root, `${pkg.name}-${target}-${pkg.version}.vsix`);
const SHIPPED_BUNDLES = ['dist/extension.js', 'dist/engine.js', 'dist/extract-worker.js', 'dist/ocr-worker.js'];

const run = (cmd, args, cwd = root) => {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', json ? 2 : 1, 2] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
run('node', ['esbuild.mjs', '--production']);

const stage = mkdtempSync(join(tmpdir(), 'lra-vsix-stage-'));
let staged, download, smoke, installed;
try {
  staged = stagePackage({ root, stage, target, pkg });
  const notices = noticesText({
    packages: collectNoticePackages({ root, stage, runtimePackages: staged.runtimePackages, outputs: SHIPPED_BUNDLES }),
    product: pkg.displayName,
    apacheText: readFileSync(join(root, 'node_modules/pdfjs-dist/LICENSE'), 'utf8'),
  });
  writeFileSync(join(stage, 'ThirdPartyNotices.txt'), notices);

  rmSync(out, { force: true });
  run(
    join(root, 'node_modules/.bin/vsce'),
    ['package', '--target', target, '--readme-path', STOREFRONT.readme, '--no-rewrite-relative-links', '--allow-missing-repository', '--out', out],
    stage,
  );
  download = statSync(out).size;
  smoke = await smokeTest({ root, vsix: out });
  installed = Number(spawnSync('bash', ['-c', `unzip -l "${out}" | tail -1 | awk '{print $1}'`], { encoding: 'utf8' }).stdout.trim());
} finally {
  rmSync(stage, { recursive: true, force: true });
}

const summary = {
  vsix: out,
  downloadBytes: download,
  unpackedBytes: installed,
  files: smoke.files,
  runtimePackages: staged.runtimePackages,
  leftOut: staged.leftOut,
  stripped: staged.stripped,
};
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
if (json) console.log(JSON.stringify(summary));
else {
  say(`\n${out}`);
  say(`  download ${mb(download)}, unpacked ${mb(installed)}, ${smoke.files} files`);
  say(`  runtime node_modules: ${staged.runtimePackages.join(', ')}`);
  say(`  left out (not loaded at run time): ${staged.leftOut.join(', ') || 'none'}`);
  for (const s of staged.stripped) say(`  stripped ${s.file}: ${mb(s.before)} -> ${mb(s.after)}`);
  say('  smoke test passed: the unpacked package indexed a PDF, a note and a scanned PDF (OCR, offline) and answered from a full-text search');
}
