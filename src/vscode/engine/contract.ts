/**
 * What the editor layer asks of the heavy half of the product (LanceDB index, LangGraph graph).
 * That half is bundled on its own (`dist/engine.js`) and loaded on first use, so `activate()` never
 * pays for LanceDB's native module or LangGraph. Plain Node: no `vscode` import on this side.
 */
import type { IndexProgress, IndexStats, IndexSummary, VerifyReport } from '../../core/index';
import type { TurnEvent, TurnInput } from '../../core/graph/api';
import type { Logger } from '../../core/ports';
import type { PdfCitationLinks } from '../../core/citations/viewerProtocol';
import type { KeyCompletion } from '../../core/manuscript';
import type {
  CheckedCitation,
  CheckedPassage,
  CitedPlace,
  Draft,
  DraftCheck,
  InsertPlan,
  ModelChoice,
  SessionPaper,
  SessionPapers,
  SessionSettings,
  SessionTurn,
} from '../../core/session';

/**
 * Settings the engine needs: core's session settings (made from the editor's settings by
 * ../pure/settings.ts `engineSettings`, the one mapping), plus how often the workspace's shared
 * indexes are checked for new versions.
 */
export interface EngineSettings extends SessionSettings {
  /** Seconds between a shared index's checks for the writer's new versions (research.index.refreshSeconds). */
  indexRefreshSeconds: number;
}

/** A workspace folder as the engine searches it. */
export interface EngineFolder {
  /** Prefix of its documents' paths when there are several folders. */
  label: string;
  dbDir: string;
  /** The folder on disk: its bib files join the papers' records (core/index/papers). */
  root: string;
  /**
   * A library outside the workspace (`research.library.folders`): a Zotero data directory, whose
   * papers are Zotero's records, or a folder of papers; its index is in the user's cache folder
   * (core/library). Absent: a workspace folder.
   */
  library?: 'zotero' | 'folder';
}

export interface EngineLibraryIndexRequest {
  /** The library: a Zotero data directory or a folder of papers. */
  root: string;
  /** Its index, in the user's cache folder (core/library libraryIndexDir). */
  dbDir: string;
  settings: EngineSettings;
  signal?: AbortSignal;
  logger: Logger;
}

/** A library run's summary: nothing read when `upToDate`; a Zotero library's items (for "library: 812 papers"). */
export interface EngineLibraryRun extends EngineIndexSummary {
  kind: 'zotero' | 'folder';
  upToDate: boolean;
  items?: { total: number; withPdf: number };
}

/** A library's index as the status bar and /status show it; null when it has none yet. */
export interface EngineLibraryStatus {
  /** Papers: a Zotero library's items, a folder's documents. */
  papers: number;
  /** Of them, those with a PDF in the index. */
  withPdf: number;
  documents: number;
  lastIndexedAt: string | null;
}

/** A Zotero collection or tag of the libraries as a chat's scope (../chat/libraryScope.ts). */
export interface EngineLibraryScope {
  /** The documents in it (PDFs, the user's annotations and notes), as a turn's `scope` names them (`<label>/<path>` beside other folders). */
  paths: string[];
  /** The libraries' items in it. */
  items: number;
  /** Why a library gave none: not indexed yet, no such collection or tag. */
  problems: string[];
  /** What there is to choose from: collections by path ("Thesis / Chapter 2"), tags. */
  collections: string[];
  tags: string[];
}

/** One document of the library as "Show Papers" lists it (core/papers/recordJson.ts), its path labelled like citations'. */
export type EnginePaper = SessionPaper;
export type EnginePapers = SessionPapers;
/** A draft open in the editor, with the texts of the open documents (unsaved edits count: the draft, its root, its bib files). */
export type EngineDraft = Draft;
/** A place an answer cites, as the chat's citations name it (`<label>/<path>` with several folders). */
export type EngineCitedPlace = CitedPlace;
export type EngineInsertPlan = InsertPlan;
export type EngineCheckedPassage = CheckedPassage;
export type EngineCitationCheck = CheckedCitation;
export type EngineDraftCheck = DraftCheck;

export interface EngineDraftRequest {
  folders: ReadonlyArray<EngineFolder>;
  settings: EngineSettings;
  draft: EngineDraft;
  signal?: AbortSignal;
}

