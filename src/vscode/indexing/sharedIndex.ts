/**
 * A workspace folder whose `research.index.location` is an object-store URI reads a team's shared
 * index: the editor never writes it (no watcher, no auto-index, no index/rebuild/clear; its writer
 * is an `index … --db s3://…` run elsewhere), and the status bar says whose index it is and how
 * fresh, re-read on an interval since the writer commits without telling us.
 */
import * as vscode from 'vscode';
import type { IndexStats } from '../../core/index';
import type { IndexedFolder } from './workspaceFolders';

/** Index, rebuild or clear asked of a workspace whose every folder reads a shared index. Decided by `code`. */
export class SharedIndexReadOnlyError extends Error {
  readonly code = 'shared-index-read-only';
  constructor(readonly locations: string[]) {
    super(
      `this workspace reads the shared index at ${locations.join(', ')}: it is written by its own indexing run (\`research-assistant index <folder> --db ${locations[0]}\`), not by the editor`,
    );
    this.name = 'SharedIndexReadOnlyError';
  }
}

/** The folders this editor indexes itself. */
export function ownFolders(folders: readonly IndexedFolder[]): IndexedFolder[] {
  return folders.filter((f) => !f.shared);
}

/** The status bar's words for a shared index: whose (the location, the host that last indexed it) and how fresh. */
export function sharedStatus(folders: readonly IndexedFolder[], stats: IndexStats | null): { text: string; tooltip: string } | null {
  const shared = folders.filter((f) => f.shared).map((f) => f.dbDir);
  if (shared.length === 0 || !stats) return null;
  const by = stats.lastIndexedBy ? ` by ${stats.lastIndexedBy}` : '';
  return {
    text: `$(cloud) Research: shared, ${stats.documents} docs, ${ago(stats.lastIndexedAt)}`,
    tooltip: `Shared index at ${shared.join(', ')} (read-only here), last indexed ${stats.lastIndexedAt ?? 'never'}${by}; ${stats.documents} documents, ${stats.chunks} chunks; embeddings: ${stats.embeddingModel ?? 'none (full-text only)'}`,
  };
}

/** "indexed 5 min ago": how fresh, at a glance. */
function ago(iso: string | null): string {
  if (!iso) return 'never indexed';
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (!Number.isFinite(minutes)) return `indexed ${iso}`;
  if (minutes < 1) return 'indexed just now';
  if (minutes < 120) return `indexed ${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `indexed ${hours} h ago` : `indexed ${Math.round(hours / 24)} days ago`;
}

/**
 * Re-reads the status of a shared index now and then: its writer commits elsewhere. At most every
 * `refreshSeconds`, at least every 30 s apart: each read opens the index across the network.
 */
export function refreshSharedStatus(folders: readonly IndexedFolder[], refreshSeconds: number, refresh: () => Promise<unknown>): vscode.Disposable {
  if (!folders.some((f) => f.shared)) return new vscode.Disposable(() => undefined);
  const timer = setInterval(() => void refresh().catch(() => undefined), Math.max(30, refreshSeconds) * 1000);
  return new vscode.Disposable(() => clearInterval(timer));
}
