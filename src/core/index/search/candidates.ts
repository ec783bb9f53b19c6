/**
 * The candidate lists search fuses, each one query on the chunks table: full-text, vector (the
 * question's vector travels with the rows, for the sentence rerank), full-text inside the
 * documents the question names (docScope.ts), and per code identifier the chunks that contain or
 * define it (definitions.ts). Each list holds distinct passages: an index holding copies of
 * passages reads its lists longer (./distinct.ts). A read that fails is the index's damage,
 * reported as such.
 */
import type { FullTextQuery } from '@lancedb/lancedb';
import type { Logger } from '../../ports';
import { isAbortError } from '../../llm/errors';
import type { Embedder } from '../embed/embedder';
import { sqlIn } from '../sql';
import { isIndexDamage } from '../store/errors';
import type { ChunkRow } from '../store/schema';
import type { IndexStore } from '../store/indexStore';
import { definitionPattern } from './definitions';
import { CopyRatio, distinctPassages, readDistinct } from './distinct';
import { fileNameWords, pathWords } from './docScope';
import { buildFtsQuery, buildIdentifierQuery } from './ftsQuery';
import { isCodeToken, withoutWords, type AnalyzedQuery } from './query';
import { nearestInMemory } from './vectorMatrix';
import { withVectorIndexSearch, type VectorIndexSearch } from './vectorIndexSearch';

export type Row = Omit<ChunkRow, 'embedding_model' | 'vector'> & { _score?: number; _distance?: number };
export type VectorRows = Row[] & { queryVector: Float32Array | null };
/**
 * The named-document list, with the name words of the named files themselves (not of their
 * folders: docScope.ts): the sentence rerank leaves them out. Empty when nothing is named.
 */
export type NamedRows = Row[] & { titleWords: ReadonlySet<string> };
export const noNamedRows = (): NamedRows => Object.assign([], { titleWords: new Set<string>() });

const COLUMNS = ['id', 'path', 'ordinal', 'page_start', 'page_end', 'line_start', 'line_end', 'heading', 'text', 'doc_hash'];
/** Vector-list rows kept by chunk id (rowsOf): ~2 KB each, a few dozen questions' worth. */
const ROW_CACHE_SIZE = 2000;
/** At most this many identifier lists per question (the first code tokens it names). */
const MAX_IDENTIFIER_LISTS = 2;
/** Chunks containing an identifier that are scanned for its definition lines. */
const DEFINITION_SCAN = 100;
export const NO_IDENTIFIER_ROWS = { containing: [], defining: [] };

/** Papers searched as one list, and the question's words that named them (left out of that list's query). */
export interface PaperGroup {
  paths: string[];
  words: Set<string>;
  weight: number;
}

