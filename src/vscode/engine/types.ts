/**
 * What the editor layer asks of the heavy half of the product (LanceDB index, LangGraph graph).
 * That half is bundled on its own (`dist/engine.js`) and loaded on first use, so `activate()` never
 * pays for LanceDB's native module or LangGraph. Plain Node: no `vscode` import on this side.
 */
import type { IndexProgress, IndexStats, IndexSummary } from '../../core/index/types';
import type { TurnEvent, TurnInput, TurnResult } from '../../core/graph/api';
import type { NetworkLimits } from '../../core/llm/timeouts';
import type { LlmClient } from '../../core/llm/types';
import type { Logger } from '../../core/ports';
import type { VerifyReport } from '../../core/index/store/checksums';

/** Settings the engine needs, as plain data (built from ResearchConfig by the editor layer). */
import type { OcrSettings } from '../../core/index/ocr/settings';

export interface EngineSettings {
  ollamaHost: string;
  chatModel: string;
  embeddingModel: string;
  embeddingProvider: 'auto' | 'ollama' | 'local' | 'none';
  localEmbeddingDir: string;
  /** Weights of the local model for indexing; queries use what the index records. */
  localEmbeddingPrecision: 'mixed' | 'int8' | 'fp32';
  include: string[];
  exclude: string[];
  /** OCR of PDF pages without a text layer (research.index.ocr*). */
  ocr: OcrSettings;
  maxClarifications: number;
  /** Messages the orchestrator reads (the max_history). */
  maxHistory: number;
  temperature: number;
  orchestratorTemperature: number;
  clarificationTemperature: number;
  langfuse: { enabled: boolean; host: string; publicKey: string; secretKey?: string };
  /** Network limits (ms) for Ollama: chat, embeddings, model details. */
  timeouts: NetworkLimits;
  /** Seconds between a shared index's checks for the writer's new versions (research.index.refreshSeconds). */
  indexRefreshSeconds: number;
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
   * The workspace folders' indexes, searched as one (core/index/folders.ts): with several, paths
   * and citations read `<label>/<path>`. A folder without an index yet is searched as empty.
   */
  folders: ReadonlyArray<{ label: string; dbDir: string }>;
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
  /**
   * Hashes every file of the index at `dbDir` against its recorded checksums, without opening it.
   * `report` null: the index predates checksums (one index run records them). Throws
   * IndexMissingError when there is no index.
   */
  verifyIndex(dbDir: string): Promise<{ report: VerifyReport | null }>;
  runTurn(request: EngineTurnRequest): Promise<TurnResult>;
  /** Releases open index handles (deactivate, before clearing). */
  close(): Promise<void>;
}
