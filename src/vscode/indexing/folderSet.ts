/**
 * The folders indexed here follow the workspace while the window is open. Activation and every
 * later change (a folder added or removed, a folder's `research.index.location` changed) take the
 * same path: the set is read again from the workspace (./workspaceFolders), the index service
 * switches to it, and then
 * - a folder that left has its watcher stopped, its indexing (if running) stopped and its open
 *   index closed; the index stays on disk, so adding the folder back finds it up to date;
 * - a folder that joined gets a watcher and is indexed as at activation: automatically per
 *   `research.index.autoIndex` in a trusted workspace, after asking in an untrusted one; a shared
 *   index (s3://) is only read (./sharedIndex).
 * The chat reads the set on every turn, so the next answer searches the new set.
 * (VS Code restarts the extension host itself when the first folder changes.)
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import { readConfig } from '../settings/config';
import { engineLoaded, loadEngine } from '../engine/load';
import type { IndexService } from './indexService';
import { ownFolders, refreshSharedStatus } from './sharedIndex';
import { DocumentWatcher } from './watcher';
import type { EditorSettings } from '../pure/settings';
import { folderKey, indexedFolders, type IndexedFolder } from './workspaceFolders';

export class FolderSet implements vscode.Disposable {
  private readonly watchers = new Map<string, DocumentWatcher>();
  private sharedRefresh: vscode.Disposable | undefined;
  private readonly updated = new vscode.EventEmitter<{ added: IndexedFolder[]; removed: IndexedFolder[] }>();
  /** Fires once a change of the workspace's folders is applied and the status bar shows it (tests listen). */
  readonly onDidUpdate = this.updated.event;

  constructor(
    private readonly storage: vscode.Uri | undefined,
    private readonly index: IndexService,
    private readonly log: Logger,
  ) {}

  /** Activation: takes the workspace's folders; `start` follows off the activation path. */
  open(): IndexedFolder[] {
    return this.sync().added;
  }

  /** The workspace's folders (or a folder's index location) changed: the same path as activation. */
  async update(): Promise<void> {
    const change = this.sync();
    if (change.added.length === 0 && change.removed.length === 0) return;
    const names = (list: IndexedFolder[]) => list.map((f) => f.uri.fsPath).join(', ') || 'none';
    this.log.info(`workspace folders changed: added ${names(change.added)}; removed ${names(change.removed)}`);
    if (engineLoaded()) for (const { dbDir } of change.removed) await loadEngine().closeIndex(dbDir);
    // A trusted start reads the status; otherwise the status bar still has to drop or add the counts.
    if (!(await this.start(change.added))) await this.index.refreshStatus().catch(() => undefined);
    this.updated.fire(change);
  }

  /**
   * Indexing for folders that joined: starts their watchers, reads the status and indexes per
   * `research.index.autoIndex`, in trusted workspaces only (indexing reads every document: an
   * untrusted one is asked first). False when nothing was read (untrusted, or no folder of ours).
   */
  async start(added: readonly IndexedFolder[]): Promise<boolean> {
    const own = ownFolders(added);
    const config = readConfig();
    if (!vscode.workspace.isTrusted) {
      if (own.length > 0) void this.askToIndex();
      return false;
    }
    for (const folder of own) this.watchers.get(folderKey(folder))?.configure(config);
    let stats = null;
    try {
      stats = await this.index.refreshStatus();
    } catch {
      return true; // damaged: the status bar says so and offers a rebuild
    }
    if (config.index.autoIndex && own.length > 0) {
      this.log.info(stats ? 'checking the index for changed documents' : 'no index yet: indexing the workspace');
      // Even the first index is background work: the status bar shows it, a toast would interrupt.
      void this.index.enqueue('index', { trigger: 'background' });
    }
    return true;
  }

  /** Settings of the watchers changed. */
  configureWatchers(config: EditorSettings): void {
    for (const watcher of this.watchers.values()) watcher.configure(config);
  }

  private async askToIndex(): Promise<void> {
    const pick = await vscode.window.showInformationMessage(
      'Local Research: this workspace is not trusted. Index its documents for @research anyway?',
      'Index Now',
      'Not Now',
    );
    if (pick === 'Index Now') void this.index.enqueue('index', { trigger: 'command' });
  }

  /** Reads the set from the workspace, hands it to the index service, and keeps one watcher per folder of ours. */
  private sync(): { added: IndexedFolder[]; removed: IndexedFolder[] } {
    const next = indexedFolders(vscode.workspace.workspaceFolders, this.storage, (folder) => readConfig(folder.uri).index.location);
    const change = this.index.setFolders(next);
    for (const folder of change.removed) {
      this.watchers.get(folderKey(folder))?.dispose();
      this.watchers.delete(folderKey(folder));
    }
    // A shared index is written elsewhere: no watcher.
    for (const folder of ownFolders(change.added))
      this.watchers.set(
        folderKey(folder),
        new DocumentWatcher(
          folder.uri,
          (paths) => this.changed(paths),
          (bib) => this.bibChanged(bib),
        ),
      );
    this.sharedRefresh?.dispose();
    this.sharedRefresh = refreshSharedStatus(next, readConfig().index.refreshSeconds, () => this.index.refreshStatus());
    return change;
  }

  /** A change anywhere queues one incremental run over all folders. */
  private changed(paths: string[]): void {
    this.log.info(`documents changed: ${paths.length} (${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''}); re-indexing`);
    void this.index.enqueue('index', { trigger: 'background' });
  }

  /** A bib file changed: the next question reads the papers' records again; nothing is re-indexed. */
  private bibChanged(path: string): void {
    this.log.info(`bibliography changed: ${path}; paper records are read again at the next question`);
    if (engineLoaded()) loadEngine().refreshPapers();
  }

  dispose(): void {
    for (const watcher of this.watchers.values()) watcher.dispose();
    this.watchers.clear();
    this.sharedRefresh?.dispose();
    this.updated.dispose();
  }
}
