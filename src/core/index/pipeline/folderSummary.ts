/**
 * One summary for an indexing run over several folders (a multi-root workspace indexes each folder
 * into its own index, one after the other): counts added up, and every path that a message names
 * (failed and warned documents) behind its folder's label, as search results name it (./folders).
 */
import { inFolder } from '../search/folders';
import type { IndexSummary } from '../types';

export function sumSummaries(runs: ReadonlyArray<{ label: string; summary: IndexSummary }>): IndexSummary {
  if (runs.length === 1) return runs[0]!.summary;
  const path = inFolder;
  const sum = (key: 'files' | 'indexed' | 'skipped' | 'removed' | 'pages' | 'chunks' | 'seconds') => runs.reduce((n, r) => n + r.summary[key], 0);
  const seconds = sum('seconds');
  return {
    files: sum('files'),
    indexed: sum('indexed'),
    skipped: sum('skipped'),
    removed: sum('removed'),
    failed: runs.flatMap((r) => r.summary.failed.map((f) => ({ ...f, path: path(r.label, f.path) }))),
    pages: sum('pages'),
    chunks: sum('chunks'),
    seconds,
    pagesPerSecond: seconds > 0 ? sum('pages') / seconds : 0,
    cancelled: runs.some((r) => r.summary.cancelled),
    embedder: [...new Set(runs.map((r) => r.summary.embedder))].join(', '),
    notices: runs.flatMap((r) => r.summary.notices.map((n) => `${r.label}: ${n}`)),
    warned: runs.flatMap((r) => r.summary.warned.map((w) => ({ ...w, path: path(r.label, w.path) }))),
  };
}
