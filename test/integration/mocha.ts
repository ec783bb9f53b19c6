/** Mocha as the extension-host suites run it: bdd, LRA_GREP honoured, the counting reporter. */
import { join } from 'node:path';
import Mocha from 'mocha';

/** `repoRoot`: where test/support lives (LRA_REPO_ROOT from the launcher, else the caller's guess). */
export function suiteMocha(repoRoot: string): Mocha {
  return new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 60_000,
    // LRA_GREP=<text>: only the tests whose titles contain it (a developer's focused run).
    ...(process.env.LRA_GREP ? { grep: process.env.LRA_GREP } : {}),
    // Writes {passed, failed, skipped} to $TEST_COUNTS_FILE (set through extensionEnvironment).
    reporter: require(join(repoRoot, 'test/support/countingReporter.js')),
  });
}
