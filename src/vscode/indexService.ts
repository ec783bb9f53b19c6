/**
 * Indexing in the editor: one job at a time (later requests wait their turn and requests that
 * would repeat a queued job are merged), a cancellable progress notification fed file by file from
 * core's `indexFolder` generator, and the status bar kept current. The index lives in the
 * extension's workspace storage, never in the user's folder.
 */
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IndexStats, IndexSummary } from '../core/index/types';
import type { Logger } from '../core/ports';
import { readConfig } from './config';
import { loadEngine } from './engine/load';
import { engineSettings } from './settings';
import type { StatusBar } from './statusBar';
import type { SecretStore } from './secrets';
import { describe } from './log';

export type IndexJobKind = 'index' | 'rebuild' | 'clear';

export interface IndexJobResult {
  kind: IndexJobKind;
  /** The user (or a later request) cancelled the run; what was written stays consistent. */
  cancelled?: boolean;
  summary?: IndexSummary;
  error?: unknown;
}

export class IndexService implements vscode.Disposable {
  private queue: Promise<unknown> = Promise.resolve();
  private pending = new Map<IndexJobKind, Promise<IndexJobResult>>();
  private running: vscode.CancellationTokenSource | undefined;
  private readonly started = new vscode.EventEmitter<IndexJobKind>();
  /** Fires when a queued job starts running. */
  readonly onDidStartJob = this.started.event;
  private readonly done = new vscode.EventEmitter<IndexJobResult>();
  /** Fires after every job (tests and the status bar listen). */
  readonly onDidFinishJob = this.done.event;
  lastSummary: IndexSummary | undefined;
  lastStats: IndexStats | null = null;

