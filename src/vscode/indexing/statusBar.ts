/**
 * The status bar item: documents/chunks in the index and what indexing is doing, then the user's
 * libraries beside it ("· library: 812 papers", ./libraryService.ts); click for status.
 */
import * as vscode from 'vscode';
import type { IndexStats, ProgressText } from '../../core/index';

export class StatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  /** The workspace's part, and the libraries' (null: no library configured). */
  private workspace = { text: '$(book) Research', tooltip: 'Local Research Assistant: click for the index status' };
  private library: { text: string; tooltip: string } | null = null;

  constructor(command: string) {
    this.item = vscode.window.createStatusBarItem('local-research.status', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Local Research Assistant';
    this.item.command = command;
    this.render();
    this.item.show();
  }

  /** The same text as the progress notification (when there is one), so the two never disagree. */
  setIndexing(progress: ProgressText): void {
    this.set(`$(sync~spin) Research: indexing ${progress.short}`, `Indexing workspace documents: ${progress.detail} (click for status)`);
  }

  /** `shared`: the words for a shared index (./sharedIndex.ts), which replace the counts. */
  setStats(stats: IndexStats | null, failedFiles = 0, shared: { text: string; tooltip: string } | null = null): void {
    if (shared) {
      this.set(shared.text, shared.tooltip);
      return;
    }
    if (!stats) {
      this.set('$(book) Research: not indexed', 'No index yet: run "Local Research: Index Workspace Documents"');
      return;
    }
    const failed = failedFiles > 0 ? `; ${failedFiles} file${failedFiles === 1 ? '' : 's'} could not be indexed (see the log)` : '';
    this.set(
      `${failedFiles > 0 ? '$(warning)' : '$(book)'} Research: ${stats.documents} docs, ${stats.chunks} chunks`,
      `${stats.documents} documents, ${stats.chunks} chunks; embeddings: ${stats.embeddingModel ?? 'none (full-text only)'}; last indexed ${localTime(stats.lastIndexedAt)}${failed}`,
    );
  }

  setDamaged(): void {
    this.set('$(warning) Research: index damaged', 'The index cannot be read: run "Local Research: Rebuild Index"');
  }

  setNoWorkspace(): void {
    this.set('$(book) Research: no folder', 'Open a folder to index its documents');
  }

  /** The libraries' part ("library: 812 papers"); null when none is configured. */
  setLibraries(library: { text: string; tooltip: string } | null): void {
    this.library = library;
    this.render();
  }

  /** A library being indexed, in the libraries' part (the workspace's part stays). */
  setLibraryIndexing(short: string, detail: string): void {
    this.setLibraries({ text: `$(sync~spin) library: ${short}`, tooltip: `Indexing your library: ${detail}` });
  }

  private set(text: string, tooltip: string): void {
    this.workspace = { text, tooltip };
    this.render();
  }

  private render(): void {
    this.item.text = this.library ? `${this.workspace.text} · ${this.library.text}` : this.workspace.text;
    this.item.tooltip = this.library ? `${this.workspace.tooltip}\n${this.library.tooltip}` : this.workspace.tooltip;
  }

  dispose(): void {
    this.item.dispose();
  }
}

/** A recorded ISO time as the user reads times: local zone, the editor's display language. */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return date.toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    // A display language Intl does not know (RangeError): the host's own locale.
    return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}
