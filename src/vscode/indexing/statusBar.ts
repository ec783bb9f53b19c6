/** The status bar item: documents/chunks in the index and what indexing is doing; click for status. */
import * as vscode from 'vscode';
import type { IndexStats, ProgressText } from '../../core/index';

export class StatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;

  constructor(command: string) {
    this.item = vscode.window.createStatusBarItem('local-research.status', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Local Research Assistant';
    this.item.command = command;
    this.item.text = '$(book) Research';
    this.item.tooltip = 'Local Research Assistant: click for the index status';
    this.item.show();
  }

  /** The same text as the progress notification (when there is one), so the two never disagree. */
  setIndexing(progress: ProgressText): void {
    this.item.text = `$(sync~spin) Research: indexing ${progress.short}`;
    this.item.tooltip = `Indexing workspace documents: ${progress.detail} (click for status)`;
  }

  /** `shared`: the words for a shared index (./sharedIndex.ts), which replace the counts. */
  setStats(stats: IndexStats | null, failedFiles = 0, shared: { text: string; tooltip: string } | null = null): void {
    if (shared) {
      this.item.text = shared.text;
      this.item.tooltip = shared.tooltip;
      return;
    }
    if (!stats) {
      this.item.text = '$(book) Research: not indexed';
      this.item.tooltip = 'No index yet: run "Local Research: Index Workspace Documents"';
      return;
    }
    const failed = failedFiles > 0 ? `; ${failedFiles} file${failedFiles === 1 ? '' : 's'} could not be indexed (see the log)` : '';
    this.item.text = `${failedFiles > 0 ? '$(warning)' : '$(book)'} Research: ${stats.documents} docs, ${stats.chunks} chunks`;
    this.item.tooltip = `${stats.documents} documents, ${stats.chunks} chunks; embeddings: ${stats.embeddingModel ?? 'none (full-text only)'}; last indexed ${localTime(stats.lastIndexedAt)}${failed}`;
  }

  setDamaged(): void {
    this.item.text = '$(warning) Research: index damaged';
    this.item.tooltip = 'The index cannot be read: run "Local Research: Rebuild Index"';
  }

  setNoWorkspace(): void {
    this.item.text = '$(book) Research: no folder';
    this.item.tooltip = 'Open a folder to index its documents';
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
