/**
 * One document's passages in reading order, read straight from the chunks table (no ranking): what
 * the citation check reads when it judges a cited paper page by page. A read that fails is the
 * index's damage, as in ./candidates.ts.
 */
import { isAbortError } from '../../llm/errors';
import { sqlEquals } from '../sql';
import type { IndexStore } from '../store/indexStore';
import { placeOfRow } from '../store/rows';
import type { PassagesOptions, SearchHit } from '../types';
import type { Row } from './candidates';

const COLUMNS = ['id', 'path', 'ordinal', 'page_start', 'page_end', 'line_start', 'line_end', 'heading', 'text', 'doc_hash'];
export const DEFAULT_PASSAGES = 500;

export async function documentPassages(store: IndexStore, path: string, options: PassagesOptions = {}): Promise<SearchHit[]> {
  const { pages, signal } = options;
  signal?.throwIfAborted();
  const limit = Math.max(1, Math.floor(options.limit ?? DEFAULT_PASSAGES));
  let where = sqlEquals('path', path);
  if (pages) {
    const from = Math.floor(pages.from);
    const to = Math.floor(pages.to);
    if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return [];
    // A passage crossing a page break belongs to both pages; one without pages to none.
    where += ` AND page_start <= ${to} AND coalesce(page_end, page_start) >= ${from}`;
  }
  let rows: Row[];
  try {
    rows = (await store.table.query().where(where).select(COLUMNS).limit(limit).toArray()) as Row[];
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    throw await store.damageFrom(error);
  }
  signal?.throwIfAborted();
  return rows.sort((a, b) => a.ordinal - b.ordinal).map((row) => hitOfRow(row, 0));
}

/** A chunks-table row as a search hit. */
export function hitOfRow(row: Row, score: number): SearchHit {
  return {
    id: row.id,
    path: row.path,
    ...placeOfRow(row),
    text: row.text,
    ...(row.doc_hash ? { docHash: row.doc_hash } : {}),
    score,
  };
}
