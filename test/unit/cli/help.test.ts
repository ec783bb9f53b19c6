/**
 * `research-assistant <command> --help` (or `-h`) prints that command's usage and what it does,
 * and exits 0: for every command the CLI registers (src/cli/registry.ts), through the built CLI.
 */
import assert from 'node:assert/strict';
import { commands } from '../../../src/cli/registry';
import { buildOnce, runCli } from '../../support/cli';

describe('cli: --help on every command', () => {
  before(function () {
    this.timeout(120_000);
    return buildOnce();
  });

  /** Each command's usage line as the command list (`research-assistant --help`) prints it. */
  let listed: Map<string, string>;
  before(async () => {
    const r = await runCli(['--help']);
    listed = new Map(
      r.stdout
        .split('\n')
        .filter((line) => line.startsWith('  '))
        .map((line) => [line.trim().split(' ')[0]!, line.trim()]),
    );
  });

  for (const name of Object.keys(commands)) {
    for (const flag of ['--help', '-h']) {
      it(`${name} ${flag} prints its usage and what it does, exit 0`, async () => {
        const r = await runCli([name, flag]);
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stderr, '');
        const [usage, blank, summary, ...rest] = r.stdout.split('\n');
        assert.equal(usage, `usage: ${listed.get(name)}`);
        assert.match(usage!, new RegExp(`^usage: ${name} `));
        assert.equal(blank, '');
        assert.match(summary!, /^[A-Z].{40,}[.)]$/, 'a sentence on what it does');
        assert.deepEqual(rest, ['']);
      });
    }
  }

  it('--help after other arguments still asks for help; after -- it is an argument', async () => {
    const help = await runCli(['ask', 'some-folder', 'a question', '--help']);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^usage: ask </);
    const argument = await runCli(['papers', '--', '--help']);
    assert.notEqual(argument.code, 0);
    assert.doesNotMatch(argument.stdout, /^usage:/);
  });

  it('the command list points at --help', async () => {
    const r = await runCli(['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /\nnode dist\/cli\.js <command> --help: that command's usage and what it does\.\n$/);
  });
});
