/**
 * `npm run test:unit -- <file>` runs that file alone and `npm run test:unit` every unit file (the
 * same for test:faults): mocha is asked to list the tests (`--dry-run`, nothing runs) and the
 * counting reporter's numbers, which `npm test` sums, say how many it would run.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withTempDir } from '../support/tempDir';

const root = join(__dirname, '../..');
const SUITE = 'test tiers: one command per file';

/** Tests `npm run <script> -- <args>` would run, as the counting reporter counts them. */
async function listed(script: string, args: string[]): Promise<number> {
  return withTempDir(async (dir) => {
    const counts = join(dir, 'counts.json');
    await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args, '--dry-run'], {
      cwd: root,
      env: { ...process.env, TEST_COUNTS_FILE: counts },
    });
    return (JSON.parse(await readFile(counts, 'utf8')) as { passed: number }).passed;
  });
}

describe(SUITE, function () {
  this.timeout(120_000);

  it('test:unit with a file runs that file only', async () => {
    assert.equal(await listed('test:unit', ['test/unit/testTiers.test.ts']), 3);
  });

  it('test:unit without a file runs every unit file', async () => {
    assert.equal(await listed('test:unit', ['--grep', SUITE]), 3, 'this file is among them');
    assert.ok((await listed('test:unit', [])) > 500);
  });

  it('test:faults likewise', async () => {
    const one = await listed('test:faults', ['test/faults/bibliography.test.ts']);
    const all = await listed('test:faults', []);
    assert.ok(one > 0 && all > one, `${one} of ${all}`);
  });
});
