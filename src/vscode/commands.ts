/** The command palette: indexing, status, log, models, the Langfuse and model server keys, and the chat buttons' targets. */
import * as vscode from 'vscode';
import type { Logger } from '../core/ports';
import { SECTION, readConfig } from './settings/config';
import type { IndexService } from './indexing/indexService';
import type { IndexStats } from '../core/index';
import { describe } from './log';
import { sameModel } from '../core/llm/ollamaClient';
import { listOllamaModels, looksLikeEmbeddingModel } from './models/ollamaModels';
import { pullModelCommand } from './models/pullModel';
import { showPapers } from './indexing/papers';
import { localTime } from './indexing/statusBar';
import { damagedIndexText, needsRebuild, showWithFix, verifyIndexCommand } from './indexing/indexHealth';
import { attentionText } from './indexing/indexReport';
import { COMMANDS } from './pure/commandIds';
import { OLLAMA_DOWNLOAD_URL } from './pure/knownProblems';
import type { SecretStore } from './settings/secrets';

export interface CommandDeps {
  /** This extension's id (publisher.name): the settings editor filters on it. */
  extensionId: string;
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
        const pick = await vscode.window.showWarningMessage(
          'Delete the research index for this workspace, with the OCR text of its scanned pages? Your documents are not touched.',
          { modal: true },
          'Clear Index',
        );
        if (pick !== 'Clear Index') return undefined;
      }
      return index.enqueue('clear');
    }),
    reg(COMMANDS.showStatus, () => showStatus(index, log)),
    reg(COMMANDS.verifyIndex, () => verifyIndexCommand(index, log)),
    reg(COMMANDS.showPapers, () => showPapers(index, secrets, log, deps.showLog)),
    reg(COMMANDS.openLog, () => deps.showLog()),
    reg(COMMANDS.selectModels, () => selectModels(log, deps.onModelsChanged)),
    reg(COMMANDS.setLangfuseSecret, async () => {
      const outcome = await secrets.promptLangfuseSecret();
      if (outcome !== 'unchanged')
        void vscode.window.showInformationMessage(outcome === 'stored' ? 'Langfuse secret key stored in SecretStorage.' : 'Langfuse secret key deleted.');
      return outcome;
    }),
    reg(COMMANDS.setModelServerKey, async () => {
      const outcome = await secrets.promptModelServerKey();
      // The engine keys its clients by the settings, key included: the next turn uses the new one.
      if (outcome !== 'unchanged')
        void vscode.window.showInformationMessage(outcome === 'stored' ? 'Model server API key stored in SecretStorage.' : 'Model server API key deleted.');
      return outcome;
    }),
    reg(COMMANDS.openSettings, (setting?: string) => vscode.commands.executeCommand('workbench.action.openSettings', settingsQuery(deps.extensionId, setting))),
    reg(COMMANDS.installOllama, () => vscode.env.openExternal(vscode.Uri.parse(OLLAMA_DOWNLOAD_URL))),
    reg(COMMANDS.pullModel, (model?: string) => pullModelCommand(typeof model === 'string' ? model : undefined, log, deps.onModelsChanged)),
  ];
}

/**
 * The settings editor's query: one setting by id, else all of this extension's settings (in the
 * `order` package.json gives them, host and models first). Searching the text `research.` also
 * matched unrelated VS Code settings.
 */
export function settingsQuery(extensionId: string, setting?: string): string {
  return setting && setting.startsWith(`${SECTION}.`) && setting.length > SECTION.length + 1 ? `@id:${setting}` : `@ext:${extensionId}`;
}

async function showStatus(index: IndexService, log: Logger): Promise<string> {
  let text: string;
  let damaged = false;
  try {
    const stats = await index.refreshStatus();
    const line = (s: IndexStats) =>
      `${s.documents} documents, ${s.chunks} chunks; embeddings: ${s.embeddingModel ?? 'none (full-text only)'}; last indexed ${localTime(s.lastIndexedAt)}`;
    // A multi-root workspace: one index per folder, each listed after the sums.
    const perFolder =
      index.folders.length > 1 ? ` ${index.folderStats.map((f) => `${f.label}: ${f.stats ? line(f.stats) : 'not indexed yet'}.`).join(' ')}` : '';
    // The files of the last run that could not be indexed, or were cut short, by name (the log has the reasons).
    const attention = attentionText(index.lastSummary);
    text = !stats ? `No index yet for this workspace.${attention}` : `${line(stats)}${index.busy ? '; indexing now' : ''}.${perFolder}${attention}`;
  } catch (error) {
    // Indexing again would open the same damaged files: the fix offered is a rebuild.
    damaged = needsRebuild(error);
    text = damaged ? damagedIndexText(error) : `The index cannot be read (${describe(error)}).`;
  }
  log.info(`status: ${text}`);
  showWithFix(damaged ? vscode.window.showErrorMessage : vscode.window.showInformationMessage, text, damaged);
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
  // `name` and `name:latest` are one model: marked current, and never written back as a change.
  const item = (name: string, current: string, detail: string) => ({ label: name, description: sameModel(name, current) ? '(current)' : '', detail });
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
  const changed: string[] = [];
  if (!sameModel(chat.label, config.models.chat)) changed.push(await store('models.chat', chat.label));
  if (embed && !sameModel(embed.label, config.models.embedding)) changed.push(await store('models.embedding', embed.label));
  log.info(changed.length ? `models selected: ${changed.join(', ')}` : 'models selected: unchanged');
  if (changed.length) onChanged();
}

/**
 * Which models Ollama has is a fact about this machine, not about the folder: the choice goes to
 * the user settings, so no .vscode/settings.json appears in the user's documents. Only a value
 * the workspace already sets is updated there (a user value would stay hidden under it).
 */
async function store(key: string, value: string): Promise<string> {
  const section = vscode.workspace.getConfiguration(SECTION);
  const inspected = section.inspect(key);
  const target = inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await section.update(key, value, target);
  return `${key} = ${value} (${target === vscode.ConfigurationTarget.Workspace ? 'workspace' : 'user'} settings)`;
}
