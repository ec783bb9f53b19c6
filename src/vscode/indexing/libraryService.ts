/**
 * The user's libraries outside the workspace (`research.library.folders`: Zotero data directories,
 * folders of papers) in the window: indexed in the background into their one index in the user's
 * cache folder (core/library), shown in the status bar ("library: 812 papers") and /status, and
 * searched beside the workspace's folders by the chat.
 *
 * Every window shares a library's index. A run takes the index's writer lock; a window that finds
 * another window's run holding it does not index the library a second time: it says so in the
 * status bar, waits for the lock to go, and reads the finished index. An unchanged Zotero library
 * costs a run only its stat calls (core/library indexLibrary's `upToDate`).
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { progressText } from '../../core/index';
import { libraryIndexDir } from '../../core/library/cacheDir';
import type { Logger } from '../../core/ports';
import type { EngineFolder, EngineLibraryRun, EngineLibraryStatus } from '../engine/contract';
import { loadEngine } from '../engine/load';
import { configuredLibraries, ZOTERO_DATABASE, type ConfiguredLibrary } from '../pure/libraries';
import { engineSettings } from '../pure/settings';
import { messageText } from '../pure/documentText';
import { readConfig } from '../settings/config';
import type { SecretStore } from '../settings/secrets';
import type { StatusBar } from './statusBar';
import { FolderPaths, type IndexedFolder } from './workspaceFolders';

export interface IndexedLibrary extends ConfiguredLibrary {
  /** Its index in the user's cache folder. */
  dbDir: string;
}

export interface LibraryRunResult {
  library: IndexedLibrary;
  run?: EngineLibraryRun;
  cancelled?: boolean;
  /** Another window is indexing it: this one waited and read the result. */
  otherWindow?: boolean;
  error?: unknown;
}

const isZotero = (root: string) => existsSync(join(root, ZOTERO_DATABASE));
const LOCK_POLL_MS = 1000;

export class LibraryService implements vscode.Disposable {
  private current: IndexedLibrary[] = [];
  /** Each library's index as last read (null: none yet), by root. */
  readonly status = new Map<string, EngineLibraryStatus | null>();
  private queue: Promise<unknown> = Promise.resolve();
  private running: AbortController | undefined;
  private readonly done = new vscode.EventEmitter<LibraryRunResult[]>();
  /** Fires after every run of the libraries, once the status bar shows it (tests listen). */
  readonly onDidFinish = this.done.event;

  constructor(
    private readonly statusBar: StatusBar,
    private readonly log: Logger,
    private readonly secrets: SecretStore,
    private readonly workspaceLabels: () => readonly string[],
  ) {
    this.sync();
  }

