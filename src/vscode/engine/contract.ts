/**
 * What the editor layer asks of the heavy half of the product (LanceDB index, LangGraph graph).
 * That half is bundled on its own (`dist/engine.js`) and loaded on first use, so `activate()` never
 * pays for LanceDB's native module or LangGraph. Plain Node: no `vscode` import on this side.
 */
import type { FileLimits, IndexProgress, IndexStats, IndexSummary, OcrSettings, VerifyReport } from '../../core/index';
import type { TurnEvent, TurnInput, TurnResult } from '../../core/graph/api';
import type { NetworkLimits } from '../../core/llm/timeouts';
import type { LlmClient } from '../../core/llm/llmClient';
import type { Logger } from '../../core/ports';
import type { ResearchConfigInput } from '../../core/graph/config';
import type { RecordJson } from '../../core/papers/recordJson';
import type { BibEdit, CitationRequest, DraftProblem, KeyCompletion, SourceRange, Verdict } from '../../core/manuscript';

/**
 * Settings the engine needs, as plain data (made from the editor's settings by
 * ../pure/settings.ts `engineSettings`, the one mapping).
 */
export interface EngineSettings {
  /** `vscode` arrives as `llm` on the turn request; the engine itself talks to Ollama or an OpenAI-compatible server. */
  llmProvider: 'ollama' | 'vscode' | 'openai-compatible';
  /** The OpenAI-compatible server's base URL (research.llm.baseUrl). */
  llmBaseUrl: string;
  /** Its key from SecretStorage; absent: RESEARCH_API_KEY, else none. */
  modelServerKey?: string;
  /** Empty: OLLAMA_HOST or http://127.0.0.1:11434. The graph, query embeddings and indexing all use it. */
  ollamaHost: string;
  /** Network limits (ms) for Ollama: chat, embeddings, model details. */
  timeouts: NetworkLimits;
  /** The research graph's settings in core's own shape; the engine adds the host, limits and prompts folder. */
  graph: Pick<ResearchConfigInput, 'model' | 'temperatures' | 'maxClarifications' | 'maxHistory' | 'langfuse'>;
  /** Langfuse tracing on; off means off, whatever LANGFUSE_* variables the editor inherited. */
  tracing: boolean;
  embedding: {
    provider: 'auto' | 'ollama' | 'local' | 'none';
    /** Ollama embedding model. */
    model: string;
    /** Folder of the local model; empty: none. */
    localDir: string;
    /** Weights of the local model for indexing; queries use what the index records. */
    localPrecision: 'mixed' | 'int8' | 'fp32';
  };
  index: {
    include: string[];
    exclude: string[];
    /** OCR of PDF pages without a text layer (research.index.ocr*). */
    ocr: OcrSettings;
    /** What one file may cost (research.index.maxUnzippedMb, maxCharsPerFile, maxPdfPages, fileTimeoutSeconds, workerMemoryMb). */
    limits: Partial<FileLimits>;
    /** Folders outside the workspace folder that symbolic links may lead into (research.index.followLinksInto). */
    followLinksInto: string[];
  };
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
}

/** One document of the library as "Show Papers" lists it (core/papers/recordJson.ts), its path labelled like citations'. */
export interface EnginePaper {
  path: string;
  /** "Chaussé (2010) Computing …", or null for a document without a record. */
  name: string | null;
  record: RecordJson;
  /** The absolute path of the bib file and the line of the entry that describes it, if one does. */
  bibEntry: { file: string; line: number } | null;
}

export interface EnginePapers {
  papers: EnginePaper[];
  /** What the folders' bib files held that could not be used: `refs.bib:12: …`, with the folder's label when there are several. */
  problems: string[];
}

/** A draft open in the editor, with the texts of the open documents (unsaved edits count: the draft, its root, its bib files). */
export interface EngineDraft {
  /** Absolute path. */
  path: string;
  text: string;
  /** Absolute path -> text, for every open document the draft's setup may read. */
  openTexts: Record<string, string>;
}

/** A place an answer cites, as the chat's citations name it (`<label>/<path>` with several folders). */
export interface EngineCitedPlace {
  file: string;
  page?: number;
  pageEnd?: number;
}

/** What inserting citations into a draft takes (core/manuscript/insert/plan.ts), for the editor to apply. */
export interface EngineInsertPlan {
  style: { format: 'latex' | 'markdown'; command: string };
  /** One per source given, in order; null for a source that cannot be cited (a note). */
  requests: Array<CitationRequest | null>;
  bibEdits: BibEdit[];
  notes: string[];
}

/** A passage of the check, with how a citation of it reads ("Chaussé (2010), p. 14") and its path as the chat names it. */
export interface EngineCheckedPassage {
  path: string;
  page: number | null;
  text: string;
  label: string;
}

export interface EngineCitationCheck {
  key: string;
  verdict: Verdict;
  reason: string;
  keyRange: SourceRange;
  sentenceRange: SourceRange;
  sentence: string;
  evidence: EngineCheckedPassage | null;
  suggested: (EngineCheckedPassage & { key: string | null }) | null;
}

export interface EngineDraftCheck {
  checks: EngineCitationCheck[];
  problems: DraftProblem[];
  notes: string[];
}

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
   * and citations read `<label>/<path>`. A folder without an index yet is searched as empty.
   */
  folders: ReadonlyArray<EngineFolder>;
  settings: EngineSettings;
  /**
   * When set, the graph runs on this client (the chat's selected VS Code model) instead of
   * Ollama; null: no model at all (the chat's "Quoted passages" entry), the answer is extractive.
   */
  llm?: LlmClient | null;
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
  runTurn(request: EngineTurnRequest): Promise<TurnResult>;
  /** Every indexed document of the folders with its record and where each field came from (the "Show Papers" list). */
  listPapers(folders: ReadonlyArray<EngineFolder>, settings: EngineSettings): Promise<EnginePapers>;
  /** The citation to insert for each place an answer cites, in the draft's style, and the bib entries the draft's bibliography lacks. */
  planInsertion(request: EngineDraftRequest & { sources: EngineCitedPlace[] }): Promise<EngineInsertPlan>;
  /** The papers to offer where a citation key is typed in the draft (its bibliography's entries, then the library's papers it lacks). */
  keyCompletions(request: EngineDraftRequest): Promise<KeyCompletion[]>;
  /** The draft's citations (those in `range`, offsets, when given) checked against the library of the folder that holds it. */
  checkDraft(request: EngineDraftRequest & { range?: { start: number; end: number } }): Promise<EngineDraftCheck>;
  /** A bib file was added, changed or removed: open indexes read the folder's bib files again at their next question. */
  refreshPapers(): void;
  /** Releases open index handles (deactivate, before clearing). */
  close(): Promise<void>;
}
