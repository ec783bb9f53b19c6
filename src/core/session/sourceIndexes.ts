/**
 * The sources' indexes opened for queries: each once, kept until the session closes or the source
 * is indexed again (`release`), and searched as one. The policy for a source without an index is
 * decided here, once, for both hosts:
 *
 * - one source, or none of them indexed: the question is not answered; the first source's
 *   IndexMissingError says which folder to index (a missing index is never "not in your documents");
 * - several, some indexed: the others are searched as empty and named (`unindexed`), so one folder
 *   not indexed yet neither silences the rest nor goes unmentioned;
 * - a damaged index, or one made by another version, is always an error: answering without it
 *   would hide that it needs a rebuild.
 *
 * An embedder the index records but that cannot be made here (no model server configured, a local
 * model's folder unknown) is a warning, and that index is searched full-text.
 */
import { IndexMissingError, multiFolderRetriever, openIndexForQueries, type Embedder, type OpenedIndex, type Retriever } from '../index';
import type { Logger } from '../ports';
import { queryEmbedding, type SessionSettings } from './settings';
import type { Source } from './sources';

export interface OpenedSources {
  /** Every source searched as one; paths read `<label>/<path>` when there are several sources. */
  retriever: Retriever;
  /** Sources without an index yet, searched as empty. */
  unindexed: Source[];
  /** The query embedders the indexes need (one with a `host` sends questions there). */
  embedders: Embedder[];
}

/** A source without an index yet, beside indexed ones: it has nothing to find. */
const EMPTY_RETRIEVER: Retriever = {
  search: async () => [],
  listDocuments: async () => [],
  stats: async () => ({ documents: 0, chunks: 0, embeddingModel: null, dimension: null, lastIndexedAt: null }),
};

export class SourceIndexes {
  private readonly opened = new Map<string, Promise<OpenedIndex>>();
  /** The last fan-out, kept while its indexes stay the same: the session keeps its assistant for one retriever. */
  private last: { parts: Retriever[]; retriever: Retriever } | undefined;
  /** How many turns or checks are running on the indexes; handles released meanwhile wait in `released`. */
  private busy = 0;
  private readonly released: Array<Promise<OpenedIndex>> = [];

  constructor(
    private readonly sources: readonly Source[],
    private readonly settings: SessionSettings,
    private readonly logger: Logger,
    /** False: the sources' bib problems are not logged (a command about one draft, not the library). */
    private readonly paperWarnings = true,
  ) {}

  /** One source's index, opened on first use. Throws its IndexStoreError when it is missing or damaged. */
  index(source: Source): Promise<OpenedIndex> {
    let entry = this.opened.get(source.dbDir);
    if (!entry) {
      const { exclude } = this.settings.index;
      entry = openIndexForQueries(source.dbDir, queryEmbedding(this.settings), {
        refreshSeconds: source.refreshSeconds ?? null,
        root: source.root,
        ...(exclude ? { exclude } : {}),
        ...(source.papersOf ? { papersOf: source.papersOf } : {}),
        ...(this.paperWarnings ? { logger: this.logger } : {}),
        onEmbedderError: (error) => this.logger.warn(`${error.message}; searching full-text only`),
      });
      this.opened.set(source.dbDir, entry);
      entry.catch(() => this.opened.delete(source.dbDir));
    }
    return entry;
  }

  /** Every source's index, by the policy above. */
  async all(): Promise<OpenedSources> {
    const results = await Promise.allSettled(this.sources.map((source) => this.index(source)));
    const unindexed: Source[] = [];
    let firstMissing: unknown;
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') return;
      if (!(result.reason instanceof IndexMissingError)) throw result.reason;
      unindexed.push(this.sources[i]!);
      firstMissing ??= result.reason;
    });
    const indexes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (indexes.length === 0 || (firstMissing !== undefined && this.sources.length === 1)) throw firstMissing;
    const parts = results.map((r) => (r.status === 'fulfilled' ? r.value.retriever : EMPTY_RETRIEVER));
    return { retriever: this.fannedOut(parts), unindexed, embedders: indexes.flatMap((index) => (index.embedder ? [index.embedder] : [])) };
  }

  private fannedOut(parts: Retriever[]): Retriever {
    const same = this.last && this.last.parts.length === parts.length && this.last.parts.every((p, i) => p === parts[i]);
    if (!same) this.last = { parts, retriever: multiFolderRetriever(parts.map((retriever, i) => ({ label: this.sources[i]!.label, retriever }))) };
    return this.last!.retriever;
  }

  /**
   * Runs `work` (a turn, a check) on the indexes: a handle released meanwhile stays open until the
   * last such work ends, so a question asked while its folder is being indexed again answers from
   * the rows it started with instead of failing on a closed table.
   */
  async using<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await work();
    } finally {
      if (--this.busy === 0) await this.closeReleased();
    }
  }

  /** Closes one index's handle (it is about to be rewritten or deleted, or its folder left) once no work uses it; the next use opens it again. */
  async release(dbDir: string): Promise<void> {
    const entry = this.opened.get(dbDir);
    this.opened.delete(dbDir);
    if (!entry) return;
    this.released.push(entry);
    if (this.busy === 0) await this.closeReleased();
  }

  private async closeReleased(): Promise<void> {
    const entries = this.released.splice(0);
    for (const entry of entries) {
      try {
        await (await entry).close();
      } catch {
        // It never opened: nothing to close.
      }
    }
  }

  /** The open indexes read their folders' bib files again at their next question. */
  refreshPapers(): void {
    for (const entry of this.opened.values())
      void entry.then(
        (index) => index.papers.refresh(),
        () => undefined,
      );
  }

  async close(): Promise<void> {
    this.released.push(...this.opened.values());
    this.opened.clear();
    await this.closeReleased();
  }
}
