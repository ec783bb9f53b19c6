/** The command palette: indexing, status, log, models, the Langfuse key, and the chat buttons' targets. */
import * as vscode from 'vscode';
import type { Logger } from '../core/ports';
import { SECTION, readConfig } from './config';
import type { IndexService } from './indexService';
import { describe } from './log';
import { listOllamaModels, looksLikeEmbeddingModel } from './ollamaModels';
import { COMMANDS, OLLAMA_DOWNLOAD_URL } from './render';
import type { SecretStore } from './secrets';

export interface CommandDeps {
  index: IndexService;
  secrets: SecretStore;
  log: Logger;
  showLog: () => void;
  onModelsChanged: () => void;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { index, secrets, log } = deps;
  const reg = (id: string, fn: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, fn);
  return [
    reg(COMMANDS.indexWorkspace, () => index.enqueue('index')),
    reg(COMMANDS.rebuildIndex, () => index.enqueue('rebuild')),
    reg(COMMANDS.clearIndex, async (options?: { confirm?: boolean }) => {
      if (options?.confirm !== false) {
        const pick = await vscode.window.showWarningMessage('Delete the research index for this workspace? Your documents are not touched.', { modal: true }, 'Clear Index');
        if (pick !== 'Clear Index') return undefined;
      }
      return index.enqueue('clear');
    }),
    reg(COMMANDS.showStatus, () => showStatus(index, log)),
    reg(COMMANDS.openLog, () => deps.showLog()),
    reg(COMMANDS.selectModels, () => selectModels(log, deps.onModelsChanged)),
    reg(COMMANDS.setLangfuseSecret, async () => {
      const outcome = await secrets.promptLangfuseSecret();
      if (outcome !== 'unchanged') void vscode.window.showInformationMessage(outcome === 'stored' ? 'Langfuse secret key stored in SecretStorage.' : 'Langfuse secret key deleted.');
      return outcome;
    }),
    reg(COMMANDS.openSettings, (query?: string) => vscode.commands.executeCommand('workbench.action.openSettings', query ?? `${SECTION}.`)),
    reg(COMMANDS.installOllama, () => vscode.env.openExternal(vscode.Uri.parse(OLLAMA_DOWNLOAD_URL))),
    reg(COMMANDS.pullModel, (model?: string) => {
      const name = model ?? readConfig().models.chat;
      const terminal = vscode.window.createTerminal({ name: `ollama pull ${name}` });
      terminal.show();
      terminal.sendText(`ollama pull ${shellQuote(name)}`);
    }),
  ];
}

async function showStatus(index: IndexService, log: Logger): Promise<string> {
  let text: string;
  try {
    const stats = await index.refreshStatus();
    text = !stats
      ? 'No index yet for this workspace.'
      : `${stats.documents} documents, ${stats.chunks} chunks; embeddings: ${stats.embeddingModel ?? 'none (full-text only)'}; last indexed ${stats.lastIndexedAt ?? 'never'}${index.busy ? '; indexing now' : ''}.`;
  } catch (error) {
    text = `The index cannot be read (${describe(error)}). Rebuild it.`;
  }
  log.info(`status: ${text}`);
  const actions = ['Index Now', 'Open Log'];
  void vscode.window.showInformationMessage(`Local Research: ${text}`, ...actions).then((pick) => {
    if (pick === 'Index Now') void vscode.commands.executeCommand(COMMANDS.indexWorkspace);
    if (pick === 'Open Log') void vscode.commands.executeCommand(COMMANDS.openLog);
  });
  return text;
}

/** Quick picks over the Ollama server's models for the chat model and the embedding model. */
async function selectModels(log: Logger, onChanged: () => void): Promise<void> {
  const config = readConfig();
  let models;
  try {
    models = await listOllamaModels(config.ollama.host);
  } catch (error) {
    log.warn('Select Models: Ollama unreachable', error);
    const pick = await vscode.window.showErrorMessage('Ollama is not reachable, so its models cannot be listed.', 'How to install Ollama', 'Open settings');
    if (pick === 'How to install Ollama') void vscode.commands.executeCommand(COMMANDS.installOllama);
    if (pick === 'Open settings') void vscode.commands.executeCommand(COMMANDS.openSettings, `${SECTION}.ollama.host`);
    return;
  }
  if (models.length === 0) {
    void vscode.window.showWarningMessage('Ollama has no models installed. Pull one first, e.g. `ollama pull llama3.2`.');
    return;
  }
  const item = (name: string, current: string, detail: string) => ({ label: name, description: name === current ? '(current)' : '', detail });
  const chat = await vscode.window.showQuickPick(
    models.filter((m) => !looksLikeEmbeddingModel(m.name)).map((m) => item(m.name, config.models.chat, `${m.family} ${m.parameterSize}`)),
    { title: 'Chat model (1/2)', placeHolder: `current: ${config.models.chat}` },
  );
  if (!chat) return;
  // Embedding models first: they are the likely pick here.
  const byKind = [...models].sort((a, b) => Number(looksLikeEmbeddingModel(b.name)) - Number(looksLikeEmbeddingModel(a.name)));
  const embed = await vscode.window.showQuickPick(
    byKind.map((m) => item(m.name, config.models.embedding, looksLikeEmbeddingModel(m.name) ? 'embedding model' : `${m.family} ${m.parameterSize}`)),
    { title: 'Embedding model (2/2)', placeHolder: `current: ${config.models.embedding}` },
  );
  const target = vscode.workspace.workspaceFolders ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const section = vscode.workspace.getConfiguration(SECTION);
  await section.update('models.chat', chat.label, target);
  if (embed) await section.update('models.embedding', embed.label, target);
  log.info(`models selected: chat ${chat.label}${embed ? `, embedding ${embed.label}` : ''}`);
  onChanged();
}

function shellQuote(s: string): string {
  return /^[\w.:/-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