export function candidateLists(
  store: IndexStore,
  embedder: Embedder | null,
  options: { phrases?: boolean; stripNameWords: boolean; vectorIndex: VectorIndexSearch; logger?: Logger },
) {
  const { logger, stripNameWords } = options;
  // How copies thin each list, learnt from its reads (./distinct.ts).
  const copies = { fullText: new CopyRatio(), named: new CopyRatio(), vector: new CopyRatio() };

  /** The full-text list: up to `limit` distinct passages (./distinct.ts). */
  async function ftsSide(analyzed: AnalyzedQuery, filter: string | null, limit: number, ratio = copies.fullText): Promise<Row[]> {
    const query = await buildFtsQuery(analyzed, { phrases: options.phrases });
    return readDistinct((n) => fullTextRows(query, filter, n), limit, ratio);
  }

  async function fullTextRows(ftsQuery: FullTextQuery | null, filter: string | null, limit: number): Promise<Row[]> {
    if (!ftsQuery) return [];
    let builder = store.table
      .query()
      .fullTextSearch(ftsQuery)
      .select([...COLUMNS, '_score'])
      .limit(limit);
    if (filter) builder = builder.where(filter);
    return readTable(builder, true);
  }

  /**
   * Runs a query on the chunks table. A read that fails is the index's damage (a native panic
   * included), reported as such: never "no passage found", never a half answer from the other
   * side. The one failure that is not damage: no full-text index yet (a first run cut short).
   */
  async function readTable(query: { toArray(): Promise<unknown[]> }, fullText: boolean, signal?: AbortSignal): Promise<Row[]> {
    try {
      return (await query.toArray()) as Row[];
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw error;
      if (fullText && !(await store.isSearchReady().catch(() => true))) throw error;
      throw await store.damageFrom(error);
    }
  }

  /**
   * The question's nearest chunks by cosine: from the in-memory copy of the vectors when LanceDB
   * would scan flat anyway (vectorMatrix.ts), else LanceDB's query (a vector index, a large table).
   */
  async function vectorSide(query: string, paths: readonly string[] | undefined, limit: number, signal?: AbortSignal): Promise<VectorRows> {
    if (!embedder) return Object.assign([], { queryVector: null });
    const vector = await embedder.embedQuery(query, signal);
    signal?.throwIfAborted();
    // The question's vector travels with the rows: the sentence rerank compares against it.
    const nearest = async (n: number) => (await inMemoryRows(vector, paths, n, signal)) ?? (await lanceVectorRows(vector, paths, n, signal));
    return Object.assign(await readDistinct(nearest, limit, copies.vector), { queryVector: vector });
  }

  async function lanceVectorRows(vector: Float32Array, paths: readonly string[] | undefined, limit: number, signal?: AbortSignal): Promise<Row[]> {
    const nearest = store.table.query().nearestTo(Array.from(vector)).distanceType('cosine').select(COLUMNS).limit(limit);
    let builder = withVectorIndexSearch(nearest, options.vectorIndex);
    if (paths && paths.length > 0) builder = builder.where(sqlIn('path', [...paths]));
    return readTable(builder, false, signal);
  }

  /** The in-memory neighbours' rows in their order, or null to ask LanceDB (see nearestInMemory). */
  async function inMemoryRows(vector: Float32Array, paths: readonly string[] | undefined, limit: number, signal?: AbortSignal): Promise<Row[] | null> {
    const neighbours = await nearestInMemory(store.table, vector, limit, paths);
    if (!neighbours) return null;
    if (neighbours.rowIds.length === 0) return [];
    const rows = await rowsOf(neighbours.ids, neighbours.rowIds, signal);
    const ordered = neighbours.ids.map((_, i) => {
      const row = rows[i];
      return row && { ...row, _distance: neighbours.distances[i] };
    });
    // A row id that no longer holds the row it did (the table changed under the copy): LanceDB answers.
    return ordered.every((row) => row !== undefined) ? ordered : null;
  }

  /**
   * Rows by chunk id, read once: a two-part question's three vector lists, and a turn's re-queries,
   * mostly meet the same chunks. A chunk's id is the hash of its path, place and text, so a row
   * read once stays true for as long as the chunk exists; the in-memory scan returns only chunks
   * that do. Concurrent lists share one read of the rows they both need.
   */
  const rowCache = new Map<string, Promise<Row | undefined>>();
  function rowsOf(ids: string[], rowIds: bigint[], signal?: AbortSignal): Promise<(Row | undefined)[]> {
    const missing = ids.flatMap((id, i) => (rowCache.has(id) ? [] : [i]));
    if (missing.length > 0) {
      const read = readTable(store.table.takeRowIds(missing.map((i) => rowIds[i]!)).select(COLUMNS), false, signal).then(
        (rows) => new Map(rows.map((row) => [row.id, row])),
      );
      for (const i of missing) {
        const id = ids[i]!;
        const row = read.then((byId) => byId.get(id));
        rowCache.set(id, row);
        // Neither a failed read nor a row id that now holds another row (the table changed) is kept.
        row.then(
          (found) => found ?? rowCache.delete(id),
          () => rowCache.delete(id),
        );
      }
    }
    for (const id of ids) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      const row = rowCache.get(id)!;
      rowCache.delete(id);
      rowCache.set(id, row);
    }
    while (rowCache.size > ROW_CACHE_SIZE) rowCache.delete(rowCache.keys().next().value!);
    return Promise.all(ids.map((id) => rowCache.get(id)!));
  }

  /** Full-text hits inside the documents the question names (`named`: docScope.ts documentsNamedBy), if it names any. */
  async function namedDocumentRows(named: Promise<string[]>, analyzed: AnalyzedQuery, allowed: string[] | undefined, limit: number): Promise<NamedRows> {
    try {
      let paths = await named;
      if (allowed && allowed.length > 0) paths = paths.filter((p) => allowed.includes(p));
      if (paths.length === 0) return noNamedRows();
      const nameWords = new Set(paths.flatMap(pathWords));
      const scoped = stripNameWords ? withoutWords(analyzed, nameWords) : analyzed;
      const rows = await ftsSide(scoped.terms.length > 0 ? scoped : analyzed, sqlIn('path', paths), limit, copies.named);
      return Object.assign(rows, { titleWords: new Set(paths.flatMap(fileNameWords)) });
    } catch (error) {
      if (isIndexDamage(error)) throw error;
      // Only a refinement: without it search still answers.
      logger?.warn('full-text search within named documents failed', error);
      return noNamedRows();
    }
  }

  /**
   * Full-text hits inside each paper the question names (../../papers/mentions.ts), searched
   * without the words that named it (an author's name and a year are not what the passage says;
   * across the library they match reference lists). One list per strongly named paper (at most
   * MAX_PAPER_LISTS: a question comparing two papers must reach both), else one list over the
   * weaker candidates together ("Zeileis" alone names several papers).
   */
  async function paperRows(mentions: readonly PaperGroup[], analyzed: AnalyzedQuery, limit: number): Promise<Row[][]> {
    return Promise.all(
      mentions.map(async ({ paths, words }) => {
        try {
          const scoped = withoutWords(analyzed, words);
          const query =
            scoped.terms.length > 0 ? { ...scoped, phrases: scoped.phrases.filter((p) => !p.split(' ').every((w) => words.has(w.toLowerCase()))) } : analyzed;
          return await ftsSide(query, sqlIn('path', paths), limit, copies.named);
        } catch (error) {
          if (isIndexDamage(error)) throw error;
          logger?.warn('full-text search within a named paper failed', error);
          return [];
        }
      }),
    );
  }

  /**
   * Per code identifier in the question (at most MAX_IDENTIFIER_LISTS), from one full-text query
   * for the chunks that contain it, ranked by the whole question:
   * - `containing`: those chunks, kept only when the identifier is rare (fewer chunks than the
   *   list could hold): a name found everywhere pins nothing down, and the main list counts it;
   * - `defining`: the ones with a line that defines it (definitions.ts), unless it is in every
   *   chunk scanned.
   */
  async function identifierRows(analyzed: AnalyzedQuery, filter: string | null, limit: number): Promise<{ containing: Row[][]; defining: Row[][] }> {
    const identifiers = analyzed.identifiers.filter(isCodeToken).slice(0, MAX_IDENTIFIER_LISTS);
    const perIdentifier = await Promise.all(
      identifiers.map(async (identifier) => {
        try {
          // Counted as passages: copies of one do not make a rare identifier look common.
          const rows = distinctPassages(await fullTextRows(await buildIdentifierQuery(identifier, analyzed), filter, Math.max(limit, DEFINITION_SCAN)));
          const pattern = definitionPattern(identifier);
          return {
            containing: rows.length < limit ? rows : [],
            // A name in every scanned chunk is the manual's own subject (LilyPond, GLPK): its
            // "definitions" are title pages.
            defining: pattern && rows.length < DEFINITION_SCAN ? rows.filter((row) => pattern.test(row.text)) : [],
          };
        } catch (error) {
          if (isIndexDamage(error)) throw error;
          // Only a refinement: without it search still answers.
          logger?.warn(`full-text search for the identifier ${identifier} failed`, error);
          return { containing: [], defining: [] };
        }
      }),
    );
    return {
      containing: perIdentifier.map((lists) => lists.containing).filter((rows) => rows.length > 0),
      defining: perIdentifier.map((lists) => lists.defining).filter((rows) => rows.length > 0),
    };
  }

  return { ftsSide, vectorSide, namedDocumentRows, paperRows, identifierRows };
}
