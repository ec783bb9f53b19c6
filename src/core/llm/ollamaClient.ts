/**
 * LlmClient on the `ollama` npm package. Each request gets its own client whose fetch carries the
 * caller's AbortSignal (the package's non-streamed calls accept no signal), so cancelling a turn
 * really closes the HTTP request instead of leaving the model generating, and the limits of its
 * kind of call (./timeouts, enforced by ./timedFetch): a stalled server fails the call with
 * LlmTimeoutError instead of holding the turn.
 */
import { Ollama, type ChatResponse, type ShowResponse } from 'ollama';
import { checkFits } from './budget';
import { controlTokensOf } from './controlTokens';
import { LlmError, LlmRequestError, ModelMissingError, OllamaUnreachableError, ReplyTooLargeError, isAbortError } from './errors';
import { resolveOllamaHost } from './host';
import { isConnectionDropped, isUnreachable } from './networkErrors';
import { callPhases, timedFetch, type PhaseLimits } from './timedFetch';
import { resolveLimits, resolveReplyLimits, type NetworkLimits } from './timeouts';
import type { JsonRequest, JsonResult, LlmClient, LlmRequest, StreamRequest, TextResult } from './llmClient';

export interface OllamaClientOptions {
  /** Explicit host; falls back to OLLAMA_HOST, then http://127.0.0.1:11434. */
  host?: string | null;
  /** How long a readiness check may wait for the server (ms). Default: the metadata limit. */
  readyTimeoutMs?: number;
  /** Context length assumed when the model's metadata has none. Default 2048 (Ollama's old default). */
  fallbackContextLength?: number;
  /** Network limits (ms); what is left out comes from the environment or the defaults (./timeouts). */
  limits?: Partial<NetworkLimits>;
}

export function createOllamaClient(options: OllamaClientOptions = {}): LlmClient {
  const host = resolveOllamaHost(options.host);
  const limits = resolveLimits(options.limits);
  const contextCache = new Map<string, Promise<number>>();
  const tokenCache = new Map<string, Promise<string[]>>();

  const { metadata: metadataCall, structured: structuredCall, stream: streamCall, embed: embedCall } = callPhases(limits);

  const replyLimits = resolveReplyLimits();
  const embedCap = { limit: 'embedReplyBytes' as const, bytes: replyLimits.embedReplyBytes };
  const clientFor = (signal?: AbortSignal, phases: PhaseLimits = metadataCall) =>
    new Ollama({
      host,
      fetch: timedFetch({
        host,
        phases,
        ndjson: phases === streamCall,
        ...(phases === embedCall ? { maxBytes: embedCap } : {}),
        ...(signal ? { signal } : {}),
      }),
    });

  function optionsOf(request: LlmRequest) {
    return {
      temperature: request.temperature,
      ...(request.numCtx ? { num_ctx: request.numCtx } : {}),
      ...(request.maxTokens ? { num_predict: request.maxTokens } : {}),
    };
  }

  /** Ollama reads a number as seconds (negative: forever) and a string as a Go duration ("30m"). */
  const keepAliveOf = (request: LlmRequest) =>
    request.keepAliveMinutes === undefined ? {} : { keep_alive: request.keepAliveMinutes < 0 ? -1 : `${request.keepAliveMinutes}m` };

  const translate = (error: unknown, model: string, signal?: AbortSignal) => ollamaError(host, error, model, signal);

  /** What /api/show says of a model, read once per model; a failed lookup is not kept (the caller falls back). */
  function shown<T>(cache: Map<string, Promise<T>>, model: string, signal: AbortSignal | undefined, pick: (info: ShowResponse) => T): Promise<T> {
    let cached = cache.get(model);
    if (!cached) {
      cached = clientFor(signal)
        .show({ model })
        .then(pick, (error: unknown) => {
          cache.delete(model);
          throw translate(error, model, signal);
        });
      cache.set(model, cached);
    }
    return cached;
  }

  return {
    host,

    async chatJson(request: JsonRequest): Promise<JsonResult> {
      checkFits(request);
      const started = performance.now();
      let response;
      try {
        response = await clientFor(request.signal, structuredCall).chat({
          model: request.model,
          messages: request.messages,
          format: request.schema,
          stream: false,
          ...keepAliveOf(request),
          options: optionsOf(request),
        });
      } catch (error) {
        throw translate(error, request.model, request.signal);
      }
      const raw = response.message?.content ?? '';
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (error) {
        throw new LlmRequestError('The model did not answer with valid JSON', undefined, { cause: error });
      }
      return {
        value,
        raw,
        usage: { promptTokens: response.prompt_eval_count ?? 0, completionTokens: response.eval_count ?? 0 },
        ms: performance.now() - started,
      };
    },

    async chatStream(request: StreamRequest): Promise<TextResult> {
      checkFits(request);
      const started = performance.now();
      let stream;
      try {
        stream = await clientFor(request.signal, streamCall).chat({
          model: request.model,
          messages: request.messages,
          stream: true,
          ...keepAliveOf(request),
          options: optionsOf(request),
        });
      } catch (error) {
        throw translate(error, request.model, request.signal);
      }
      const { text, usage } = await readStream(stream, request, host, replyLimits.answerChars);
      return { text, usage, ms: performance.now() - started };
    },

    contextLength(model: string, signal?: AbortSignal): Promise<number> {
      return shown(contextCache, model, signal, (info) => contextLengthOf(info.model_info as unknown, options.fallbackContextLength ?? 2048));
    },

    /** From the `template` of /api/show; a failed lookup is not cached (the caller falls back). */
    controlTokens(model: string, signal?: AbortSignal): Promise<string[]> {
      return shown(tokenCache, model, signal, (info) => controlTokensOf(info.template ?? ''));
    },

    async checkReady(models: string[], signal?: AbortSignal): Promise<void> {
      const ready: PhaseLimits = options.readyTimeoutMs
        ? { connect: metadataCall.connect, total: { limit: 'metadataMs', ms: options.readyTimeoutMs } }
        : metadataCall;
      let installed: string[];
      try {
        installed = (await clientFor(signal, ready).list()).models.map((m) => m.name);
      } catch (error) {
        if (signal?.aborted) throw error;
        const translated = translate(error, models[0] ?? '', signal);
        throw translated instanceof ModelMissingError ? new OllamaUnreachableError(host, { cause: error }) : translated;
      }
      for (const model of new Set(models)) {
        if (!installed.some((name) => sameModel(name, model))) throw new ModelMissingError(model);
      }
    },

    async embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]> {
      try {
        return (await clientFor(signal, embedCall).embed({ model, input: texts })).embeddings;
      } catch (error) {
        throw translate(error, model, signal);
      }
    },
  };
}