export interface EngineIndexRequest {
  /** Workspace folder to index. */
  root: string;
  /** Index folder (in the extension's workspace storage). */
  dbDir: string;
  settings: EngineSettings;
  /** Drop everything and index from scratch. */
  rebuild?: boolean;
  signal?: AbortSignal;
  logger: Logger;
}

export interface EngineTurnRequest {
  input: TurnInput;
  /**
   * The workspace folders' indexes, searched as one (core/index/search/folders.ts): with several, paths
   * and citations read `<label>/<path>`. A folder without an index yet, beside indexed ones, is searched as empty and named in `unindexed` (core/session/sourceIndexes.ts).
   */
  folders: ReadonlyArray<EngineFolder>;
  settings: EngineSettings;
  /**
   * Who answers this turn, decided by the chat participant: the settings' model (Ollama or the
   * model server), the chat's selected VS Code model (`given`), or none ("Quoted passages").
   */
  model: ModelChoice;
  signal?: AbortSignal;
  onEvent?: (event: TurnEvent) => void;
  logger: Logger;
}

/** A run's summary plus which embeddings it used and why (for the chat's /index, not a toast). */
export interface EngineIndexSummary extends IndexSummary {
  embeddingChoice: string;
}

export interface Engine {
  indexFolder(request: EngineIndexRequest): AsyncGenerator<IndexProgress, EngineIndexSummary>;
  /** Indexes a library into its index in the user's cache folder (a second window's run meanwhile is an IndexLockedError). */
  indexLibrary(request: EngineLibraryIndexRequest): AsyncGenerator<IndexProgress, EngineLibraryRun>;
  /** A library's papers as its index knows them, or null when it has no index yet. */
  libraryStatus(dbDir: string): Promise<EngineLibraryStatus | null>;
  /** The documents of the Zotero libraries among `folders` in a collection (subcollections included) or with a tag; `scope` null: only what there is to choose. */
  libraryScope(folders: ReadonlyArray<EngineFolder>, scope: { collection?: string; tag?: string } | null): Promise<EngineLibraryScope>;
  /** Stats of the index at `dbDir` (a folder or a shared index's URI), or null when there is none yet. Throws a typed error when it is damaged or its store fails. */
  indexStatus(dbDir: string): Promise<IndexStats | null>;
  clearIndex(dbDir: string): Promise<void>;
  /** Releases the open handle of one index, leaving it on disk (its folder left the workspace). */
  closeIndex(dbDir: string): Promise<void>;
  /**
   * Hashes every file of the index at `dbDir` against its recorded checksums, without opening it.
   * `report` null: the index predates checksums (one index run records them). Throws
   * IndexMissingError when there is no index.
   */
  verifyIndex(dbDir: string): Promise<{ report: VerifyReport | null }>;
  runTurn(request: EngineTurnRequest): Promise<SessionTurn>;
  /** Every indexed document of the folders with its record and where each field came from (the "Show Papers" list). */
  listPapers(folders: ReadonlyArray<EngineFolder>, settings: EngineSettings): Promise<EnginePapers>;
  /** The in-text citations of the PDF at `path` (as citations name it) with their library links, for the viewer; null when its reference list was not read. */
  citationLinks(folders: ReadonlyArray<EngineFolder>, settings: EngineSettings, path: string): Promise<PdfCitationLinks | null>;
  /** The citation to insert for each place an answer cites, in the draft's style, and the bib entries the draft's bibliography lacks. */
  planInsertion(request: EngineDraftRequest & { sources: EngineCitedPlace[] }): Promise<EngineInsertPlan>;
  /** The papers to offer where a citation key is typed in the draft (its bibliography's entries, then the library's papers it lacks). */
  keyCompletions(request: EngineDraftRequest): Promise<KeyCompletion[]>;
  /** The draft's citations (those in `range`, offsets, when given) checked against the library of the folder that holds it. */
  checkDraft(
    request: EngineDraftRequest & { range?: { start: number; end: number }; onProgress?: (done: number, total: number) => void },
  ): Promise<EngineDraftCheck>;
  /** A bib file was added, changed or removed: open indexes read the folder's bib files again at their next question. */
  refreshPapers(): void;
  /** Releases open index handles (deactivate, before clearing). */
  close(): Promise<void>;
}
