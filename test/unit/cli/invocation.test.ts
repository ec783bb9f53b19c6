/**
 * Messages name the command as this install runs it: the line a user pastes must run where they
 * typed the last one (`node dist/cli.js …` from a checkout, `research-assistant …` once installed).
 */
import assert from 'node:assert/strict';
import { cliCommand } from '../../../src/cli/invocation';

describe('cli: the command as this install runs it', () => {
  it('is research-assistant when started from the PATH', () => {
    assert.equal(cliCommand({ script: '/usr/local/bin/research-assistant', cwd: '/home/u/papers', path: '/usr/bin:/usr/local/bin' }), 'research-assistant');
  });

  it('is the path as typed when the installed command is not on the PATH', () => {
    const project = { cwd: '/home/u/project', path: '/usr/bin' };
    assert.equal(cliCommand({ script: '/home/u/project/node_modules/.bin/research-assistant', ...project }), 'node_modules/.bin/research-assistant');
    assert.equal(cliCommand({ script: '/opt/ra/research-assistant', ...project }), '/opt/ra/research-assistant');
  });

  it('is node and the script when the bundle was started by node, relative where the user is', () => {
    assert.equal(cliCommand({ script: '/work/repo/dist/cli.js', cwd: '/work/repo', path: '' }), 'node dist/cli.js');
    assert.equal(cliCommand({ script: '/work/repo/dist/cli.js', cwd: '/tmp', path: '' }), 'node /work/repo/dist/cli.js');
    assert.equal(cliCommand({ script: '/home/u/My Tools/dist/cli.js', cwd: '/tmp', path: '' }), "node '/home/u/My Tools/dist/cli.js'");
  });

  it('falls back to the installed name inside another program (a test runner, an editor)', () => {
    assert.equal(cliCommand({ script: '/work/repo/node_modules/mocha/bin/mocha.js', cwd: '/work/repo', path: '' }), 'research-assistant');
    assert.equal(cliCommand({ script: undefined, cwd: '/', path: '' }), 'research-assistant');
  });
});
