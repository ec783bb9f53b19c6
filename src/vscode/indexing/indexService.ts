/**
 * Indexing in the editor: one job at a time (later requests wait their turn and requests that
 * would repeat a queued job are merged), progress fed file by file from core's `indexFolder`
 * generator into the status bar (and a cancellable notification when the user asked for the run),
 * and messages only where someone asked or something needs the user (see IndexTrigger). The index lives in the
 * extension's workspace storage, never in the user's folder. A multi-root workspace has one index
 * per folder (./workspaceFolders): a job indexes them one after the other, the status bar shows
 * which folder is being indexed and the sums, and the summary adds the runs up. The folders follow
 * the workspace (./folderSet.ts): a run reads the set before each folder, so a folder removed
 * meanwhile is skipped (or, while being indexed, stopped) and one added joins the run.
 */
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { progressText, sumStats, sumSummaries, type IndexStats, type IndexSummary } from '../../core/index';
import type { Logger } from '../../core/ports';
import { readConfig } from '../settings/config';
import { loadEngine } from '../engine/load';
import type { EngineIndexRequest, EngineIndexSummary } from '../engine/contract';
import { engineSettings } from '../pure/settings';
import { messageText, plainLabel } from '../pure/documentText';
import type { StatusBar } from './statusBar';
import type { SecretStore } from '../settings/secrets';
import { logRun, reportRun } from './indexReport';
import { FolderPaths, folderKey, type IndexedFolder } from './workspaceFolders';
import { SharedIndexReadOnlyError, ownFolders, sharedStatus } from './sharedIndex';

import type { IndexJobKind, IndexJobResult, IndexTrigger } from './indexReport';

const LOUDNESS: Record<IndexTrigger, number> = { background: 0, chat: 1, command: 2 };

interface Waiting {
  job: Promise<IndexJobResult>;
  trigger: IndexTrigger;
}

export class IndexService implements vscode.Disposable {
  private queue: Promise<unknown> = Promise.resolve();
  private pending = new Map<IndexJobKind, Waiting>();
  private running: vscode.CancellationTokenSource | undefined;
  /** Paths that failed in the last run: a background run speaks up only for new ones. */
  private knownFailures = new Set<string>();
  private readonly started = new vscode.EventEmitter<IndexJobKind>();
  /** Fires when a queued job starts running (the status bar already says so). */
  readonly onDidStartJob = this.started.event;
  private readonly done = new vscode.EventEmitter<IndexJobResult>();
  /** Fires after every job, once the status bar and any message are updated (tests listen). */
  readonly onDidFinishJob = this.done.event;
  lastSummary: IndexSummary | undefined;
  /** All folders' stats added up (null: no folder has an index yet). */
  lastStats: IndexStats | null = null;
  /** Each folder's stats as last read (null: not indexed yet), for Show Index Status. */
  folderStats: Array<{ label: string; stats: IndexStats | null }> = [];
  private current: readonly IndexedFolder[] = [];
  private currentPaths = new FolderPaths([]);
  /** The folder the running job is indexing, and how to stop just that folder. */
  private indexing: { key: string; stop: AbortController } | undefined;

  constructor(
    private readonly statusBar: StatusBar,
    private readonly log: Logger,
    private readonly secrets: SecretStore,
  ) {}

  /** The workspace's folders as the index knows them now (./folderSet.ts keeps them current). */
  get folders(): readonly IndexedFolder[] {
    return this.current;
  }

  get paths(): FolderPaths {
    return this.currentPaths;
  }

  /**
   * Switches to the workspace's folders as they are now; says which joined and which left (a
   * folder whose index moved counts as both). Indexing of a folder that left stops; its index
   * stays on disk, and its failures no longer count in the status bar.
   */
  setFolders(next: readonly IndexedFolder[]): { added: IndexedFolder[]; removed: IndexedFolder[] } {
    const keys = (list: readonly IndexedFolder[]) => new Set(list.map(folderKey));
    const [before, after] = [keys(this.current), keys(next)];
    const added = next.filter((f) => !before.has(folderKey(f)));
    const removed = this.current.filter((f) => !after.has(folderKey(f)));
    if (this.indexing && !after.has(this.indexing.key)) this.indexing.stop.abort();
    const stays = new Set(next.map((f) => f.uri.toString()));
    const previous = this.currentPaths;
    this.knownFailures = new Set([...this.knownFailures].filter((path) => stays.has(previous.locate(path)?.folder.uri.toString() ?? '')));
    this.current = next;
    this.currentPaths = new FolderPaths(next);
    return { added, removed };
  }

