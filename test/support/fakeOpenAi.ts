/**
 * A local HTTP server that speaks the OpenAI-compatible API the product uses (as vLLM, llama.cpp
 * server and LM Studio serve it under /v1), with scripted answers: `/v1/models`,
 * `/v1/chat/completions` (streamed as server-sent events or whole, with `response_format`) and
 * `/v1/embeddings`. Chat requests reach the script in fakeOllama's `ChatRequestBody` shape (the
 * JSON schema as `format`), so scriptAgents recognises each agent on either server.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import {
  answerFault,
  hashedEmbedding,
  json,
  listenOnLoopback,
  readJson,
  tokens,
  untilClosed,
  type ChatReply,
  type ChatRequestBody,
  type Fault,
  type RecordedRequest,
} from './fakeOllama';

export interface FakeOpenAiOptions {
  /** Ids listed by /v1/models and accepted by chat/embeddings; others get 404. */
  models?: string[];
  /** When set, every request must carry `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** `max_model_len` of every listed model (vLLM's field); absent when undefined. */
  maxModelLen?: number;
  /** `response_format` types the server takes; another gets 400, as servers that lack it answer. Default: both. */
  responseFormats?: Array<'json_schema' | 'json_object'>;
  embed?: (model: string, inputs: string[]) => number[][];
  chat?: (body: ChatRequestBody) => ChatReply | Promise<ChatReply>;
  /** A fault per request (path like '/v1/embeddings', parsed body); undefined: answer normally. */
  fault?: (path: string, body: any) => Fault | undefined;
}

export interface FakeOpenAi {
  /** Base URL including /v1, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: Array<RecordedRequest & { authorization: string | undefined }>;
  /** Chat requests as sent (OpenAI shape). */
  chatRequests(): any[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const models = options.models ?? ['llama3.2', 'nomic-embed-text'];
  const formats = options.responseFormats ?? ['json_schema', 'json_object'];
  const embed = options.embed ?? ((_m, inputs) => inputs.map((t) => hashedEmbedding(t)));
  const requests: FakeOpenAi['requests'] = [];

  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, body, authorization: req.headers.authorization });
    const fault = options.fault?.(path, body);
    if (fault) return answerFault(fault, res);
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json(res, 401, { error: { message: 'Invalid API Key', type: 'authentication_error', code: 401 } });
    }
    try {
      switch (path) {
        case '/v1/models':
          return json(res, 200, {
            object: 'list',
            data: models.map((id) => ({ id, object: 'model', owned_by: 'fake', ...(options.maxModelLen ? { max_model_len: options.maxModelLen } : {}) })),
          });
        case '/v1/embeddings': {
          if (!models.includes(body.model))
            return json(res, 404, { object: 'error', message: `The model \`${body.model}\` does not exist.`, type: 'NotFoundError', code: 404 });
          const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
          const vectors = embed(body.model, inputs);
          // Out of order on purpose: the index field says where each belongs.
          const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })).reverse();
          return json(res, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } });
        }
        case '/v1/chat/completions':
          return await answerChat(body, res);
        default:
          return json(res, 404, { error: { message: `no route ${path}`, type: 'not_found' } });
      }
    } catch (error) {
      if (!res.headersSent) json(res, 500, { error: { message: String(error) } });
    }
  });

  async function answerChat(body: any, res: ServerResponse): Promise<void> {
    if (!models.includes(body.model))
      return json(res, 404, { object: 'error', message: `The model \`${body.model}\` does not exist.`, type: 'NotFoundError', code: 404 });
    const format = body.response_format?.type;
    if (format && !formats.includes(format))
      return json(res, 400, { error: { message: `'response_format.type' must be one of ${formats.join(', ')}`, type: 'invalid_request_error' } });
    const scripted = options.chat ? await options.chat(asChatRequest(body)) : undefined;
    if (scripted === undefined) return json(res, 500, { error: { message: 'fake server: no scripted chat reply' } });
    const reply = typeof scripted === 'string' ? { content: scripted } : scripted;
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.status) return json(res, reply.status, { error: { message: reply.error ?? 'scripted failure' } });
    const base = { id: 'chatcmpl-1', created: 0, model: body.model };
    if (!body.stream) {
      return json(res, 200, {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: tokens(reply.content).length },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (payload: unknown) => res.write(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`);
    const chunk = (delta: object, finish: string | null) => ({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    send(chunk({ role: 'assistant', content: '' }, null));
    const parts = tokens(reply.content);
    for (let i = 0; i < parts.length; i++) {
      if (reply.stallAfterTokens !== undefined && i >= reply.stallAfterTokens) return untilClosed(res);
      if (reply.failAfterTokens !== undefined && i >= reply.failAfterTokens) return void res.socket?.destroy();
      if (res.destroyed) return;
      send(chunk({ content: parts[i] }, null));
      if (reply.tokenDelayMs) await sleep(reply.tokenDelayMs);
    }
    send(chunk({}, 'stop'));
    send('[DONE]');
    res.end();
  }

  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body),
    close,
  };
}

/**
 * The request as scriptAgents reads it: the schema from `json_schema`, or, when the client put it
 * in the prompt (json_object, or no response_format), the JSON object that ends a system message.
 */
function asChatRequest(body: any): ChatRequestBody {
  const messages = body.messages as Array<{ role: string; content: string }>;
  const format = body.response_format?.json_schema?.schema ?? (body.stream ? undefined : schemaInPrompt(messages));
  return { model: body.model, messages, stream: Boolean(body.stream), ...(format ? { format } : {}) };
}

function schemaInPrompt(messages: Array<{ role: string; content: string }>): unknown {
  for (const m of messages.filter((x) => x.role === 'system')) {
    const last = m.content.split('\n').at(-1) ?? '';
    try {
      const parsed = JSON.parse(last) as { properties?: unknown };
      if (parsed && typeof parsed === 'object' && parsed.properties) return parsed;
    } catch {
      // not a schema line
    }
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
