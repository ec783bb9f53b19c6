/**
 * Known LLM failures as typed errors. Callers decide by `code` (or `instanceof`), never by message
 * text; each carries what the user needs to fix it (host tried, pull command, sizes).
 */

import { formatSeconds, LIMITS, raiseHint, REPLY_LIMITS, type LimitName, type ReplyLimitName } from './timeouts';

export type LlmErrorCode =
  | 'ollama-unreachable'
  | 'model-missing'
  | 'context-overflow'
  | 'llm-failed'
  | 'llm-timeout'
  | 'pull-failed'
  | 'server-unreachable'
  | 'served-model-missing'
  | 'key-refused'
  | 'reply-too-large';

export abstract class LlmError extends Error {
  abstract readonly code: LlmErrorCode;
  /** One line telling the user what to do, when there is something to do. */
  abstract readonly action: string | undefined;
}

/** Nothing answers at the host (connection refused, DNS failure, connection reset before a reply). */
export class OllamaUnreachableError extends LlmError {
  readonly code = 'ollama-unreachable' as const;
  readonly action: string;
  constructor(
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(`Ollama is not reachable at ${host}`, options);
    this.name = 'OllamaUnreachableError';
    this.action = /\/\/localhost[:/]/.test(host)
      ? `Start Ollama (\`ollama serve\`); 'localhost' may resolve to ::1 while Ollama listens on 127.0.0.1: try http://127.0.0.1:11434`
      : `Start Ollama (\`ollama serve\`) or set the Ollama host (OLLAMA_HOST) to where it runs`;
  }
}

/** The server answered 404 for the model: it is not pulled. */
export class ModelMissingError extends LlmError {
  readonly code = 'model-missing' as const;
  readonly action: string;
  constructor(
    readonly model: string,
    options?: { cause?: unknown },
  ) {
    super(`The Ollama model '${model}' is not installed`, options);
    this.name = 'ModelMissingError';
    this.action = `ollama pull ${model}`;
  }
}

/** The prompt cannot be made to fit the model's context window, even after trimming. */
export class ContextOverflowError extends LlmError {
  readonly code = 'context-overflow' as const;
  readonly action: string;
  constructor(
    readonly estimatedTokens: number,
    readonly contextLength: number,
    options?: { cause?: unknown },
  ) {
    super(`The prompt needs about ${estimatedTokens} tokens but the model's context holds ${contextLength}`, options);
    this.name = 'ContextOverflowError';
    this.action = 'Use a model with a larger context window, or ask a narrower question';
  }
}

/** Any other failure of a request (HTTP 500, stream cut mid-answer, invalid reply). */
export class LlmRequestError extends LlmError {
  readonly code = 'llm-failed' as const;
  readonly action = undefined;
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmRequestError';
  }
}

/**
 * A network limit expired (./timeouts): the server accepted the request, or never connected,
 * and then stayed silent for longer than `limitMs` in one phase. Carries which limit, so the
 * action names the flag or setting that raises it.
 */
export class LlmTimeoutError extends LlmError {
  readonly code = 'llm-timeout' as const;
  readonly action: string;
  constructor(
    readonly host: string,
    readonly limit: LimitName,
    readonly limitMs: number,
    options?: { cause?: unknown; /** Who stayed silent; default `Ollama at <host>`. */ server?: string },
  ) {
    const server = options?.server ?? `Ollama at ${host}`;
    super(`${server} sent nothing for ${formatSeconds(limitMs)} ${LIMITS[limit].phase}`, options);
    this.name = 'LlmTimeoutError';
    this.action = `Check that ${server} is working, or ${raiseHint(limit)}`;
  }

  /** What stalled, e.g. 'before the first token (loading the model, reading the prompt)'. */
  get phase(): string {
    return LIMITS[this.limit].phase;
  }
}

/** Nothing answers at an OpenAI-compatible model server's base URL (./openaiClient). */
export class ModelServerUnreachableError extends LlmError {
  readonly code = 'server-unreachable' as const;
  readonly action: string;
  constructor(
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(`The model server is not reachable at ${host}`, options);
    this.name = 'ModelServerUnreachableError';
    this.action = `Start the server, or set its base URL (CLI: --base-url; VS Code: research.llm.baseUrl) to where it runs`;
  }
}

/** An OpenAI-compatible server does not serve the model (it cannot pull one: the fix is another name). */
export class ServedModelMissingError extends LlmError {
  readonly code = 'served-model-missing' as const;
  readonly action: string;
  constructor(
    readonly model: string,
    readonly host: string,
    /** What the server lists (`/v1/models`), when known. */
    readonly served: readonly string[],
    options?: { cause?: unknown },
  ) {
    super(`The model server at ${host} does not serve '${model}'`, options);
    this.name = 'ServedModelMissingError';
    const names = served.length ? `: it serves ${served.slice(0, 5).join(', ')}${served.length > 5 ? ', …' : ''}` : '';
    this.action = `Set the model name (CLI: --model / --embed-model; VS Code: research.models.chat / research.models.embedding) to one the server serves${names}`;
  }
}

/**
 * A reply bigger than its limit (./timeouts, REPLY_LIMITS): an embeddings reply of more bytes, a
 * streamed answer of more characters. The transfer is stopped there, before the rest is read or
 * parsed, so a runaway server costs no more memory and time than the limit.
 */
export class ReplyTooLargeError extends LlmError {
  readonly code = 'reply-too-large' as const;
  readonly action: string;
  constructor(
    /** Who sent it: `Ollama at …`, `Model server at …`. */
    server: string,
    readonly limit: ReplyLimitName,
    readonly max: number,
    options?: { cause?: unknown },
  ) {
    const spec = REPLY_LIMITS[limit];
    super(`${server} sent ${spec.what} over the limit of ${spec.format(max)}`, options);
    this.name = 'ReplyTooLargeError';
    this.action = `raise the limit (CLI: ${spec.flag} ${spec.unit} or ${spec.env}) if that is expected`;
  }
}

/** Where the model server's key is set, in both hosts' words (never settings.json). */
export const API_KEY_HINT = 'set it with RESEARCH_API_KEY (CLI) or "Local Research: Set Model Server API Key" (VS Code)';

/** The server answered 401/403: the key is missing, wrong or expired. */
export class KeyRefusedError extends LlmError {
  readonly code = 'key-refused' as const;
  readonly action = API_KEY_HINT;
  constructor(
    readonly host: string,
    /** Whether a key was sent at all. */
    readonly keySent: boolean,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(keySent ? `The model server at ${host} refused the key (HTTP ${status})` : `The model server at ${host} needs an API key (HTTP ${status})`, options);
    this.name = 'KeyRefusedError';
  }
}

/** Down for the rest of a turn: every later call would wait out the same limit or be refused. */
export function isLlmDown(error: unknown): error is LlmTimeoutError | OllamaUnreachableError | ModelServerUnreachableError | KeyRefusedError {
  return (
    error instanceof LlmTimeoutError ||
    error instanceof OllamaUnreachableError ||
    error instanceof ModelServerUnreachableError ||
    error instanceof KeyRefusedError
  );
}

/** The server refused or broke off pulling a model (unknown name, no registry access, disk full). */
export class ModelPullError extends LlmError {
  readonly code = 'pull-failed' as const;
  readonly action: string;
  constructor(
    readonly model: string,
    readonly host: string,
    detail: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`Ollama at ${host} could not pull '${model}': ${detail}`, options);
    this.name = 'ModelPullError';
    this.action = 'Check the model name at https://ollama.com/library';
  }
}

/** Cancellation is a normal outcome: recognise it without looking at message text. */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR');
}
