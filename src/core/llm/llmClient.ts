/**
 * The one LLM interface the graph talks to. The Ollama implementation lives in ./ollamaClient;
 * tests run it against a scripted server, so no node ever depends on a concrete model class.
 */

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Which prompt produced a request: recorded on traces so a generation links to its prompt. */
export interface PromptRef {
  name: string;
  version: number | string;
  source: 'file' | 'langfuse';
  /** Opaque handle of the remote prompt (used by tracing to link the generation). */
  remote?: unknown;
}

export interface LlmRequest {
  /** Which agent asks (orchestrator, clarification, ...): used for tracing and counting. */
  agent: string;
  model: string;
  messages: LlmMessage[];
  temperature: number;
  /** Context window to request (`options.num_ctx`); the client checks the prompt fits. */
  numCtx?: number;
  /** Upper bound for generated tokens (`options.num_predict`). */
  maxTokens?: number;
  /**
   * Minutes the server keeps the model loaded after this request (Ollama's `keep_alive`; -1: until
   * the server stops, 0: unload at once). Left out: the server's own default (five minutes in Ollama).
   */
  keepAliveMinutes?: number;
  prompt?: PromptRef;
  signal?: AbortSignal;
}

export interface JsonRequest extends LlmRequest {
  /** JSON schema passed as Ollama's `format`, constraining the reply. */
  schema: Record<string, unknown>;
}

export interface StreamRequest extends LlmRequest {
  onToken(token: string): void;
}

export interface JsonResult {
  /** Parsed JSON (not yet validated against the schema: callers validate). */
  value: unknown;
  raw: string;
  usage: LlmUsage;
  ms: number;
}

export interface TextResult {
  text: string;
  usage: LlmUsage;
  ms: number;
}

export interface LlmClient {
  /** The host requests go to (shown in errors and logs). */
  readonly host: string;
  /** Structured output: the reply is constrained by the JSON schema and parsed. */
  chatJson(request: JsonRequest): Promise<JsonResult>;
  /** Streamed text; `onToken` sees every token as it arrives. */
  chatStream(request: StreamRequest): Promise<TextResult>;
  /** Context window of a model in tokens (from the model's metadata; cached). */
  contextLength(model: string, signal?: AbortSignal): Promise<number>;
  /**
   * The literal control tokens of the model's chat template (`<|eot_id|>`, `[INST]`, …), fetched
   * once per model and cached. Optional: clients that cannot tell (VS Code's models) leave it out
   * and prompts neutralise the generic token shapes only.
   */
  controlTokens?(model: string, signal?: AbortSignal): Promise<string[]>;
  /** Resolves when the server answers and the models are installed; throws a typed LlmError otherwise. */
  checkReady(models: string[], signal?: AbortSignal): Promise<void>;
  embed?(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]>;
}
