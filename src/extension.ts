/**
 * Entry point of the Local Research Assistant extension. `activate()` only wires cheap things
 * (commands, the chat participant, the Ollama model provider, the status bar, the file watcher);
 * LanceDB and LangGraph live in `dist/engine.js`, loaded on first use (see src/vscode/engine).
 */
import * as vscode from 'vscode';
import { onDidChangeConfig, readConfig } from './vscode/config';
import { createLog } from './vscode/log';
import { IndexService, logRejection } from './vscode/indexService';
import { StatusBar } from './vscode/statusBar';
import { SecretStore } from './vscode/secrets';
import { registerCommands } from './vscode/commands';
import { ResearchParticipant, followupProvider } from './vscode/participant';
import { OllamaChatModelProvider, VENDOR } from './vscode/ollamaModels';
import { COMMANDS, PARTICIPANT_ID } from './vscode/pure/commandIds';
import { DocumentWatcher } from './vscode/watcher';
import { loadEngine, engineLoaded } from './vscode/engine/load';
import { registerCitations } from './vscode/citations/register';
import type { ResearchApi } from './vscode/api';
import { indexedFolders } from './vscode/workspaceFolders';
import { RemoteNotices } from './vscode/remoteNotice';
import { refreshSharedStatus } from './vscode/sharedIndex';

export function activate(context: vscode.ExtensionContext): ResearchApi {
  const started = performance.now();
  const { channel, logger } = createLog();
  context.subscriptions.push(channel);

  // The indexes live in the extension's per-workspace storage, never in the user's folders: one
  // per workspace folder (./vscode/workspaceFolders).
  const folders = indexedFolders(vscode.workspace.workspaceFolders, context.storageUri, (folder) => readConfig(folder.uri).index.location);
  const secrets = new SecretStore(context.secrets);
  const statusBar = new StatusBar(COMMANDS.showStatus);
  const index = new IndexService(folders, statusBar, logger, secrets);
  const citations = registerCitations(
    context,
    () => index.paths,
    () => void index.enqueue('index'),
    logger,
  );
  const modelProvider = new OllamaChatModelProvider(() => {
    const config = readConfig();
    return { host: config.ollama.host, chatModel: config.models.chat, limits: config.timeouts };
  }, logger);
  // Before anything is sent: a server elsewhere is named once (and again only for a new one).
  const remoteNotices = new RemoteNotices(context.globalState, logger);
  void remoteNotices.check(readConfig()).catch(logRejection(logger, 'remote destination notice failed'));
  const participantImpl = new ResearchParticipant(index, secrets, logger, citations.registry, modelProvider);

  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, participantImpl.handler);
  participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'research.svg');
  participant.followupProvider = followupProvider;

  context.subscriptions.push(
    statusBar,
    index,
    participantImpl,
    participant,
    modelProvider,
    vscode.lm.registerLanguageModelChatProvider(VENDOR, modelProvider),
    ...registerCommands({
      extensionId: context.extension.id,
      index,
      secrets,
      log: logger,
      showLog: () => channel.show(true),
      onModelsChanged: () => modelProvider.refresh(),
    }),
  );

  // VS Code calls no participant until a model is selected; asking for ours once makes the
  // Ollama models (or the "no model" entry) known to the chat view. Deferred: it waits on an
  // HTTP call to Ollama.
  setTimeout(() => {
    vscode.lm
      .selectChatModels({ vendor: VENDOR })
      .then(
        (models) => logger.info(`chat models offered: ${models.map((m) => m.id).join(', ') || 'none'}`),
        logRejection(logger, 'selecting Ollama chat models failed'),
      );
  }, 0);

  // One watcher per folder indexed here; a change anywhere queues one incremental run over all of
  // them. A shared index is written elsewhere: no watcher.
  const watchers = folders
    .filter((folder) => !folder.shared)
    .map(
      (folder) =>
        new DocumentWatcher(folder.uri, (paths) => {
          logger.info(`documents changed: ${paths.length} (${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''}); re-indexing`);
          void index.enqueue('index', { trigger: 'background' });
        }),
    );
  if (folders.length > 0) {
    context.subscriptions.push(...watchers);
    startIndexingLater(index, watchers, logger);
  } else {
    statusBar.setNoWorkspace();
  }

  context.subscriptions.push(
    refreshSharedStatus(folders, readConfig().index.refreshSeconds, () => index.refreshStatus()),
    onDidChangeConfig((change) => {
      logger.info('settings changed');
      void remoteNotices.check(change.config).catch(logRejection(logger, 'remote destination notice failed'));
      if (change.affectsModels) modelProvider.refresh();
      if (change.affectsWatcher) for (const watcher of watchers) watcher.configure(change.config);
      if (change.affectsIndex && folders.some((f) => !f.shared) && vscode.workspace.isTrusted) void index.enqueue('index', { trigger: 'background' });
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (folders.some((f) => !f.shared)) void index.enqueue('index', { trigger: 'background' });
    }),
  );

  const activateMs = performance.now() - started;
  // The folder it runs from tells an installed copy from a development checkout in bug reports.
  logger.info(
    `activated in ${activateMs.toFixed(1)} ms from ${context.extensionUri.fsPath} (${modeName(context.extensionMode)}; engine loaded: ${engineLoaded()})`,
  );
  return {
    activateMs,
    index,
    participant: participantImpl,
    statusBarText: () => statusBar.item.text,
    followupsFor: (result) =>
      followupProvider.provideFollowups(
        result,
        { history: [] } as unknown as vscode.ChatContext,
        new vscode.CancellationTokenSource().token,
      ) as vscode.ChatFollowup[],
    engineLoaded,
    loadEngine,
    citations,
    remoteNotices,
  };
}

/**
 * Off the activation path: read the index status, start the watcher, and index automatically
 * only in trusted workspaces (untrusted ones are asked first: indexing reads every document).
 */
function startIndexingLater(index: IndexService, watchers: DocumentWatcher[], logger: import('./core/ports').Logger): void {
  setTimeout(async () => {
    const config = readConfig();
    if (!vscode.workspace.isTrusted) {
      const pick = await vscode.window.showInformationMessage(
        'Local Research: this workspace is not trusted. Index its documents for @research anyway?',
        'Index Now',
        'Not Now',
      );
      if (pick === 'Index Now') void index.enqueue('index', { trigger: 'command' });
      return;
    }
    for (const watcher of watchers) watcher.configure(config);
    let stats = null;
    try {
      stats = await index.refreshStatus();
    } catch {
      return; // damaged: the status bar says so and offers a rebuild
    }
    if (config.index.autoIndex && index.folders.some((f) => !f.shared)) {
      logger.info(stats ? 'checking the index for changed documents' : 'no index yet: indexing the workspace');
      // Even the first index is background work: the status bar shows it, a toast would interrupt.
      void index.enqueue('index', { trigger: 'background' });
    }
  }, 500);
}

function modeName(mode: vscode.ExtensionMode): string {
  return mode === vscode.ExtensionMode.Production ? 'installed' : mode === vscode.ExtensionMode.Development ? 'development' : 'test';
}

export function deactivate(): Promise<void> | undefined {
  return engineLoaded() ? loadEngine().close() : undefined;
}
