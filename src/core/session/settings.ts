/**
 * The one shape of settings both hosts fill: the CLI from its flags and the environment
 * (src/cli/sessionFlags.ts), the editor from `research.*` (src/vscode/pure/settings.ts
 * `engineSettings`). Plain data; what a host leaves out, core's own defaults fill (the graph's in
 * core/graph/config.ts, the index's in core/index).
 */
import type { ResearchConfigInput } from '../graph/config';
import type { LlmClient } from '../llm/llmClient';
import { resolveModelServer, type ModelServer } from '../llm/modelServer';
import type { NetworkLimits } from '../llm/timeouts';
import type { EmbedderSelection, IndexRunRequest, OpenAiServer, QueryEmbedding } from '../index';

/** Who answers a question: decided once, by the host, as one of these. */
export type ModelChoice =
  /** Ollama at `SessionSettings.ollamaHost`; when it is down the answer quotes passages and says how to fix it. */
  | { kind: 'ollama' }
  /**
   * An OpenAI-compatible server (vLLM, llama.cpp server, LM Studio); it embeds as well. `baseUrl` as
   * the user wrote it (normalised by core/llm/modelServer.ts); `apiKey` undefined: RESEARCH_API_KEY.
   */
  | { kind: 'server'; baseUrl: string; apiKey?: string | null }
  /** A model the host hands in (the editor's chat model), for one turn. */
  | { kind: 'given'; llm: LlmClient }
  /** No model: the answer quotes the best passages. */
  | { kind: 'none' };

export interface SessionSettings {
  /** Who answers, unless a turn hands in its own (`AskOptions.model`); embeddings go to the server of a `server` choice. */
  model: Exclude<ModelChoice, { kind: 'given' }>;
  /** Empty or null: OLLAMA_HOST, else 127.0.0.1:11434 (core/llm/host.ts). Chat, embeddings and model pulls all use it. */
  ollamaHost: string | null;
  /** Network waits in ms; what is left out comes from RESEARCH_*_TIMEOUT or the defaults (core/llm/timeouts.ts). */
  limits: Partial<NetworkLimits>;
  /** The research graph's settings in its own shape (models, temperatures, history, validation, Langfuse, prompts folder). */
  chat: Omit<ResearchConfigInput, 'ollamaHost' | 'limits'> & {
    /** False: no traces at all, whatever LANGFUSE_* variables the process inherited. Default true (traces when keys are configured). */
    tracing?: boolean;
  };
  /** How documents are embedded when indexing (`auto` keeps what an index was built with), and the local model's folder for queries. */
  embedding: Pick<EmbedderSelection, 'mode' | 'ollamaModel' | 'modelDir' | 'localPrecision'> & {
    /** The local model's weights queries must use (the CLI's `--local-precision` on a search); absent: what each index records. */
    queryPrecision?: EmbedderSelection['localPrecision'];
  };
  /** What an index run reads and how (globs, links, limits per file, OCR, chunking). `exclude` also bounds the walk for bib files. */
  index: Pick<IndexRunRequest, 'include' | 'exclude' | 'followLinksInto' | 'limits' | 'ocr' | 'chunking'>;
}

/**
 * The model server a choice names, resolved (base URL normalised, the key from RESEARCH_API_KEY
 * when the host gave none); null for every other choice. Throws ModelServerConfigError when the
 * base URL is empty or not a URL.
 */
export function modelServerOf(model: ModelChoice): Extract<ModelServer, { provider: 'openai-compatible' }> | null {
  if (model.kind !== 'server') return null;
  const server = resolveModelServer({ provider: 'openai-compatible', baseUrl: model.baseUrl, ...(model.apiKey !== undefined ? { apiKey: model.apiKey } : {}) });
  return server.provider === 'openai-compatible' ? server : null;
}

/** The OpenAI-compatible server the model choice names, for embedders; null for every other choice. */
export function openAiServerOf(model: ModelChoice): OpenAiServer | null {
  const server = modelServerOf(model);
  return server ? { baseUrl: server.baseUrl, apiKey: server.apiKey ?? null } : null;
}

/** How queries reach the embedder an index records. */
export function queryEmbedding(settings: SessionSettings): QueryEmbedding {
  return {
    ollamaHost: settings.ollamaHost || null,
    openai: openAiServerOf(settings.model),
    modelDir: settings.embedding.modelDir || null,
    ...(settings.embedding.queryPrecision ? { localPrecision: settings.embedding.queryPrecision } : {}),
    limits: settings.limits,
  };
}

/** The graph's settings: the chat part plus the connection. */
export function graphConfig(settings: SessionSettings): ResearchConfigInput {
  const { tracing: _tracing, ...chat } = settings.chat;
  return { ...chat, ollamaHost: settings.ollamaHost || null, limits: settings.limits };
}
