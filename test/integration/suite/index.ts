/**
 * Entry point of the integration suite inside a real VS Code extension host. The same `run()`
 * serves both launchers: test/integration/run.mjs (code-server + headless Chromium, used here and
 * in CI) and test/integration/runElectron.mjs (@vscode/test-electron, where VS Code can be
 * downloaded). Mocha stays external: it resolves from the repo's node_modules.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 60_000,
    // LRA_GREP=<text>: only the tests whose titles contain it (a developer's focused run).
    ...(process.env.LRA_GREP ? { grep: process.env.LRA_GREP } : {}),
    // Writes {passed, failed, skipped} to $TEST_COUNTS_FILE (set through extensionEnvironment).
    reporter: require(join(process.env.LRA_REPO_ROOT ?? join(__dirname, '../../../..'), 'test/support/countingReporter.js')),
  });
  for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(join(__dirname, file));
  }
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}
