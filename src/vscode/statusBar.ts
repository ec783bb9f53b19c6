/** The status bar item: documents/chunks in the index and what indexing is doing; click for status. */
import * as vscode from 'vscode';
import type { IndexStats } from '../core/index/types';

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

  setIndexing(detail: string): void {
    this.item.text = `$(sync~spin) Research: indexing ${detail}`;
    this.item.tooltip = 'Indexing workspace documents (click for status)';
  }

  setStats(stats: IndexStats | null): void {
    if (!stats) {
      this.item.text = '$(book) Research: not indexed';
      this.item.tooltip = 'No index yet: run "Local Research: Index Workspace Documents"';
      return;
    }
    this.item.text = `$(book) Research: ${stats.documents} docs, ${stats.chunks} chunks`;
    const when = stats.lastIndexedAt ? new Date(stats.lastIndexedAt).toLocaleString() : 'never';
    this.item.tooltip = `${stats.documents} documents, ${stats.chunks} chunks; embeddings: ${stats.embeddingModel ?? 'none (full-text only)'}; last indexed ${when}`;
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
