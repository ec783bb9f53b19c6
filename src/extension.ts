/**
 * Entry point of the Local Research Assistant extension. `activate()` only wires cheap things
 * (commands, the chat participant, the Ollama model provider, the status bar, the file watcher);
 * LanceDB and LangGraph live in `dist/engine.js`, loaded on first use (see src/vscode/engine).
 */
import * as vscode from 'vscode';
import { onDidChangeConfig, readConfig } from './vscode/settings/config';
import { createLog } from './vscode/log';
import { IndexService, logRejection } from './vscode/indexing/indexService';
import { StatusBar } from './vscode/indexing/statusBar';
import { SecretStore } from './vscode/settings/secrets';
import { registerCommands } from './vscode/commands';
import { ResearchParticipant, followupProvider } from './vscode/chat/participant';
import { OllamaChatModelProvider, VENDOR } from './vscode/models/ollamaModels';
import { COMMANDS, PARTICIPANT_ID } from './vscode/pure/commandIds';
import { loadEngine, engineLoaded } from './vscode/engine/load';
import { registerCitations } from './vscode/citations/register';
import type { ResearchApi } from './vscode/api';
import { FolderSet } from './vscode/indexing/folderSet';
import { RemoteNotices } from './vscode/settings/remoteNotice';
import { registerManuscript } from './vscode/manuscript/register';

export function activate(context: vscode.ExtensionContext): ResearchApi {
  const started = performance.now();
  const { channel, logger } = createLog();
  context.subscriptions.push(channel);

  const secrets = new SecretStore(context.secrets);
  const statusBar = new StatusBar(COMMANDS.showStatus);
  const index = new IndexService(statusBar, logger, secrets);
  // The indexes live in the extension's per-workspace storage, never in the user's folders: one
  // per workspace folder (./vscode/indexing/workspaceFolders), following the workspace (./vscode/indexing/folderSet).
  const folderSet = new FolderSet(context.storageUri, index, logger);
  const folders = folderSet.open();
  const citations = registerCitations(
    context,
    () => index.paths,
    () => void index.enqueue('index'),
    logger,
  );
  const modelProvider = new OllamaChatModelProvider(() => {
    const config = readConfig();
    return { host: config.ollama.host, chatModel: config.models.chat, limits: config.timeouts, keepAliveMinutes: config.chat.keepAliveMinutes };
  }, logger);
  // Before anything is sent: a server elsewhere is named once (and again only for a new one).
  const remoteNotices = new RemoteNotices(context.globalState, logger);
  void remoteNotices.check(readConfig()).catch(logRejection(logger, 'remote destination notice failed'));
  const participantImpl = new ResearchParticipant(index, secrets, logger, citations.registry, modelProvider);
  // Answers into drafts, keys completed in them, their citations checked against the library.
  const manuscript = registerManuscript(context, { index, secrets, registry: citations.registry, log: logger });

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

  if (folders.length > 0) setTimeout(() => void folderSet.start(folders).catch(logRejection(logger, 'starting the index failed')), 500);
  else statusBar.setNoWorkspace();

  context.subscriptions.push(
    folderSet,
    vscode.workspace.onDidChangeWorkspaceFolders(() => void folderSet.update().catch(logRejection(logger, 'following the workspace folders failed'))),
    onDidChangeConfig((change) => {
      logger.info('settings changed');
      void remoteNotices.check(change.config).catch(logRejection(logger, 'remote destination notice failed'));
      if (change.affectsModels) modelProvider.refresh();
      if (change.affectsFolders) void folderSet.update().catch(logRejection(logger, 'following the index location failed'));
      if (change.affectsWatcher) folderSet.configureWatchers(change.config);
      if (change.affectsIndex && index.folders.some((f) => !f.shared) && vscode.workspace.isTrusted) void index.enqueue('index', { trigger: 'background' });
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      // An untrusted window started no watchers (FolderSet.start): documents changed from now on
      // are re-indexed too, not only the ones the run below finds.
      folderSet.configureWatchers(readConfig());
      if (index.folders.some((f) => !f.shared)) void index.enqueue('index', { trigger: 'background' });
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
    manuscript,
    remoteNotices,
    folders: folderSet,
  };
}

function modeName(mode: vscode.ExtensionMode): string {
  return mode === vscode.ExtensionMode.Production ? 'installed' : mode === vscode.ExtensionMode.Development ? 'development' : 'test';
}

export function deactivate(): Promise<void> | undefined {
  return engineLoaded() ? loadEngine().close() : undefined;
}
