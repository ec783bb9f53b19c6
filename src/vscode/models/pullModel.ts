/**
 * "Pull Ollama Model": asks which model (the configured ones first, or any typed name), then pulls
 * it through the configured host's /api/pull with a cancellable progress notification. Not a
 * terminal running `ollama pull`: the server may be remote and the CLI missing where VS Code runs.
 */
import * as vscode from 'vscode';
import { isAbortError } from '../../core/llm/errors';
import { resolveOllamaHost } from '../../core/llm/host';
import { sameModel } from '../../core/llm/ollamaClient';
import { PullTracker, pullOllamaModel } from '../../core/llm/pull';
import type { Logger } from '../../core/ports';
import { readConfig } from '../settings/config';
import type { EditorSettings } from '../pure/settings';
import { messageOf, showProblem } from '../problemToast';
import { listOllamaModels } from './ollamaModels';
import { abortSignalOf } from '../pure/cancellation';

export type PullOutcome = 'pulled' | 'cancelled' | 'failed';

export async function pullModelCommand(model: string | undefined, log: Logger, onPulled: () => void): Promise<PullOutcome> {
  const config = readConfig();
  const name = model?.trim() || (await askModel(config));
  if (!name) return 'cancelled';
  const host = resolveOllamaHost(config.ollama.host);
  log.info(`pulling ${name} from Ollama at ${host}`);
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Pulling ${name} (Ollama at ${host})`, cancellable: true },
      async (progress, token) => {
        const tracker = new PullTracker();
        let reported = 0;
        for await (const line of pullOllamaModel({ host: config.ollama.host, model: name, signal: abortSignalOf(token), limits: config.timeouts })) {
          const { fraction, message } = tracker.update(line);
          const increment = fraction === null ? 0 : fraction * 100 - reported;
          if (increment > 0) reported += increment;
          progress.report({ message, ...(increment > 0 ? { increment } : {}) });
        }
      },
    );
  } catch (error) {
    if (isAbortError(error)) {
      log.info(`pull of ${name} cancelled`);
      return 'cancelled';
    }
    log.error(`pulling ${name} failed`, error);
    void showProblem(`Local Research: could not pull ${name}: ${messageOf(error)}`, error);
    return 'failed';
  }
  log.info(`pulled ${name}`);
  onPulled();
  void vscode.window.showInformationMessage(`Local Research: ${name} is ready on Ollama at ${host}.`);
  return 'pulled';
}

/** A quick pick of the configured models (missing ones first) that also takes any typed name. */
async function askModel(config: EditorSettings): Promise<string | undefined> {
  const installed = await listOllamaModels(config.ollama.host).then(
    (models) => models.map((m) => m.name),
    () => null, // Unreachable: still ask; the pull itself then says what is wrong.
  );
  const has = (name: string) => installed?.some((m) => sameModel(m, name)) ?? false;
  const state = (name: string) => (installed === null ? '' : has(name) ? 'installed' : 'not installed');
  const configured = [
    { label: config.models.chat, description: 'chat model (research.models.chat)', detail: state(config.models.chat) },
    { label: config.models.embedding, description: 'embedding model (research.models.embedding)', detail: state(config.models.embedding) },
  ].sort((a, b) => Number(has(a.label)) - Number(has(b.label)));

  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  pick.title = 'Pull an Ollama model';
  pick.placeholder = 'Pick a configured model or type any model name (e.g. qwen3:8b)';
  pick.items = configured;
  pick.onDidChangeValue((value) => {
    const typed = value.trim();
    const listed = configured.some((c) => c.label === typed);
    pick.items = typed && !listed ? [{ label: typed, description: 'pull this name' }, ...configured] : configured;
  });
  try {
    return await new Promise<string | undefined>((resolve) => {
      pick.onDidAccept(() => resolve(pick.selectedItems[0]?.label ?? (pick.value.trim() || undefined)));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
  } finally {
    pick.dispose();
  }
}
