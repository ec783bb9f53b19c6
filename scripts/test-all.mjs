// Runs every test tier in order and ends with one line, `N passed, N failed`, summed over the
// tiers; exits non-zero if any tier failed or could not run. Tiers: unit (plain mocha on core),
// faults (the CLI and core under injected faults: stalled servers, damaged indexes, hostile text),
// integration (mocha inside a real VS Code extension host), e2e (the real chat panel in Chromium),
// package (the .vsix built, installed into a fresh VS Code and used through its chat panel).
// Lint (the layer boundaries of eslint.config.mjs) counts as one test: passed or failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const countsDir = join(root, 'test-artifacts', 'counts');
rmSync(countsDir, { recursive: true, force: true });
mkdirSync(countsDir, { recursive: true });

const steps = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'typecheck webview', cmd: ['npx', 'tsc', '--noEmit', '-p', 'media/pdf-viewer'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'], countsAsOne: true },
  { name: 'build', cmd: ['node', 'esbuild.mjs'] },
  { name: 'unit', cmd: ['node', 'scripts/mocha-tier.mjs', 'unit'], counts: true },
  // The CLI and core under injected faults: stalled servers, damaged indexes, hostile documents.
  { name: 'faults', cmd: ['node', 'scripts/mocha-tier.mjs', 'faults'], counts: true },
  { name: 'integration', script: 'test/integration/run.mjs', counts: true },
  { name: 'e2e', script: 'test/e2e/run.mjs', counts: true },
  // Last: `npm run package` replaces dist/ with the production build.
  { name: 'package', script: 'test/package/run.mjs', counts: true },
];

let passed = 0;
let failed = 0;
let broken = false;
for (const step of steps) {
  if (step.script && !existsSync(join(root, step.script))) continue;
  const cmd = step.cmd ?? ['node', step.script];
  const countsFile = join(countsDir, `${step.name}.json`);
  console.log(`\n=== ${step.name}: ${cmd.join(' ')}`);
  const run = spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_COUNTS_FILE: countsFile } });
  if (step.countsAsOne) {
    if (run.status === 0) passed += 1;
    else failed += 1;
  } else if (step.counts && existsSync(countsFile)) {
    const c = JSON.parse(readFileSync(countsFile, 'utf8'));
    passed += c.passed;
    failed += c.failed;
    if (run.status !== 0 && c.failed === 0) broken = true;
  } else if (run.status !== 0 || step.counts) {
    // A tier that died before reporting counts as one failure, so the line never hides it.
    console.error(`${step.name} failed to run (exit ${run.status})`);
    failed += 1;
    broken = true;
  }
}
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(root, 'test-artifacts', 'summary.txt'), summary + '\n');
console.log(`\n${summary}`);
process.exit(failed > 0 || broken ? 1 : 0);