  /** The libraries of the setting as they are now. */
  get libraries(): readonly IndexedLibrary[] {
    return this.current;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Reads the setting again; true when the set of libraries changed. */
  sync(): boolean {
    const next = configuredLibraries(readConfig().library.folders, homedir(), isZotero, this.workspaceLabels()).map((library) => ({
      ...library,
      dbDir: libraryIndexDir(library.root),
    }));
    const key = (list: readonly IndexedLibrary[]) => JSON.stringify(list.map((l) => [l.root, l.label, l.kind]));
    const changed = key(next) !== key(this.current);
    this.current = next;
    for (const root of [...this.status.keys()]) if (!next.some((l) => l.root === root)) this.status.delete(root);
    return changed;
  }

  /** The libraries as the engine searches them, beside the workspace's folders. */
  engineFolders(): EngineFolder[] {
    return this.current.map(({ label, dbDir, root, kind }) => ({ label, dbDir, root, library: kind }));
  }

  /** The workspace's folders and these libraries as one set of paths (citations open a library's PDF where it is). */
  pathsWith(workspace: FolderPaths): FolderPaths {
    if (this.current.length === 0) return workspace;
    return new FolderPaths([...workspace.all, ...this.current.map(({ label, root, dbDir }) => ({ label, uri: vscode.Uri.file(root), dbDir, shared: false }))]);
  }

  /** Indexes every library in turn (a run already going takes this request along); `command`: a notification with Cancel. */
  index(trigger: 'background' | 'command' = 'background'): Promise<LibraryRunResult[]> {
    const job = this.queue.then(() => this.runAll(trigger));
    this.queue = job.catch(() => undefined);
    return job;
  }

  cancel(): void {
    this.running?.abort();
  }

  private async runAll(trigger: 'background' | 'command'): Promise<LibraryRunResult[]> {
    const libraries = [...this.current];
    if (libraries.length === 0) return [];
    const controller = new AbortController();
    this.running = controller;
    const results: LibraryRunResult[] = [];
    const all = async (progress?: vscode.Progress<{ message?: string }>, token?: vscode.CancellationToken) => {
      token?.onCancellationRequested(() => controller.abort());
      for (const library of libraries) {
        if (controller.signal.aborted) break;
        results.push(await this.runOne(library, controller.signal, progress));
      }
    };
    try {
      if (trigger === 'command')
        await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Indexing your libraries', cancellable: true }, all);
      else await all();
    } finally {
      this.running = undefined;
    }
    await this.refreshStatus();
    for (const result of results) this.report(result, trigger);
    this.done.fire(results);
    return results;
  }

  private async runOne(library: IndexedLibrary, signal: AbortSignal, progress?: vscode.Progress<{ message?: string }>): Promise<LibraryRunResult> {
    this.log.info(`indexing the library ${library.root} into ${library.dbDir}`);
    const settings = engineSettings(readConfig(), await this.secrets.engineKeys());
    try {
      const generator = loadEngine().indexLibrary({ root: library.root, dbDir: library.dbDir, settings, signal, logger: this.log });
      for (;;) {
        const step = await generator.next();
        if (step.done) {
          const run = step.value;
          this.log.info(
            `library ${library.label}: ${run.upToDate ? 'unchanged' : `${run.indexed} indexed, ${run.skipped} unchanged, ${run.failed.length} failed`}`,
          );
          return { library, run, cancelled: run.cancelled };
        }
        const text = progressText(step.value);
        this.statusBar.setLibraryIndexing(`${library.label} ${text.short}`, `${library.label}: ${text.detail}`);
        progress?.report({ message: `${library.label}: ${text.detail}` });
      }
    } catch (error) {
      if (signal.aborted) return { library, cancelled: true };
      if ((error as { code?: string }).code === 'index-locked') {
        // Another window is writing this library's index: wait for it rather than index it twice.
        this.log.info(`the library ${library.root} is being indexed by another window: waiting for it`);
        this.statusBar.setLibraryIndexing(
          `${library.label}: in another window`,
          `${library.label} is being indexed by another window; this one reads it when it is done`,
        );
        await waitForLock(`${library.dbDir}.lock`, signal);
        return { library, otherWindow: true };
      }
      this.log.error(`indexing the library ${library.root} failed`, error);
      return { library, error };
    }
  }

  /** A failure is said once, naming the library and the cause; the last good index keeps answering. */
  private report(result: LibraryRunResult, trigger: 'background' | 'command'): void {
    if (result.error) {
      const message = result.error instanceof Error ? result.error.message : String(result.error);
      void vscode.window.showWarningMessage(messageText(`Library ${result.library.root}: ${message}`), 'Open Log').then((choice) => {
        if (choice) void vscode.commands.executeCommand('local-research.openLog');
      });
    } else if (trigger === 'command' && result.run && !result.cancelled) {
      const status = this.status.get(result.library.root);
      void vscode.window.showInformationMessage(`Library ${result.library.label}: ${status ? papersText(status) : 'indexed'}.`);
    }
  }

  /** Reads each library's index into the status bar; a library not indexed yet reads as such. */
  async refreshStatus(): Promise<void> {
    for (const library of this.current) {
      try {
        this.status.set(library.root, existsSync(library.dbDir) ? await loadEngine().libraryStatus(library.dbDir) : null);
      } catch (error) {
        this.log.warn(`cannot read the index of the library ${library.root}`, error);
        this.status.set(library.root, null);
      }
    }
    this.statusBar.setLibraries(this.statusLine());
  }

  /** "library: 812 papers" (several: "libraries: 812 + 40 papers"); null with no library. */
  statusLine(): { text: string; tooltip: string } | null {
    if (this.current.length === 0) return null;
    const parts = this.current.map((library) => ({ library, status: this.status.get(library.root) ?? null }));
    const counts = parts.map(({ status }) => (status ? String(status.papers) : 'not indexed'));
    const text = `${parts.length === 1 ? 'library' : 'libraries'}: ${counts.every((c) => c === 'not indexed') ? 'not indexed' : `${counts.join(' + ')} papers`}`;
    const tooltip = parts.map(({ library, status }) => `${library.label} (${library.root}): ${status ? papersText(status) : 'not indexed yet'}`).join('\n');
    return { text, tooltip };
  }

  dispose(): void {
    this.running?.abort();
    this.done.dispose();
  }
}

/** The workspace's folders and the user's libraries as the engine searches them (answers, insertion, completion, the check). */
export function engineFoldersOf(workspace: readonly IndexedFolder[], libraries?: LibraryService): EngineFolder[] {
  return [...workspace.map(({ label, dbDir, uri }) => ({ label, dbDir, root: uri.fsPath })), ...(libraries?.engineFolders() ?? [])];
}

/** "812 papers, 790 with a PDF" (a folder of papers: its documents). */
export function papersText(status: EngineLibraryStatus): string {
  const withPdf = status.withPdf !== status.papers ? `, ${status.withPdf} with a PDF` : '';
  return `${status.papers} paper${status.papers === 1 ? '' : 's'}${withPdf}`;
}

async function waitForLock(lockPath: string, signal: AbortSignal): Promise<void> {
  while (existsSync(lockPath) && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
}
