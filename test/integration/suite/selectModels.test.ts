import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { getApi, workspaceRoot } from './helpers';
import { sleep } from './notifications';
import { useFakeOllama } from './ollama';

/** Runs "Select Models" and accepts the first item of each quick pick, as a user pressing Enter would. */
async function acceptDefaults(): Promise<void> {
  const picking = vscode.commands.executeCommand('local-research.selectModels');
  for (let i = 0; i < 2; i++) {
    await sleep(800);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }
  await picking;
}

async function clearModels(): Promise<void> {
  const config = vscode.workspace.getConfiguration('research');
  for (const key of ['models.chat', 'models.embedding']) {
    await config.update(key, undefined, vscode.ConfigurationTarget.Global);
    // Only where a value exists: removing one from an absent file could create the file.
    if (config.inspect(key)?.workspaceValue !== undefined) await config.update(key, undefined, vscode.ConfigurationTarget.Workspace);
  }
}

describe('"Select Models" command', function () {
  this.timeout(30_000);

  describe('with other models on the server', () => {
    useFakeOllama({ models: ['qwen3', 'llama3.2', 'nomic-embed-text'] });

    it("offers the Ollama server's models in two quick picks and stores the choice in the user settings, not the folder", async () => {
      const settingsFile = join(workspaceRoot().fsPath, '.vscode', 'settings.json');
      const existed = existsSync(settingsFile);
      await acceptDefaults();
      const config = vscode.workspace.getConfiguration('research');
      try {
        assert.equal(config.get('models.chat'), 'qwen3');
        assert.equal(config.get('models.embedding'), 'nomic-embed-text');
        assert.equal(config.inspect('models.chat')?.globalValue, 'qwen3');
        assert.equal(config.inspect('models.chat')?.workspaceValue, undefined);
        assert.equal(existsSync(settingsFile), existed, 'no .vscode/settings.json written into the documents folder');
      } finally {
        await clearModels();
      }
    });
  });

  describe('with the configured models listed as name:latest, as Ollama lists them', () => {
    useFakeOllama({ models: ['llama3.2:latest', 'nomic-embed-text:latest'] });

    it('accepting the current models changes no setting and starts no re-indexing', async () => {
      const api = await getApi();
      let jobs = 0;
      const sub = api.index.onDidStartJob(() => jobs++);
      try {
        await acceptDefaults();
        await sleep(1500); // a settings change would re-index after this long
        const config = vscode.workspace.getConfiguration('research');
        for (const key of ['models.chat', 'models.embedding']) {
          assert.equal(config.inspect(key)?.globalValue, undefined, `${key} was written`);
          assert.equal(config.inspect(key)?.workspaceValue, undefined, `${key} was written`);
        }
        assert.equal(jobs, 0, 'no indexing run started');
      } finally {
        sub.dispose();
        await clearModels();
      }
    });
  });
});
