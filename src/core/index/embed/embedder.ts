/**
 * One interface for every embedding backend. The indexer embeds chunks with `embed`; search
 * embeds the query with `embedQuery` (some models, e.g. nomic-embed-text, want a different
 * prefix for queries than for documents).
 */

export type EmbedderKind = 'ollama' | 'local' | 'openai';

/** What the user asked for: a backend, `auto` (best available) or `none` (full-text only). */
export type EmbedMode = 'auto' | EmbedderKind | 'none';

export interface Embedder {
  /** Recorded in the index: `<kind>:<model>`, e.g. 'ollama:nomic-embed-text', 'local:all-MiniLM-L6-v2'. */
  readonly id: string;
  readonly kind: EmbedderKind;
  readonly model: string;
  /** Vector length; null until `probe()` or a first `embed()` has run. */
  readonly dimension: number | null;
  /** For `local`: the model folder (recorded so search can load the same model). */
  readonly modelDir: string | null;
  /** How many texts one `embed` call should carry for best throughput. */
  readonly batchSize: number;
  /** Checks the backend works (server reachable, model present/loadable) and returns the dimension. */
  probe(signal?: AbortSignal): Promise<number>;
  /** Embeds document chunks; one vector per text, same order. Batches internally when given more than `batchSize`. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Embeds a search query. */
  embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array>;
  /** Releases the model / connections. */
  close(): Promise<void>;
}

/** The result of choosing an embedder, with the reason to show the user. */
export interface EmbedderChoice {
  embedder: Embedder | null;
  /** e.g. "auto: Ollama at http://127.0.0.1:11434 has nomic-embed-text" or "auto: no Ollama (...), no local model: full-text only". */
  reason: string;
}
