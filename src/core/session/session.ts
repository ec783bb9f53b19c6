/**
 * The one door into the core for a host: settings (one typed shape) and the sources to search in,
 * the operations a host needs out. The CLI opens one per command; the editor's engine keeps one
 * while the settings and the workspace's folders stay the same (src/vscode/engine/impl.ts).
 */
import type { TurnInput, TurnOptions, TurnResult } from '../graph/api';
import type { ResearchConfig } from '../graph/config';
import {
  IndexMissingError,
  clearIndex,
  indexWithEmbedder,
  openIndexForQueries,
  type EmbedderChoice,
  type IndexProgress,
  type IndexRun,
  type IndexRunRequest,
  type IndexStats,
  type OpenedCitationGraph,
} from '../index';
import { indexLibrary } from '../library';
import { silentLogger, type Logger } from '../ports';
import { Assistants } from './assistants';
import {
  checkDraftCitations,
  draftKeyCompletions,
  planInsertion,
  type CheckRequest,
  type CitedPlace,
  type DraftCheck,
  type DraftRequest,
  type InsertPlan,
} from './manuscript';
import type { KeyCompletion } from '../manuscript';
import { listPapers, type SessionPapers } from './papers';
import { CitationGraphs } from './citationGraphs';
import { pdfCitationLinks } from './viewerCitations';
import type { PdfCitationLinks } from '../citations/viewerProtocol';
import { openAiServerOf, type ModelChoice, type SessionSettings } from './settings';
import { SourceIndexes, type OpenedSources } from './sourceIndexes';
import type { Source } from './sources';

export interface AskOptions extends TurnOptions {
  /** This turn's model, when the host hands one in (or none); default the settings' `model`. */
  model?: ModelChoice;
}

export interface SessionTurn extends TurnResult {
  /** Labels of the sources that have no index yet and were searched as empty (see sourceIndexes.ts). */
  unindexed?: string[];
}

export interface IndexOptions {
  rebuild?: boolean;
  signal?: AbortSignal;
  /** Told once the embedder is chosen, before any document is read. */
  onEmbedderChosen?: (choice: EmbedderChoice) => void;
}

/** How a source is indexed; a library plugs its own in (e.g. a Zotero library's records beside its PDFs). */
export type SourceIndexer = (request: IndexRunRequest) => AsyncGenerator<IndexProgress, IndexRun>;

export interface Session {
  readonly sources: readonly Source[];
  /** The graph's settings as resolved (environment and defaults included). */
  readonly config: ResearchConfig;
  /** Opens every source's index now (else the first question does): a missing or damaged one throws here, by the policy of sourceIndexes.ts. */
  open(): Promise<OpenedSources>;
  /** One research turn over every source. */
  ask(input: TurnInput, options?: AskOptions): Promise<SessionTurn>;
  /** Builds or updates a source's index (any source, not only the session's); queries reopen it afterwards. */
  index(source: Source, options?: IndexOptions): AsyncGenerator<IndexProgress, IndexRun>;
  /** What a source's index holds, or null when it has none yet. Throws when it is damaged. */
  status(source: Source): Promise<IndexStats | null>;
  /** Every source's documents as papers. */
  papers(): Promise<SessionPapers>;
  /** A PDF's in-text citations with their pages, boxes, entries and library links (the viewer's), or null when its list was not read. */
  citationLinks(path: string): Promise<PdfCitationLinks | null>;
  /** A source's reference lists and the citations between its papers (throws the index's IndexStoreError when it has none or it is damaged). */
  citations(source: Source): Promise<OpenedCitationGraph>;
  /** The citations to insert for places an answer cites, in the draft's style. */
  planInsertion(request: DraftRequest & { places: CitedPlace[] }): Promise<InsertPlan>;
  /** The papers to offer where a citation key is typed in the draft. */
  keyCompletions(request: DraftRequest): Promise<KeyCompletion[]>;
  /** The draft's citations checked against the papers of every source (one: its own; a workspace and its libraries: all of them). */
  checkDraft(request: CheckRequest): Promise<DraftCheck>;
  /** A bib file changed: open indexes read their sources' bib files again at their next question. */
  refreshPapers(): void;
  /** Closes the open handle of one index, leaving it on disk. */
  release(dbDir: string): Promise<void>;
  /** Deletes a source's index (and its OCR cache). */
  clear(source: Source): Promise<void>;
  close(): Promise<void>;
}

