/**
 * LlmClient for an OpenAI-compatible server (vLLM, llama.cpp server, LM Studio): `/chat/completions`
 * (streamed as server-sent events, or whole), `/embeddings` and `/models` under the base URL. The
 * HTTP is ./openaiTransport's, so every call has the same deadlines as Ollama's (./timeouts) and a
 * cancelled turn closes its request; failures become the same typed errors (./errors).
 *
 * Structured output: servers differ in what `response_format` they take. vLLM and llama.cpp take
 * `json_schema`; some builds take only `json_object`, some neither. The client asks for
 * `json_schema` first and, when the server refuses it (HTTP 400/422), `json_object`, then the
 * schema in the prompt alone; the first that works is kept for the client's lifetime.
 */
import { checkFits } from './budget';
import { LlmError, LlmRequestError, ReplyTooLargeError, ServedModelMissingError, isAbortError } from './errors';
import { resolveReplyLimits } from './timeouts';
import { createOpenAiTransport, type OpenAiTransportOptions } from './openaiTransport';
import { readSseData } from './sse';
import { ServerStatusError } from './timedFetch';
import type { JsonRequest, JsonResult, LlmClient, LlmMessage, StreamRequest, TextResult } from './llmClient';

export interface OpenAiClientOptions extends OpenAiTransportOptions {
  /** Context length assumed when `/models` does not say (vLLM's `max_model_len`, llama.cpp's `n_ctx_train`). */
  fallbackContextLength?: number;
}

/** Each mode after the first is tried when the server refuses the one before. */
export const JSON_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type JsonMode = (typeof JSON_MODES)[number];

export interface OpenAiClient extends LlmClient {
  embed(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]>;
  /** The structured-output mode in use (the first one the server took). */
  readonly jsonMode: JsonMode;
}

interface ServedModel {
  id: string;
  max_model_len?: number;
  context_length?: number;
  meta?: { n_ctx_train?: number };
}

const DEFAULT_CONTEXT = 4096;

