// Mocha reporter: the usual `spec` output, plus the tier's pass/fail counts written as JSON to
// $TEST_COUNTS_FILE, so scripts/test-all.mjs can print one summed line for CI.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

class CountingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const file = process.env.TEST_COUNTS_FILE;
      if (!file) return;
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ passed: passes, failed: failures, skipped: pending }));
    });
  }
}

module.exports = CountingReporter;
