/**
 * Entry point of the integration suite inside a real VS Code extension host. The same `run()`
 * serves both launchers: test/integration/run.mjs (code-server + headless Chromium, used here and
 * in CI) and test/integration/runElectron.mjs (@vscode/test-electron, where VS Code can be
 * downloaded). Mocha stays external: it resolves from the repo's node_modules.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { suiteMocha } from '../mocha';

export async function run(): Promise<void> {
  const mocha = suiteMocha(process.env.LRA_REPO_ROOT ?? join(__dirname, '../../../..'));
  // LRA_FILES=a.test.js,b.test.js: only those files (run.mjs sets it from the files it is given).
  const only = process.env.LRA_FILES ? new Set(process.env.LRA_FILES.split(',')) : null;
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js') && (!only || only.has(f)))
    .sort()) {
    mocha.addFile(join(__dirname, file));
  }
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}
