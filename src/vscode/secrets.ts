/** The Langfuse secret key lives in SecretStorage (the OS keychain), never in settings.json. */
import * as vscode from 'vscode';

const LANGFUSE_SECRET = 'local-research.langfuse.secretKey';

export class SecretStore {
  constructor(private readonly storage: vscode.SecretStorage) {}

  async langfuseSecret(): Promise<string | undefined> {
    return (await this.storage.get(LANGFUSE_SECRET)) || undefined;
  }

  /** Asks for the key (masked input); an empty answer deletes the stored key. */
  async promptLangfuseSecret(): Promise<'stored' | 'deleted' | 'unchanged'> {
    const value = await vscode.window.showInputBox({
      title: 'Langfuse secret key',
      prompt: 'Stored in the OS keychain via VS Code SecretStorage. Leave empty to delete the stored key.',
      password: true,
      ignoreFocusOut: true,
    });
    if (value === undefined) return 'unchanged';
    if (value.trim() === '') {
      await this.storage.delete(LANGFUSE_SECRET);
      return 'deleted';
    }
    await this.storage.store(LANGFUSE_SECRET, value.trim());
    return 'stored';
  }
}
