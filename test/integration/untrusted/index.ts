/**
 * A second, small suite run in a workspace VS Code does NOT trust (workspace trust on, folder
 * never trusted): the extension must not index on its own there. Same counting reporter.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 30_000,
    reporter: require(join(process.env.LRA_REPO_ROOT!, 'test/support/countingReporter.js')),
  });
  mocha.suite.emit('pre-require', globalThis, 'untrusted', mocha);
  describe('untrusted workspace', () => {
    it('activates in restricted mode but does not index automatically', async () => {
      assert.equal(vscode.workspace.isTrusted, false, 'the launcher should have opened an untrusted folder');
      const api = await vscode.extensions.getExtension<ResearchApi>('local-research.local-research-assistant')!.activate();
      await new Promise((r) => setTimeout(r, 2500)); // well past the deferred start-up work
      assert.ok(api.index.dbDir, 'no workspace storage');
      assert.equal(existsSync(api.index.dbDir), false, 'an index was written without asking');
      assert.equal(api.engineLoaded(), false);
      assert.match(api.statusBarText(), /not indexed|Research/);
    });
  });
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} untrusted-workspace test(s) failed`);
}
