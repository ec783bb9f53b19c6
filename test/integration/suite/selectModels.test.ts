import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { useFakeOllama } from './ollama';

describe('"Select Models" command', function () {
  this.timeout(30_000);
  useFakeOllama({ models: ['qwen3', 'llama3.2', 'nomic-embed-text'] });

  it('offers the Ollama server\'s models in two quick picks and stores the choice in the settings', async () => {
    const picking = vscode.commands.executeCommand('local-research.selectModels');
    // Accept the first item of each quick pick, as a user pressing Enter would.
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => setTimeout(r, 800));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    await picking;
    const config = vscode.workspace.getConfiguration('research');
    try {
      assert.equal(config.get('models.chat'), 'qwen3');
      assert.equal(config.get('models.embedding'), 'nomic-embed-text');
    } finally {
      await config.update('models.chat', undefined, vscode.ConfigurationTarget.Workspace);
      await config.update('models.embedding', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