export function createOpenAiClient(options: OpenAiClientOptions): OpenAiClient {
  const transport = createOpenAiTransport(options);
  const { host, server, send, sendJson, translate } = transport;
  const { metadata: metadataCall, structured: structuredCall, stream: streamCall } = transport.calls;
  const maxAnswerChars = resolveReplyLimits().answerChars;
  let jsonMode: JsonMode = 'json_schema';
  let modelList: Promise<ServedModel[]> | null = null;

  function models(signal?: AbortSignal): Promise<ServedModel[]> {
    modelList ??= sendJson<{ data?: ServedModel[] }>('/models', undefined, metadataCall, signal).then(
      (reply) => (Array.isArray(reply.data) ? reply.data.filter((m) => typeof m?.id === 'string') : []),
      (error: unknown) => {
        modelList = null;
        // A 404 here is the base URL, not a model: /models always exists on these servers.
        if (error instanceof ServerStatusError && error.status_code === 404) {
          throw new LlmRequestError(`${server} has no /models (HTTP 404): check the base URL, which usually ends in /v1`, 404, { cause: error });
        }
        throw translate(error, '', signal);
      },
    );
    return modelList;
  }

  function chatBody(request: JsonRequest | StreamRequest, messages: LlmMessage[], stream: boolean) {
    return {
      model: request.model,
      messages,
      temperature: request.temperature,
      stream,
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
    };
  }

  async function structured(request: JsonRequest, mode: JsonMode): Promise<{ content: string; usage: Usage | undefined }> {
    const messages = mode === 'json_schema' ? request.messages : withSchemaInstruction(request.messages, request.schema);
    const format =
      mode === 'json_schema'
        ? { response_format: { type: 'json_schema', json_schema: { name: request.agent.replace(/[^\w-]/g, '_') || 'reply', schema: request.schema } } }
        : mode === 'json_object'
          ? { response_format: { type: 'json_object' } }
          : {};
    const reply = await sendJson<Completion>('/chat/completions', { ...chatBody(request, messages, false), ...format }, structuredCall, request.signal);
    return { content: reply.choices?.[0]?.message?.content ?? '', usage: reply.usage };
  }

  return {
    host,
    get jsonMode() {
      return jsonMode;
    },

    async chatJson(request: JsonRequest): Promise<JsonResult> {
      checkFits(request);
      const started = performance.now();
      let reply: { content: string; usage: Usage | undefined } | undefined;
      for (let i = JSON_MODES.indexOf(jsonMode); !reply; i++) {
        const mode = JSON_MODES[i]!;
        try {
          reply = await structured(request, mode);
          jsonMode = mode;
        } catch (error) {
          const refused = error instanceof ServerStatusError && (error.status_code === 400 || error.status_code === 422);
          if (!refused || mode === 'prompt' || request.signal?.aborted) throw translate(error, request.model, request.signal);
        }
      }
      const raw = reply.content;
      let value: unknown;
      try {
        value = JSON.parse(jsonMode === 'prompt' ? jsonObjectIn(raw) : raw);
      } catch (error) {
        throw new LlmRequestError('The model did not answer with valid JSON', undefined, { cause: error });
      }
      return { value, raw, usage: usageOf(reply.usage), ms: performance.now() - started };
    },

    async chatStream(request: StreamRequest): Promise<TextResult> {
      checkFits(request);
      const started = performance.now();
      let response: Response;
      try {
        response = await send('/chat/completions', chatBody(request, request.messages, true), streamCall, request.signal);
      } catch (error) {
        throw translate(error, request.model, request.signal);
      }
      let text = '';
      let usage: Usage | undefined;
      let finished = false;
      try {
        if (!response.body) throw new LlmRequestError(`${server} sent an empty reply`);
        const notJson = (cause: unknown) => new LlmRequestError(`${server} sent a reply that is not JSON`, undefined, { cause });
        for await (const data of readSseData(response.body, notJson)) {
          if (data.done) {
            finished = true;
            continue;
          }
          const part = data.json as Completion & { error?: { message?: string } | string };
          if (part.error)
            throw new LlmRequestError(`${server} failed mid-answer: ${typeof part.error === 'string' ? part.error : (part.error.message ?? 'unknown error')}`);
          const choice = part.choices?.[0];
          const token = choice?.delta?.content ?? '';
          if (token) {
            if (text.length + token.length > maxAnswerChars) {
              // Leaving the loop closes the connection (sse.ts): the rest is never read.
              throw new ReplyTooLargeError(server, 'answerChars', maxAnswerChars);
            }
            text += token;
            request.onToken(token);
          }
          if (choice?.finish_reason) finished = true;
          if (part.usage) usage = part.usage;
        }
      } catch (error) {
        if (isAbortError(error, request.signal) || error instanceof LlmError) throw error;
        throw new LlmRequestError(`${server} stopped in the middle of the answer`, undefined, { cause: error });
      }
      // A connection closed cleanly before `finish_reason` or [DONE] is still a broken answer.
      if (!finished) throw new LlmRequestError(`${server} stopped in the middle of the answer`);
      return { text, usage: usageOf(usage), ms: performance.now() - started };
    },

    async contextLength(model: string, signal?: AbortSignal): Promise<number> {
      const entry = (await models(signal)).find((m) => m.id === model);
      const length = entry?.max_model_len ?? entry?.context_length ?? entry?.meta?.n_ctx_train;
      return typeof length === 'number' && length > 0 ? length : (options.fallbackContextLength ?? DEFAULT_CONTEXT);
    },

    async checkReady(wanted: string[], signal?: AbortSignal): Promise<void> {
      // Asked every turn: the list may change (a server restarted with another model).
      modelList = null;
      const served = (await models(signal)).map((m) => m.id);
      for (const model of new Set(wanted)) {
        if (!served.includes(model)) throw new ServedModelMissingError(model, host, served);
      }
    },

    embed: transport.embed,
  };
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

interface Completion {
  choices?: Array<{ message?: { content?: string | null }; delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: Usage;
}

function usageOf(usage: Usage | undefined) {
  return { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 };
}

/**
 * Without `json_schema`, the schema travels in the prompt (and `json_object` wants the word JSON
 * there). It joins the first system message: many chat templates refuse a system message later on.
 */
export function withSchemaInstruction(messages: LlmMessage[], schema: Record<string, unknown>): LlmMessage[] {
  const instruction = `Reply with one JSON object only (no prose, no code fences) that matches this JSON schema:\n${JSON.stringify(schema)}`;
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...messages];
}

/** A model told to answer JSON by the prompt alone may wrap it in a code fence or a sentence. */
function jsonObjectIn(text: string): string {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : text;
}
