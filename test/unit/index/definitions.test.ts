import assert from 'node:assert/strict';
import { definedName, definitionPattern } from '../../../src/core/index/search/definitions';

const defines = (identifier: string, text: string) => definitionPattern(identifier)!.test(text);

describe('definition lines of a code identifier', () => {
  it('finds the entry that introduces the name in option lists, API docs, headings and man pages', () => {
    assert.ok(defines('CompleteMulti', 'Columns: Give a positive integer.\nCompleteMulti: If 1 (default), for multiple questions'));
    assert.ok(defines('resourceLimits', '  * `transferList` {Object[]}\n  * `resourceLimits` {Object} An optional set of resource limits'));
    assert.ok(defines('--preserve-symlinks-main', 'intro\n\n### `--preserve-symlinks-main`\n\n<!-- YAML'));
    assert.ok(defines('--timelimit', '  --timelimit=SECONDS   stop the prover after SECONDS'));
    assert.ok(defines('-dKPreserve=2', '-dKPreserve=0/1/2 selects how black is preserved'));
    assert.ok(defines('prog_id', 'ver_ind_prog_id : string\nprog_id : string  the program id'));
    assert.ok(defines('APT::Solver::Strict-Pinning', '- **APT::Solver::Strict-Pinning**: whether pinning is strict'));
    assert.ok(defines('child_process.exec(', '### `child_process.exec(command[, options][, callback])`'));
  });

  it('ignores mere uses: prose, another case, another qualifier, bare list items and page titles', () => {
    assert.ok(!defines('CompleteMulti', 'Set CompleteMulti to 0 to drop the extra answer.'));
    assert.ok(!defines('CompleteMulti', 'completemulti: the lowercase word in a log line'));
    assert.ok(!defines('resourceLimits', '## `worker.resourceLimits`\n\nProvides the set of JS engine resource constraints'));
    assert.ok(
      !defines('--preserve-symlinks-main', 'Node.js options that are allowed are:\n* `--preserve-symlinks`\n* `--preserve-symlinks-main`\n* `--prof-process`'),
    );
    assert.ok(!defines('ssh_sftpd', 'ssh_sftpd\nErlang module\nThis module implements an SSH FTP server.'));
    assert.ok(!defines('CompleteMultiple', 'CompleteMulti: If 1 (default)'));
  });

  it('reads the name a token spells, without a value or a call', () => {
    assert.equal(definedName('-dKPreserve=2'), '-dKPreserve');
    assert.equal(definedName('child_process.exec('), 'child_process.exec');
    assert.equal(definitionPattern('('), null);
  });
});
