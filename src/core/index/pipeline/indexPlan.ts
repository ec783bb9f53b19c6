/**
 * What a run has to do, decided from the discovered files and the stored bookkeeping: files
 * whose size and mtime match are skipped without reading them (the fast path); the rest are
 * candidates whose content hash decides; stored documents no longer found are removed.
 */
import type { StoredDocument } from '../store/indexStore';
import type { DiscoveredFile, FileFailure } from '../types';

export interface IndexPlan {
  unchanged: DiscoveredFile[];
  /**
   * New or possibly changed files, each with its stored record when there is one; `reread`: extract
   * it even when its bytes are unchanged (a PDF indexed before OCR was on).
   */
  candidates: Array<{ file: DiscoveredFile; stored: StoredDocument | null; reread?: boolean }>;
  /** The stored records, by path. */
  storedByPath: ReadonlyMap<string, StoredDocument>;
  /** Stored paths no longer on disk. */
  removed: string[];
}

/**
 * `trustSizeAndTime` false (an index made elsewhere, store/origin.ts): every stored file is a
 * candidate, so its content hash decides; an unchanged one is only hashed, never read again.
 */
export function planRun(files: DiscoveredFile[], stored: StoredDocument[], discoveryFailures: FileFailure[], trustSizeAndTime = true): IndexPlan {
  const byPath = new Map(stored.map((d) => [d.path, d]));
  const unchanged: DiscoveredFile[] = [];
  const candidates: IndexPlan['candidates'] = [];
  for (const file of files) {
    const record = byPath.get(file.path) ?? null;
    if (trustSizeAndTime && record && record.size === file.size && record.mtimeMs === file.mtimeMs) unchanged.push(file);
    else candidates.push({ file, stored: record });
  }
  const present = new Set([...files.map((f) => f.path), ...discoveryFailures.map((f) => f.path)]);
  const removed = stored.filter((d) => !present.has(d.path)).map((d) => d.path);
  return { unchanged, candidates, removed, storedByPath: byPath };
}
