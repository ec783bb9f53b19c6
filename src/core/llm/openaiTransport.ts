/**
 * HTTP to an OpenAI-compatible server (vLLM, llama.cpp server, LM Studio), without the chat: a
 * request under the base URL with the key and the deadlines of its kind of call (./timedFetch,
 * ./timeouts), failures as the typed errors of ./errors, and `/embeddings`. The chat client
 * (./openaiClient) and the index's embedder (core/index/embed/openai.ts) both stand on it.
 */
import { KeyRefusedError, LlmError, LlmRequestError, ModelServerUnreachableError, ServedModelMissingError, isAbortError } from './errors';
import { isConnectionDropped, isUnreachable } from './networkErrors';
import { ServerStatusError, callPhases, timedFetch, type PhaseLimits } from './timedFetch';
import { resolveLimits, resolveReplyLimits, type NetworkLimits } from './timeouts';

export interface OpenAiTransportOptions {
  /** Base URL with its API path, e.g. http://gpu-box:8000/v1 (see modelServer.normalizeBaseUrl). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; null: no header (servers without `--api-key`). */
  apiKey?: string | null;
  /** Network limits (ms); what is left out comes from the environment or the defaults (./timeouts). */
  limits?: Partial<NetworkLimits>;
}

export interface OpenAiTransport {
  readonly host: string;
  /** "Model server at <host>", as messages name it. */
  readonly server: string;
  /** The deadlines of each kind of call. */
  readonly calls: { metadata: PhaseLimits; structured: PhaseLimits; stream: PhaseLimits; embed: PhaseLimits };
  /** GET (no body) or POST `path` under the base URL; an HTTP error status throws ServerStatusError. */
  send(path: string, body: unknown, phases: PhaseLimits, signal: AbortSignal | undefined): Promise<Response>;
  /** send, with the reply parsed as JSON (a reply that is not JSON is an LlmRequestError). */
  sendJson<T>(path: string, body: unknown, phases: PhaseLimits, signal: AbortSignal | undefined): Promise<T>;
  /** Transport and HTTP failures as typed errors; aborts and our own typed errors pass through. */
  translate(error: unknown, model: string, signal?: AbortSignal): unknown;
  /** One `/embeddings` request: a vector per text, in the texts' order. */
  embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export function createOpenAiTransport(options: OpenAiTransportOptions): OpenAiTransport {
  const host = options.baseUrl;
  const server = `Model server at ${host}`;
  const calls = callPhases(resolveLimits(options.limits));

  async function send(path: string, body: unknown, phases: PhaseLimits, signal: AbortSignal | undefined): Promise<Response> {
    // An embeddings reply is read whole and parsed: its size is capped (a stream is capped by characters, in the chat client).
    const maxBytes = phases === calls.embed ? { limit: 'embedReplyBytes' as const, bytes: resolveReplyLimits().embedReplyBytes } : undefined;
    const fetch = timedFetch({ host, server, phases, ...(maxBytes ? { maxBytes } : {}), ...(signal ? { signal } : {}) });
    const headers: Record<string, string> = { accept: body === undefined ? 'application/json' : 'application/json, text/event-stream' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    return fetch(`${host}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  }

  async function sendJson<T>(path: string, body: unknown, phases: PhaseLimits, signal: AbortSignal | undefined): Promise<T> {
    const response = await send(path, body, phases, signal);
    const text = await response.text();
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new LlmRequestError(`${server} sent a reply that is not JSON`, undefined, { cause: error });
    }
  }

  function translate(error: unknown, model: string, signal?: AbortSignal): unknown {
    if (isAbortError(error, signal) || error instanceof LlmError) return error;
    if (error instanceof ServerStatusError) {
      const status = error.status_code;
      if (status === 401 || status === 403) return new KeyRefusedError(host, Boolean(options.apiKey), status, { cause: error });
      if (status === 404 && model) return new ServedModelMissingError(model, host, [], { cause: error });
      return new LlmRequestError(`${server} answered HTTP ${status}: ${error.message}`, status, { cause: error });
    }
    if (isUnreachable(error)) return new ModelServerUnreachableError(host, { cause: error });
    if (isConnectionDropped(error)) return new LlmRequestError(`${server} closed the connection without answering`, undefined, { cause: error });
    return new LlmRequestError(`Request to ${server} failed`, undefined, { cause: error });
  }

  async function embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]> {
    let reply: { data?: Array<{ embedding?: number[]; index?: number }> };
    try {
      reply = await sendJson('/embeddings', { model, input: texts }, calls.embed, signal);
    } catch (error) {
      throw translate(error, model, signal);
    }
    const data = [...(reply.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    if (data.length !== texts.length || data.some((d) => !Array.isArray(d.embedding))) {
      throw new LlmRequestError(`${server} returned ${data.length} embeddings for ${texts.length} texts`);
    }
    return data.map((d) => d.embedding!);
  }

  return { host, server, calls, send, sendJson, translate, embed };
}