export interface SessionRequest {
  settings: SessionSettings;
  sources: readonly Source[];
  logger?: Logger;
  /** How sources of each kind are indexed; default, a folder run over `root` (core/index indexWithEmbedder), a Zotero library's through its database (core/library indexLibrary). */
  indexers?: Partial<Record<Source['kind'], SourceIndexer>>;
  /** False: the sources' bib problems are not logged when their indexes open (`check`: the draft's business, not the library's). Default true. */
  paperWarnings?: boolean;
}

export function openSession({ settings, sources, logger = silentLogger, indexers = {}, paperWarnings = true }: SessionRequest): Session {
  const indexes = new SourceIndexes(sources, settings, logger, paperWarnings);
  const graphs = new CitationGraphs(settings.index.exclude);
  const assistants = new Assistants(settings, logger);
  const open = (source: Source) => indexes.index(source);
  return {
    sources,
    config: assistants.config,
    open: () => indexes.all(),
    ask: (input, options = {}) =>
      indexes.using(async () => {
        const opened = await indexes.all();
        const { model, ...turnOptions } = options;
        const result = await assistants.runTurn(model ?? settings.model, opened.retriever, input, turnOptions);
        return opened.unindexed.length ? { ...result, unindexed: opened.unindexed.map((s) => s.label) } : result;
      }),
    async *index(source, options = {}) {
      // Queries must not hold the index open while it is rewritten, and must see the new rows after.
      await indexes.release(source.dbDir);
      graphs.forget(source.dbDir);
      // A Zotero data directory is read through its database (core/library); a folder is walked.
      const run = indexers[source.kind] ?? (source.kind === 'zotero' ? indexLibrary : indexWithEmbedder);
      return yield* run({
        root: source.root,
        dbDir: source.dbDir,
        embedding: { ...settings.embedding, ollamaHost: settings.ollamaHost || null, openai: openAiServerOf(settings.model), limits: settings.limits },
        ...settings.index,
        rebuild: options.rebuild ?? false,
        ...(options.signal ? { signal: options.signal } : {}),
        logger,
        ...(options.onEmbedderChosen ? { onEmbedderChosen: options.onEmbedderChosen } : {}),
      });
    },
    status: (source) => indexStatus(source.dbDir),
    papers: () => listPapers(sources, settings.index.exclude),
    citationLinks: (path) => pdfCitationLinks(sources, path, (source) => graphs.of(source)),
    citations: (source) => graphs.of(source),
    planInsertion: (request) => indexes.using(() => planInsertion(sources, open, request)),
    keyCompletions: (request) => indexes.using(() => draftKeyCompletions(sources, open, request)),
    checkDraft: (request) => indexes.using(() => checkDraftCitations(sources, open, () => indexes.all(), request)),
    refreshPapers: () => {
      graphs.forget();
      indexes.refreshPapers();
    },
    release: (dbDir) => indexes.release(dbDir),
    async clear(source) {
      await indexes.release(source.dbDir);
      graphs.forget(source.dbDir);
      await clearIndex(source.dbDir);
    },
    async close() {
      await assistants.dispose().catch(() => undefined);
      await indexes.close();
    },
  };
}

/** Stats of the index at `dbDir`, read afresh (they change with every run), or null when there is none yet. */
export async function indexStatus(dbDir: string): Promise<IndexStats | null> {
  try {
    const index = await openIndexForQueries(dbDir, { embedder: null });
    try {
      return await index.retriever.stats();
    } finally {
      await index.close();
    }
  } catch (error) {
    if (error instanceof IndexMissingError) return null;
    throw error;
  }
}