  /** The first folder's index folder (the only one in a single-folder workspace). */
  get dbDir(): string | undefined {
    return this.folders[0]?.dbDir;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /**
   * Queues a job. A job of the same kind already waiting (not yet started) absorbs the request,
   * so a burst of file events or clicks becomes one run; it then reports as the loudest asker.
   */
  enqueue(kind: IndexJobKind, options: { trigger?: IndexTrigger } = {}): Promise<IndexJobResult> {
    const trigger = options.trigger ?? 'command';
    const waiting = this.pending.get(kind);
    if (waiting) {
      if (LOUDNESS[trigger] > LOUDNESS[waiting.trigger]) waiting.trigger = trigger;
      return waiting.job;
    }
    const entry = { trigger } as Waiting;
    entry.job = this.queue.then(() => {
      this.pending.delete(kind);
      return this.runJob(kind, entry.trigger);
    });
    this.pending.set(kind, entry);
    this.queue = entry.job.catch(() => undefined);
    return entry.job;
  }

  /** Cancels the running job (the queued ones still run). */
  cancelRunning(): void {
    this.running?.cancel();
  }

  private async runJob(kind: IndexJobKind, trigger: IndexTrigger): Promise<IndexJobResult> {
    if (this.folders.length === 0) {
      this.started.fire(kind);
      const error = Object.assign(new Error('Open a folder to index its documents'), { code: 'no-workspace' });
      return this.finish({ kind, error }, trigger);
    }
    if (ownFolders(this.folders).length === 0) {
      this.started.fire(kind);
      return this.finish({ kind, error: new SharedIndexReadOnlyError(this.folders.map((f) => f.dbDir)) }, trigger);
    }
    if (kind === 'clear') {
      this.started.fire(kind);
      return this.clear();
    }
    const cts = new vscode.CancellationTokenSource();
    this.running = cts;
    const controller = new AbortController();
    const subscriptions = [cts.token.onCancellationRequested(() => controller.abort())];
    this.statusBar.setIndexing(progressText(undefined));
    this.started.fire(kind);
    try {
      const settings = engineSettings(readConfig(), await this.secrets.engineKeys());
      const run = (progress?: vscode.Progress<{ message?: string; increment?: number }>, token?: vscode.CancellationToken) => {
        if (token) subscriptions.push(token.onCancellationRequested(() => controller.abort()));
        return this.driveAll(kind, trigger, settings, controller.signal, progress);
      };
      // Only a run the user asked for from the palette gets a notification; the rest show in the status bar.
      const summary =
        trigger === 'command'
          ? await vscode.window.withProgress(
              {
                location: vscode.ProgressLocation.Notification,
                title: kind === 'rebuild' ? 'Rebuilding the research index' : 'Indexing workspace documents',
                cancellable: true,
              },
              run,
            )
          : await run();
      this.lastSummary = summary;
      logRun(this.log, summary);
      return await this.finish({ kind, summary, cancelled: summary.cancelled }, trigger);
    } catch (error) {
      if (controller.signal.aborted) {
        // Cancelled before the indexer could return a summary (e.g. while probing embeddings).
        this.log.info('indexing cancelled');
        return this.finish({ kind, cancelled: true }, trigger);
      }
      this.log.error('indexing failed', error);
      return this.finish({ kind, error }, trigger);
    } finally {
      for (const s of subscriptions) s.dispose();
      cts.dispose();
      this.running = undefined;
    }
  }

  /**
   * Indexes every folder in turn into its own index; the summary adds them up. A folder that
   * fails does not stop the others (their indexes are brought up to date), but its error is the
   * job's result: the user must hear of it.
   */
  private async driveAll(
    kind: IndexJobKind,
    trigger: IndexTrigger,
    settings: EngineIndexRequest['settings'],
    signal: AbortSignal,
    progress: vscode.Progress<{ message?: string; increment?: number }> | undefined,
  ): Promise<EngineIndexSummary> {
    const runs: Array<{ label: string; summary: EngineIndexSummary }> = [];
    let failure: { error: unknown } | undefined;
    const done = new Set<string>();
    // The set is read again before each folder: the workspace may change during a long run.
    for (let folder = this.nextToIndex(done); folder && !signal.aborted; folder = this.nextToIndex(done)) {
      done.add(folder.uri.toString());
      const stop = new AbortController();
      this.indexing = { key: folderKey(folder), stop };
      this.log.info(`${kind === 'rebuild' ? 'rebuilding' : 'indexing'} ${folder.uri.fsPath} into ${folder.dbDir} (${trigger})`);
      const request = {
        root: folder.uri.fsPath,
        dbDir: folder.dbDir,
        settings,
        rebuild: kind === 'rebuild',
        signal: AbortSignal.any([signal, stop.signal]),
        logger: this.log,
      };
      try {
        const summary = await this.drive(request, progress, this.folders.length > 1 ? folder.label : undefined);
        if (!stop.signal.aborted) runs.push({ label: folder.label, summary });
      } catch (error) {
        if (signal.aborted || (this.folders.length === 1 && !stop.signal.aborted)) throw error;
        if (!stop.signal.aborted) {
          this.log.error(`indexing ${folder.label} failed`, error);
          failure ??= { error };
        }
      } finally {
        this.indexing = undefined;
      }
      if (stop.signal.aborted)
        this.log.info(`stopped indexing ${folder.uri.fsPath}: it left the workspace or its index moved (what was written stays in ${folder.dbDir})`);
    }
    if (failure) throw failure.error;
    signal.throwIfAborted();
    return { ...sumSummaries(runs), embeddingChoice: [...new Set(runs.map((r) => r.summary.embeddingChoice))].join('; ') };
  }

  /** The next folder of this editor's own not indexed in this run yet, from the set as it is now. */
  private nextToIndex(done: ReadonlySet<string>): IndexedFolder | undefined {
    return ownFolders(this.folders).find((f) => !done.has(f.uri.toString()));
  }

  /**
   * Feeds core's progress into the status bar and, when there is one, the notification: the same
   * text in both, naming the folder (`label`) in a multi-root workspace; each folder's run fills
   * its share of the notification's bar.
   */
  private async drive(
    request: EngineIndexRequest,
    progress: vscode.Progress<{ message?: string; increment?: number }> | undefined,
    label: string | undefined,
  ): Promise<EngineIndexSummary> {
    const generator = loadEngine().indexFolder(request);
    const share = 100 / this.folders.length;
    let lastDone = 0;
    for (;;) {
      const step = await generator.next();
      if (step.done) return step.value;
      const p = step.value;
      const plain = progressText(p);
      // The detail names the file being read: a notification renders links, the status bar icons.
      const text = {
        short: plainLabel(label ? `${label} ${plain.short}` : plain.short),
        detail: messageText(label ? `${label}: ${plain.detail}` : plain.detail),
      };
      this.statusBar.setIndexing(text);
      const increment = p.total > 0 ? ((p.done - lastDone) / p.total) * share : 0;
      lastDone = p.done;
      progress?.report({ message: text.detail, ...(increment > 0 ? { increment } : {}) });
    }
  }

  private async clear(): Promise<IndexJobResult> {
    try {
      for (const { dbDir } of ownFolders(this.folders)) {
        await loadEngine().clearIndex(dbDir);
        await rm(dbDir, { recursive: true, force: true });
        this.log.info(`index cleared: ${dbDir}`);
      }
      this.lastSummary = undefined;
      this.knownFailures.clear();
      return this.finish({ kind: 'clear' }, 'command');
    } catch (error) {
      this.log.error('clearing the index failed', error);
      return this.finish({ kind: 'clear', error }, 'command');
    }
  }

  private async finish(result: IndexJobResult, trigger: IndexTrigger): Promise<IndexJobResult> {
    const summary = result.summary;
    const fresh = summary?.failed.filter((f) => !this.knownFailures.has(f.path)) ?? [];
    // A cancelled run did not look at every file: its failures are not the whole list.
    if (summary && !summary.cancelled) this.knownFailures = new Set(summary.failed.map((f) => f.path));
    await this.refreshStatus().catch(() => undefined);
    if (result.kind !== 'clear') reportRun(result, trigger, fresh, this.lastStats);
    this.done.fire(result);
    return result;
  }

  /** Reads the index stats into the status bar; a damaged index shows as such, never throws. */
  async refreshStatus(): Promise<IndexStats | null> {
    if (this.folders.length === 0) {
      this.statusBar.setNoWorkspace();
      return null;
    }
    try {
      // A folder with no index yet is read without loading the engine (LanceDB) at all.
      const read = ({ dbDir, shared }: IndexedFolder) => (shared || existsSync(dbDir) ? loadEngine().indexStatus(dbDir) : null);
      this.folderStats = await Promise.all(this.folders.map(async (folder) => ({ label: folder.label, stats: await read(folder) })));
      const indexed = this.folderStats.flatMap((f) => (f.stats ? [f.stats] : []));
      this.lastStats = indexed.length > 0 ? sumStats(indexed) : null;
      this.statusBar.setStats(this.lastStats, this.knownFailures.size, sharedStatus(this.folders, this.lastStats));
      return this.lastStats;
    } catch (error) {
      this.log.warn('cannot read the index', error);
      this.statusBar.setDamaged();
      throw error;
    }
  }

  /** Verification found damage that opening the index did not (e.g. a same-time overwrite). */
  markDamaged(): void {
    this.statusBar.setDamaged();
  }

  dispose(): void {
    this.running?.cancel();
    this.started.dispose();
    this.done.dispose();
  }
}

/** Logs and swallows nothing: used where a promise is deliberately not awaited. */
export function logRejection(log: Logger, what: string): (error: unknown) => void {
  return (error) => log.error(what, error);
}
