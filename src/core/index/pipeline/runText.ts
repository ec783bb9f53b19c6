/**
 * How an indexing run reads to a person: one progress line (the editor shows the same text in the
 * status bar and the progress notification, so they never disagree) and one summary sentence
 * that speaks of the whole index, not of this run's work ("0 chunks" read as an empty index).
 */
import type { IndexProgress, IndexSummary } from '../types';

export interface ProgressText {
  /** A few characters for the status bar: "3/8", or "…" before the count is known. */
  short: string;
  /** A line for a progress notification or a tooltip. */
  detail: string;
}

export function progressText(p: IndexProgress | undefined): ProgressText {
  if (!p || p.phase === 'discover') return { short: '…', detail: 'Looking for new and changed documents…' };
  const count = `${p.done}/${p.total}`;
  switch (p.phase) {
    case 'ocr':
      // "OCR page 3/17 of scanned/x.pdf": a page takes seconds, so the page, not the document, moves.
      return { short: count, detail: p.message ?? 'OCR…' };
    case 'optimize':
      return { short: count, detail: 'Updating the search index…' };
    case 'papers':
      return { short: count, detail: `Reading titles, authors and years: ${p.done} of ${plural(p.total, 'PDF')}` };
    case 'sentences':
      // After the documents: they are searchable already, this makes hybrid search faster.
      return { short: count, detail: `Embedding sentences for faster search: ${p.done} of ${plural(p.total, 'passage')}` };
    case 'done':
      return { short: count, detail: 'Done' };
    default:
      return { short: count, detail: `${p.done} of ${plural(p.total, 'document')} done${p.file ? ` · ${p.file}` : ''}` };
  }
}

/** Totals of the whole index after the run, when they could be read. */
export interface IndexTotals {
  documents: number;
  chunks: number;
}

export function runSummaryText(s: IndexSummary, totals: IndexTotals | null): string {
  const whole = totals ? `${plural(totals.documents, 'document')}, ${plural(totals.chunks, 'chunk')}` : null;
  const failed = s.failed.length ? ` ${plural(s.failed.length, 'file')} could not be indexed.` : '';
  const warned = s.warned.length ? ` ${plural(s.warned.length, 'document')} indexed with warnings.` : '';
  const ocr = s.ocr?.pages ? ` ${plural(s.ocr.pages, 'scanned page')} read by OCR.` : '';
  if (s.cancelled) return `Indexing cancelled: what was indexed is kept${whole ? ` (${whole})` : ''}; run it again to finish.${failed}`;
  if (s.indexed === 0 && s.removed === 0) return `Index up to date${whole ? `: ${whole}` : ''}.${failed}${warned}`;
  const changes = [s.indexed ? `${plural(s.indexed, 'new or changed document')} indexed` : '', s.removed ? `${plural(s.removed, 'document')} removed` : '']
    .filter(Boolean)
    .join(', ');
  const head = changes.charAt(0).toUpperCase() + changes.slice(1);
  return `${head}${whole ? `; the index has ${whole}` : ''}.${ocr}${failed}${warned}`;
}

export function plural(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}
