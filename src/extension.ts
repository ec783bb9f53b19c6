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
import { LibraryService, engineFoldersOf } from './vscode/indexing/libraryService';
import { CitationLinks } from './vscode/viewer/citationLinks';
import { engineSettings } from './vscode/pure/settings';
import { LibraryOffers } from './vscode/indexing/libraryOffers';

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
  // The user's libraries outside the workspace (research.library.folders): one index each in the cache folder, shared by every window.
  const libraries = new LibraryService(statusBar, logger, secrets, () => index.folders.map((f) => f.label));
  const libraryOffers = new LibraryOffers(libraries, context.globalState, context.workspaceState, logger);
  const citations = registerCitations(
    context,
    () => libraries.pathsWith(index.paths),
    () => void index.enqueue('index'),
    logger,
  );
  // In-text citations of the PDFs the viewer opens are links to the papers they cite.
  citations.viewer.linkCitations(
    new CitationLinks({
      folders: () => libraries.pathsWith(index.paths),
      read: async (path) =>
        loadEngine().citationLinks(engineFoldersOf(index.folders, libraries), engineSettings(readConfig(), await secrets.engineKeys()), path),
      open: (uri, page, label) => citations.viewer.show(uri, [{ page, label }], 0),
      log: logger,
    }),
  );
  const modelProvider = new OllamaChatModelProvider(() => {
    const config = readConfig();
    return { host: config.ollama.host, chatModel: config.models.chat, limits: config.timeouts, keepAliveMinutes: config.chat.keepAliveMinutes };
  }, logger);
  // Before anything is sent: a server elsewhere is named once (and again only for a new one).
  const remoteNotices = new RemoteNotices(context.globalState, logger);
  void remoteNotices.check(readConfig()).catch(logRejection(logger, 'remote destination notice failed'));
  const participantImpl = new ResearchParticipant(index, secrets, logger, citations.registry, modelProvider, libraries);
  // Answers into drafts, keys completed in them, their citations checked against the library.
  const manuscript = registerManuscript(context, { index, libraries, secrets, registry: citations.registry, log: logger });

  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, participantImpl.handler);
  participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'research.svg');
  participant.followupProvider = followupProvider;

  context.subscriptions.push(
    statusBar,
    index,
    libraries,
    vscode.commands.registerCommand(COMMANDS.addLibrary, (root?: string) => libraryOffers.add(typeof root === 'string' ? root : undefined)),
    vscode.commands.registerCommand(COMMANDS.indexLibraries, () => libraries.index('command')),
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
  // Libraries: their counts in the status bar, a background run (an unchanged library costs its stat
  // calls), then the offers (a bib pointing outside the workspace, or Zotero on first use).
  setTimeout(() => void startLibraries(libraries, libraryOffers, index).catch(logRejection(logger, 'starting the libraries failed')), 500);

  context.subscriptions.push(
    folderSet,
    vscode.workspace.onDidChangeWorkspaceFolders(() => void folderSet.update().catch(logRejection(logger, 'following the workspace folders failed'))),
    onDidChangeConfig((change) => {
      logger.info('settings changed');
      void remoteNotices.check(change.config).catch(logRejection(logger, 'remote destination notice failed'));
      if (change.affectsModels) modelProvider.refresh();
      if (change.affectsFolders) void folderSet.update().catch(logRejection(logger, 'following the index location failed'));
      if (change.affectsWatcher) folderSet.configureWatchers(change.config);
      if (change.affectsLibraries && libraries.sync())
        void startLibraries(libraries, undefined, index).catch(logRejection(logger, 'following the libraries failed'));
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
    libraries,
    libraryOffers,
  };
}

/** The libraries' status, a background run when indexing is automatic and the workspace trusted, then (at activation) the offers. */
async function startLibraries(libraries: LibraryService, offers: LibraryOffers | undefined, index: IndexService): Promise<void> {
  await libraries.refreshStatus();
  if (readConfig().index.autoIndex && vscode.workspace.isTrusted) void libraries.index('background');
  if (offers && vscode.workspace.isTrusted) await offers.check(index.folders.filter((f) => !f.shared).map((f) => f.uri.fsPath));
}

function modeName(mode: vscode.ExtensionMode): string {
  return mode === vscode.ExtensionMode.Production ? 'installed' : mode === vscode.ExtensionMode.Development ? 'development' : 'test';
}

export function deactivate(): Promise<void> | undefined {
  return engineLoaded() ? loadEngine().close() : undefined;
}
