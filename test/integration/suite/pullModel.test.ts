import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { recordNotifications, sleep } from './notifications';
import { setSetting, useFakeOllama } from './ollama';

describe('"Pull Ollama Model"', function () {
  this.timeout(60_000);
  // The configured chat model (llama3.2) is missing; the server may be anywhere the host setting says.
  const ollama = useFakeOllama({ models: ['nomic-embed-text'], pullStepDelayMs: 20 });

  it("asks which model (the missing configured one first) and pulls it through the host's /api/pull with progress, no terminal", async () => {
    const terminals = vscode.window.terminals.length;
    const shown = recordNotifications();
    try {
      const pulling = vscode.commands.executeCommand<string>('local-research.pullModel');
      await sleep(800);
      assert.equal(shown.quickPicks, 1, 'it asks which model');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      assert.equal(await pulling, 'pulled');
      const pulls = ollama.server.requests.filter((r) => r.path === '/api/pull');
      assert.equal(pulls.length, 1);
      assert.equal(pulls[0]!.body.name ?? pulls[0]!.body.model, 'llama3.2');
      assert.equal(pulls[0]!.body.stream, true);
      assert.ok(
        shown.toastProgress.some((p) => /Pulling llama3\.2/.test(p.title ?? '')),
        JSON.stringify(shown.progress),
      );
      const tags = (await (await fetch(`${ollama.server.url}/api/tags`)).json()) as { models: Array<{ name: string }> };
      assert.ok(tags.models.some((m) => m.name === 'llama3.2:latest'));
      assert.equal(vscode.window.terminals.length, terminals, 'no terminal was opened');
    } finally {
      shown.restore();
    }
  });

  it('a model named by a chat button is pulled without asking; an unreachable host is one error with its fix, no terminal', async () => {
    const terminals = vscode.window.terminals.length;
    const shown = recordNotifications();
    await setSetting('ollama.host', 'http://127.0.0.1:9');
    try {
      assert.equal(await vscode.commands.executeCommand<string>('local-research.pullModel', 'qwen3'), 'failed');
      assert.equal(shown.quickPicks, 0);
      await sleep(100);
      assert.equal(shown.messages.length, 1, JSON.stringify(shown.messages));
      assert.equal(shown.messages[0]!.kind, 'error');
      assert.match(shown.messages[0]!.text, /could not pull qwen3: Ollama is not reachable at http:\/\/127\.0\.0\.1:9/);
      assert.ok(shown.messages[0]!.items.includes('How to install Ollama'));
      assert.equal(vscode.window.terminals.length, terminals);
    } finally {
      shown.restore();
      await setSetting('ollama.host', ollama.server.url);
    }
  });
});
