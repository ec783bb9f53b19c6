// The same integration suite under @vscode/test-electron, for machines where VS Code can be
// downloaded (or VSCODE_EXECUTABLE points at an installed one). Not used on the project's CI
// machines, which cannot download VS Code: test/integration/run.mjs (code-server) runs there.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { runTests } from '@vscode/test-electron';
import { bundle, repoRoot } from '../../scripts/vscode-host/host.mjs';
import { readdirSync } from 'node:fs';

const outDir = join(repoRoot, 'dist/test');
const build = spawnSync('node', ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const suiteDir = join(repoRoot, 'test/integration/suite');
const entries = readdirSync(suiteDir)
  .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
  .map((f) => join(suiteDir, f));
await bundle([...entries, join(repoRoot, 'test/integration/workspace.ts')], outDir);

const workspace = mkdtempSync(join(tmpdir(), 'lra-it-workspace-'));
const userData = mkdtempSync(join(tmpdir(), 'lra-it-user-'));
try {
  await createRequire(import.meta.url)(join(outDir, 'integration/workspace.js')).makeWorkspace(workspace);
  const { writeFileSync, mkdirSync } = await import('node:fs');
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({ 'research.index.autoIndex': false, 'research.index.watchDebounceMs': 300 }));
  await runTests({
    ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : { version: '1.104.0' }),
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: join(outDir, 'integration/suite/index.js'),
    launchArgs: [workspace, '--user-data-dir', userData, '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { TEST_COUNTS_FILE: process.env.TEST_COUNTS_FILE ?? '', LRA_REPO_ROOT: repoRoot },
  });
} catch (error) {
  console.error(`integration suite failed: ${error}`);
  process.exitCode = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
}
