/**
 * Keys live in SecretStorage (the OS keychain), never in settings.json: the Langfuse secret key
 * and the API key of an OpenAI-compatible model server.
 */
import * as vscode from 'vscode';
import type { EngineKeys } from '../pure/settings';

const LANGFUSE_SECRET = 'local-research.langfuse.secretKey';
const MODEL_SERVER_KEY = 'local-research.modelServer.apiKey';

export type PromptOutcome = 'stored' | 'deleted' | 'unchanged';
export type { EngineKeys } from '../pure/settings';

export class SecretStore {
  constructor(private readonly storage: vscode.SecretStorage) {}

  async langfuseSecret(): Promise<string | undefined> {
    return (await this.storage.get(LANGFUSE_SECRET)) || undefined;
  }

  /** Asks for the key (masked input); an empty answer deletes the stored key. */
  promptLangfuseSecret(): Promise<PromptOutcome> {
    return this.prompt(LANGFUSE_SECRET, 'Langfuse secret key');
  }

  /** undefined when none is stored: the engine then reads RESEARCH_API_KEY. */
  async modelServerKey(): Promise<string | undefined> {
    return (await this.storage.get(MODEL_SERVER_KEY)) || undefined;
  }

  /** Both keys, for the engine's settings. */
  async engineKeys(): Promise<EngineKeys> {
    const [langfuseSecretKey, modelServerKey] = await Promise.all([this.langfuseSecret(), this.modelServerKey()]);
    return { langfuseSecretKey, modelServerKey };
  }

  promptModelServerKey(): Promise<PromptOutcome> {
    return this.prompt(MODEL_SERVER_KEY, 'Model server API key (sent as a bearer token to research.llm.baseUrl)');
  }

  private async prompt(key: string, title: string): Promise<PromptOutcome> {
    const value = await vscode.window.showInputBox({
      title,
      prompt: 'Stored in the OS keychain via VS Code SecretStorage. Leave empty to delete the stored key.',
      password: true,
      ignoreFocusOut: true,
    });
    if (value === undefined) return 'unchanged';
    if (value.trim() === '') {
      await this.storage.delete(key);
      return 'deleted';
    }
    await this.storage.store(key, value.trim());
    return 'stored';
  }
}