/** `llama3.2` and `llama3.2:latest` name the same model. */
export function sameModel(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes(':') ? s : `${s}:latest`);
  return norm(a) === norm(b);
}

/** Reads `<arch>.context_length` from /api/show's model_info (a plain object on the wire). */
export function contextLengthOf(modelInfo: unknown, fallback: number): number {
  if (!modelInfo || typeof modelInfo !== 'object') return fallback;
  const info = modelInfo instanceof Map ? Object.fromEntries(modelInfo) : (modelInfo as Record<string, unknown>);
  const arch = info['general.architecture'];
  const direct = typeof arch === 'string' ? info[`${arch}.context_length`] : undefined;
  if (typeof direct === 'number' && direct > 0) return direct;
  for (const [key, value] of Object.entries(info)) {
    if (key.endsWith('.context_length') && typeof value === 'number' && value > 0) return value;
  }
  return fallback;
}

/** Translates transport and HTTP failures into our typed errors; aborts and our own typed errors pass through. */
function ollamaError(host: string, error: unknown, model: string, signal?: AbortSignal): unknown {
  if (isAbortError(error, signal) || error instanceof LlmError) return error;
  const status = (error as { status_code?: number }).status_code;
  if (status === 404) return new ModelMissingError(model, { cause: error });
  if (typeof status === 'number')
    return new LlmRequestError(`Ollama at ${host} answered HTTP ${status}: ${(error as Error).message}`, status, { cause: error });
  if (isUnreachable(error)) return new OllamaUnreachableError(host, { cause: error });
  if (error instanceof SyntaxError) return new LlmRequestError(`Ollama at ${host} sent a reply that is not JSON`, undefined, { cause: error });
  if (isConnectionDropped(error)) return new LlmRequestError(`Ollama at ${host} closed the connection without answering`, undefined, { cause: error });
  return new LlmRequestError(`Ollama request to ${host} failed`, undefined, { cause: error });
}

/** Hands each token of a streamed chat to `onToken`; a stream that ends before its `done` line is a broken answer. */
async function readStream(
  stream: AsyncIterable<ChatResponse> & { abort?: () => void },
  request: StreamRequest,
  host: string,
  maxChars: number,
): Promise<{ text: string; usage: TextResult['usage'] }> {
  let text = '';
  let usage = { promptTokens: 0, completionTokens: 0 };
  let finished = false;
  try {
    for await (const part of stream) {
      const token = part.message?.content ?? '';
      if (token) {
        // A model that never stops (or a server streaming junk) is cut here, not after the terminal filled up.
        if (text.length + token.length > maxChars) {
          stream.abort?.();
          throw new ReplyTooLargeError(`Ollama at ${host}`, 'answerChars', maxChars);
        }
        text += token;
        request.onToken(token);
      }
      if (part.done) {
        finished = true;
        usage = { promptTokens: part.prompt_eval_count ?? 0, completionTokens: part.eval_count ?? 0 };
      }
    }
  } catch (error) {
    if (isAbortError(error, request.signal) || error instanceof LlmError) throw error;
    throw new LlmRequestError('Ollama stopped in the middle of the answer', undefined, { cause: error });
  }
  // A connection closed cleanly before the final `done` line is still a broken answer.
  if (!finished) throw new LlmRequestError('Ollama stopped in the middle of the answer');
  return { text, usage };
}
