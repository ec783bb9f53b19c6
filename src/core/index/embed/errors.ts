/** Typed failures of embedding backends. Callers branch on `code` / `instanceof`, never on message text. */
import type { LlmError, LlmTimeoutError } from '../../llm/errors';

export type EmbedderErrorCode =
  | 'ollama-unreachable'
  | 'server-unreachable'
  | 'key-refused'
  | 'model-missing'
  | 'local-model-missing'
  | 'local-runtime-missing'
  | 'local-model-quantize'
  | 'embed-failed'
  | 'embed-timeout'
  /** `auto` found no embedder for an index that holds vectors, and left it as it was (select.ts). */
  | 'embedder-kept';

export class EmbedderError extends Error {
  constructor(
    message: string,
    readonly code: EmbedderErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class OllamaUnreachableError extends EmbedderError {
  constructor(
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(`Ollama is not reachable at ${host}: start it (\`ollama serve\`) or set OLLAMA_HOST`, 'ollama-unreachable', options);
  }
}

export class EmbeddingModelMissingError extends EmbedderError {
  constructor(
    readonly model: string,
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(`embedding model '${model}' is not installed in Ollama at ${host}: run \`ollama pull ${model}\``, 'model-missing', options);
  }
}

export class LocalModelMissingError extends EmbedderError {
  constructor(
    readonly modelDir: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`no usable embedding model in ${modelDir} (${detail}): it needs config.json, tokenizer.json and onnx/model.onnx`, 'local-model-missing', options);
  }
}

/**
 * transformers.js and onnxruntime cannot be loaded. The VS Code package leaves them out (about
 * 200 MB of native code, over its download budget), so a local model folder set in the editor
 * cannot be used there; the command-line tool installed from the repository has them.
 */
export class LocalRuntimeMissingError extends EmbedderError {
  constructor(options?: { cause?: unknown }) {
    super(
      'in-process embeddings need transformers.js and onnxruntime, which this installation does not include (the VS Code extension leaves them out for size): embed with Ollama or a model server instead, or index with the command-line tool installed from the repository (npm install), which has them',
      'local-runtime-missing',
      options,
    );
  }
}

/** A network limit expired while Ollama embedded (see core/llm/timeouts); `action` says which limit to raise. */
export class EmbedTimeoutError extends EmbedderError {
  readonly host: string;
  readonly limitMs: number;
  readonly action: string;
  constructor(timeout: LlmTimeoutError) {
    super(timeout.message, 'embed-timeout', { cause: timeout });
    this.host = timeout.host;
    this.limitMs = timeout.limitMs;
    this.action = timeout.action;
  }
}

export class EmbedFailedError extends EmbedderError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`embedding failed: ${detail}`, 'embed-failed', options);
  }
}

/**
 * An OpenAI-compatible server failed to embed in a way the chat client types too (unreachable,
 * key refused, model not served): its error as the cause, its fix in `action`.
 */
export class ModelServerEmbedError extends EmbedderError {
  readonly action: string | undefined;
  constructor(error: LlmError & { code: 'server-unreachable' | 'key-refused' | 'served-model-missing' }) {
    const code = error.code === 'served-model-missing' ? 'model-missing' : error.code;
    super(error.message, code, { cause: error });
    this.action = error.action;
  }
}

/** The embedder is down for a while (every query would wait or be refused again): search says so once. */
export function isEmbedderDown(error: unknown): error is EmbedderError {
  return (
    error instanceof EmbedderError &&
    (error.code === 'embed-timeout' || error.code === 'ollama-unreachable' || error.code === 'server-unreachable' || error.code === 'key-refused')
  );
}
