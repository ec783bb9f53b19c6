/**
 * The loop shared by the index run's per-PDF steps (paper fields, reference lists): every PDF whose
 * row is missing, was read from other bytes, by older rules, or was extracted by this run gets a
 * row, written a batch at a time with a progress line per batch; rows of PDFs that are gone are
 * deleted. A cancel keeps the rows written and says how far the step got; the next run reads the
 * rest. What a row holds and how it is read is the step's own (`rowFor`).
 */
import { isAbortError } from '../../llm/errors';
import type { IndexStore, StoredDocument } from '../store/indexStore';
import type { IndexProgress } from '../types';

/** A row's stamp: which bytes, and which version of the rules, it was read from. */
export interface RowStamp {
  path: string;
  docHash: string;
  version: number;
}

/** What the loop needs of the step's table. */
export interface PdfRowTable<Row> {
  upsert(rows: Row[]): Promise<void>;
  delete(paths: string[]): Promise<void>;
  optimize(): Promise<void>;
}

export interface PdfRowPass<Row, Extracted extends { hash: string }> {
  table: PdfRowTable<Row>;
  /** The stamps of the rows the table holds. */
  stamps: RowStamp[];
  /** The step's rules' version: a row of another version is read again. */
  version: number;
  /** The PDFs this run extracted, by path, with the hash of the bytes they came from. */
  fromRun: ReadonlyMap<string, Extracted>;
  rowsPerWrite: number;
  /** A progress line's text, once per batch. */
  progress: (done: number, total: number) => string;
  /** Progress only when some PDF is read again (rows from this run's extraction cost nothing). */
  quietUnlessReading?: boolean;
  /** Said once when an index made by other rules has PDFs to read again. */
  onceNotice?: (rereading: number) => string;
  /** The index held documents before the run, and its rows were made by other rules. */
  olderRules: boolean;
  cutShortNotice: (written: number, total: number) => string;
  /** The row of one PDF: from what this run extracted of these bytes when given, else read again. */
  rowFor: (document: StoredDocument, extracted: Extracted | undefined) => Promise<Row>;
  notices: string[];
  signal?: AbortSignal;
}

export async function* passOverPdfs<Row, Extracted extends { hash: string }>(
  store: IndexStore,
  pass: PdfRowPass<Row, Extracted>,
): AsyncGenerator<IndexProgress, { complete: boolean }> {
  const { table, fromRun, signal, notices } = pass;
  const pdfs = (await store.documents()).filter((d) => d.kind === 'pdf');
  const rows = new Map(pass.stamps.map((row) => [row.path, row]));
  const current = new Set(pdfs.map((d) => d.path));
  const gone = [...rows.keys()].filter((path) => !current.has(path));
  // A PDF extracted this run is read again whatever its row says: what it needs is at hand, and a
  // scanned page may have been OCR'd only now (OCR turned on for an index made without).
  const extractedNow = (d: StoredDocument) => {
    const known = fromRun.get(d.path);
    return known?.hash === d.contentHash ? known : undefined;
  };
  const missing = pdfs.filter((d) => {
    const row = rows.get(d.path);
    return !row || row.docHash !== d.contentHash || row.version !== pass.version || extractedNow(d) !== undefined;
  });
  const rereading = missing.filter((d) => extractedNow(d) === undefined).length;
  if (pass.onceNotice && pass.olderRules && rereading > 0) notices.push(pass.onceNotice(rereading));
  let written = 0;
  let pending: Row[] = [];
  const flush = async () => {
    await table.upsert(pending);
    written += pending.length;
    pending = [];
  };
  try {
    for (const [i, document] of missing.entries()) {
      signal?.throwIfAborted();
      if (i % pass.rowsPerWrite === 0 && (!pass.quietUnlessReading || rereading > 0))
        yield { phase: 'papers', done: i, total: missing.length, message: pass.progress(i, missing.length) };
      pending.push(await pass.rowFor(document, extractedNow(document)));
      if (pending.length >= pass.rowsPerWrite) await flush();
    }
    await flush();
  } catch (error) {
    if (!signal?.aborted && !isAbortError(error)) throw error;
    await flush();
    notices.push(pass.cutShortNotice(written, missing.length));
    return { complete: false };
  }
  if (gone.length > 0) await table.delete(gone);
  if (written > 0 || gone.length > 0) await table.optimize();
  return { complete: true };
}
