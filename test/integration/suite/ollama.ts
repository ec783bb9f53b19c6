/**
 * Starts the Ollama-protocol test server inside the extension host and points the extension's
 * `research.ollama.host` setting at it (the real settings path, change events included).
 */
import * as vscode from 'vscode';
import { startFakeOllama, type FakeOllama, type FakeOllamaOptions } from '../../support/fakeOllama';

export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('research').update(key, value, vscode.ConfigurationTarget.Global);
}

export function useFakeOllama(options: FakeOllamaOptions = {}): { readonly server: FakeOllama } {
  let server: FakeOllama | undefined;
  before(async () => {
    server = await startFakeOllama(options);
    await vscode.workspace.getConfiguration('research').update('ollama.host', server.url, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('research').update('ollama.host', undefined, vscode.ConfigurationTarget.Global);
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('fake Ollama not started yet');
      return server;
    },
  };
}
