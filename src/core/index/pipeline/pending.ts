/**
 * What changed on disk since the last indexing run, without reading any file (sizes and mtimes
 * against the index's records): `status` prints it. Files that failed last time and have not
 * changed are not "new": they are named, with why (failureRecord.ts).
 */
import type { StoredDocument } from '../store/indexStore';
import type { FileFailure } from '../types';
import { discoverFiles } from './discover';
import { readFailureRecord, separateKnownFailures } from './failureRecord';
import { indexOwnDirs } from './indexer';
import { planRun } from './indexPlan';
import { hasTextlessPages } from './extract/pdf';

export interface PendingChanges {
  new: number;
  modified: number;
  removed: number;
  /** Files that cannot be indexed and have not changed since they failed. */
  failing: FileFailure[];
  /**
   * Unchanged PDFs with pages without text, in an index that has not been through OCR yet (made
   * with OCR off or before it existed): a run with OCR on reads them again once (./indexer.ts).
   */
  ocrRereads: number;
}

export async function changesSinceLastRun(
  root: string,
  dbDir: string,
  documents: readonly StoredDocument[],
  /** `followLinksInto`: the folders the index runs let links lead into (discover.ts), so files there are not "removed". */
  options: { ocrDone: boolean; followLinksInto?: string[] } = { ocrDone: true },
): Promise<PendingChanges> {
  const { files, failures } = await discoverFiles(root, { skipDirs: indexOwnDirs(dbDir), followLinksInto: options.followLinksInto });
  const plan = planRun(files, [...documents], failures);
  const { failing, changed } = separateKnownFailures(plan, await readFailureRecord(dbDir), failures);
  const stored = new Set(documents.map((d) => d.path));
  return {
    new: changed.filter((c) => !stored.has(c.file.path)).length,
    modified: changed.filter((c) => stored.has(c.file.path)).length,
    removed: plan.removed.length,
    failing,
    ocrRereads: options.ocrDone ? 0 : plan.unchanged.filter((f) => f.kind === 'pdf' && hasTextlessPages(plan.storedByPath.get(f.path)?.warnings ?? [])).length,
  };
}