  constructor(
    readonly root: vscode.Uri | undefined,
    readonly dbDir: string | undefined,
    private readonly statusBar: StatusBar,
    private readonly log: Logger,
    private readonly secrets: SecretStore,
  ) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  /**
   * Queues a job. A job of the same kind already waiting (not yet started) absorbs the request,
   * so a burst of file events or clicks becomes one run.
   */
  enqueue(kind: IndexJobKind, options: { silent?: boolean } = {}): Promise<IndexJobResult> {
    const waiting = this.pending.get(kind);
    if (waiting) return waiting;
    const job = this.queue.then(() => {
      this.pending.delete(kind);
      this.started.fire(kind);
      return this.runJob(kind, options.silent ?? false);
    });
    this.pending.set(kind, job);
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** Cancels the running job (the queued ones still run). */
  cancelRunning(): void {
    this.running?.cancel();
  }

  private async runJob(kind: IndexJobKind, silent: boolean): Promise<IndexJobResult> {
    if (!this.root || !this.dbDir) {
      const error = Object.assign(new Error('Open a folder to index its documents'), { code: 'no-workspace' });
      return this.finish({ kind, error });
    }
    if (kind === 'clear') return this.clear();
    const cts = new vscode.CancellationTokenSource();
    this.running = cts;
    let aborted = false;
    this.statusBar.setIndexing('starting…');
    const settings = engineSettings(readConfig(), await this.secrets.langfuseSecret());
    const root = this.root.fsPath;
    const dbDir = this.dbDir;
    this.log.info(`${kind === 'rebuild' ? 'rebuilding' : 'indexing'} ${root} into ${dbDir}`);
    try {
      const summary = await vscode.window.withProgress(
        { location: silent ? vscode.ProgressLocation.Window : vscode.ProgressLocation.Notification, title: kind === 'rebuild' ? 'Rebuilding the research index' : 'Indexing workspace documents', cancellable: true },
        async (progress, token) => {
          const controller = new AbortController();
          const abort = () => {
            aborted = true;
            controller.abort();
          };
          if (cts.token.isCancellationRequested) abort();
          const sub = token.onCancellationRequested(abort);
          const sub2 = cts.token.onCancellationRequested(abort);
          try {
            const generator = loadEngine().indexFolder({ root, dbDir, settings, rebuild: kind === 'rebuild', signal: controller.signal, logger: this.log });
            let lastDone = 0;
            for (;;) {
              const step = await generator.next();
              if (step.done) return step.value;
              const p = step.value;
              const increment = p.total > 0 ? ((p.done - lastDone) / p.total) * 100 : undefined;
              lastDone = p.done;
              const where = p.file ? ` ${p.file}` : '';
              progress.report({ message: `${p.phase} ${p.done}/${p.total}${where}`, ...(increment ? { increment } : {}) });
              this.statusBar.setIndexing(`${p.done}/${p.total}`);
            }
          } finally {
            sub.dispose();
            sub2.dispose();
          }
        },
      );
      this.lastSummary = summary;
      this.log.info(
        `index ${summary.cancelled ? 'cancelled' : 'done'}: ${summary.indexed} indexed, ${summary.skipped} unchanged, ${summary.removed} removed, ` +
          `${summary.failed.length} failed, ${summary.chunks} chunks, ${summary.seconds.toFixed(1)} s, embedder ${summary.embedder}`,
      );
      for (const f of summary.failed) this.log.warn(`not indexed: ${f.path}: ${f.reason} [${f.code}]`);
      for (const w of summary.warned) this.log.warn(`indexed with warnings: ${w.path}: ${w.warnings.join('; ')}`);
      for (const n of summary.notices) this.log.info(n);
      if (!silent || summary.failed.length > 0 || summary.notices.length > 0) void this.announce(summary);
      return this.finish({ kind, summary, cancelled: summary.cancelled });
    } catch (error) {
      if (aborted) {
        // Cancelled before the indexer could return a summary (e.g. while probing embeddings).
        this.log.info('indexing cancelled');
        return this.finish({ kind, cancelled: true });
      }
      this.log.error('indexing failed', error);
      if (!silent) void vscode.window.showErrorMessage(`Indexing failed: ${describe(error)}`, 'Open Log').then((pick) => pick && vscode.commands.executeCommand('local-research.openLog'));
      return this.finish({ kind, error });
    } finally {
      cts.dispose();
      this.running = undefined;
    }
  }

  private async clear(): Promise<IndexJobResult> {
    const dbDir = this.dbDir!;
    try {
      await loadEngine().clearIndex(dbDir);
      await rm(dbDir, { recursive: true, force: true });
      this.lastSummary = undefined;
      this.log.info(`index cleared: ${dbDir}`);
      return this.finish({ kind: 'clear' });
    } catch (error) {
      this.log.error('clearing the index failed', error);
      return this.finish({ kind: 'clear', error });
    }
  }

  private async finish(result: IndexJobResult): Promise<IndexJobResult> {
    await this.refreshStatus();
    this.done.fire(result);
    return result;
  }

  /** Reads the index stats into the status bar; a damaged index shows as such, never throws. */
  async refreshStatus(): Promise<IndexStats | null> {
    if (!this.dbDir) {
      this.statusBar.setNoWorkspace();
      return null;
    }
    if (!existsSync(this.dbDir)) {
      // No index yet: say so without loading the engine (LanceDB) at all.
      this.lastStats = null;
      this.statusBar.setStats(null);
      return null;
    }
    try {
      this.lastStats = await loadEngine().indexStatus(this.dbDir);
      this.statusBar.setStats(this.lastStats);
      return this.lastStats;
    } catch (error) {
      this.log.warn('cannot read the index', error);
      this.statusBar.setDamaged();
      throw error;
    }
  }

  private async announce(summary: IndexSummary): Promise<void> {
    const failed = summary.failed.length ? `, ${summary.failed.length} could not be indexed` : '';
    const warned = summary.warned.length ? `, ${summary.warned.length} with warnings` : '';
    const head = summary.cancelled ? 'Indexing cancelled' : 'Indexed';
    const msg = `${head}: ${summary.indexed} new or changed, ${summary.skipped} unchanged, ${summary.chunks} chunks${failed}${warned}.`;
    const notices = summary.notices.length ? ` ${summary.notices.join(' ')}` : '';
    const pick = await vscode.window.showInformationMessage(msg + notices, ...(summary.failed.length || summary.warned.length ? ['Open Log'] : []));
    if (pick === 'Open Log') await vscode.commands.executeCommand('local-research.openLog');
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
