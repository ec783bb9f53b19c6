// End-to-end tier: the REAL chat panel of VS Code 1.139 (code-server) driven from headless
// Chromium with the extension under development, in sessions of their own: the chat with a scripted
// model, its citations and the viewer (./chatSession.mjs); a new user with no Ollama at all
// (./noModelSession.mjs); a library PDF's in-text citations as links in the viewer
// (./citationLinksSession.mjs); a Zotero library added once and shared by two windows
// (./librarySession.mjs). Each step is counted as a test and leaves a screenshot in
// test-artifacts/screenshots/.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { bundle, repoRoot, writeCounts } from '../../scripts/vscode-host/host.mjs';
import { createSteps } from '../../scripts/vscode-host/steps.mjs';
import { runChatSession } from './chatSession.mjs';
import { runNoModelSession } from './noModelSession.mjs';
import { runCitationLinksSession } from './citationLinksSession.mjs';
import { runLibrarySession } from './librarySession.mjs';

const verbose = process.env.LRA_VERBOSE === '1';
const outDir = join(repoRoot, 'dist/test');
const shots = join(repoRoot, 'test-artifacts/screenshots');
const started = Date.now();

const { step, results, setOnFailure } = createSteps();

async function main() {
  const build = spawnSync('node', ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('esbuild.mjs failed');
  await bundle([join(repoRoot, 'test/e2e/server.ts'), join(repoRoot, 'test/integration/workspace.ts')], outDir);
  const require = createRequire(import.meta.url);
  const fixtures = require(join(outDir, 'integration/workspace.js'));
  const e2eServer = require(join(outDir, 'e2e/server.js'));
  mkdirSync(shots, { recursive: true });
  await runChatSession({ fixtures, e2eServer, step, setOnFailure, shots, verbose });
  await runNoModelSession({ fixtures, step, setOnFailure, shots, verbose });
  await runCitationLinksSession({ e2eServer, step, setOnFailure, shots, verbose });
  await runLibrarySession({ step, setOnFailure, shots, verbose });
  const failed = results.filter((r) => !r.ok).length;
  writeCounts({ passed: results.length - failed, failed, skipped: 0 });
  console.log(`e2e: ${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s); screenshots in ${shots}`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`e2e tier failed to run: ${error?.stack ?? error}`);
    writeCounts({ passed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length + 1, skipped: 0 });
    process.exit(1);
  },
);
