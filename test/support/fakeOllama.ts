/**
 * A local HTTP server that speaks the parts of Ollama's REST API the product uses, with scripted
 * answers. Tests point the real `ollama` client at it, so our real request building and parsing
 * run; only the model is fake.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';

/** A scripted chat answer. A string is shorthand for `{ content }`. */
export type ChatReply =
  | string
  | {
      content: string;
      /** Wait before answering (ms). */
      delayMs?: number;
      /** Streamed answers: wait between tokens (ms). */
      tokenDelayMs?: number;
      /** Streamed answers: destroy the connection after this many tokens (Ollama dying mid-answer). */
      failAfterTokens?: number;
      /** Answer with this HTTP status and `{ error }` instead. */
      status?: number;
      error?: string;
      /** Streamed answers: after this many tokens keep the connection open and send nothing more (a stalled model). */
      stallAfterTokens?: number;
    };

/**
 * A transport fault for one request, decided before the endpoint answers (any endpoint):
 * - `stall`: read the request, never send headers (the connection stays open until the client gives up);
 * - `drop`: close the connection without answering;
 * - `garbage`: answer 200 with this body, which is not the JSON (or NDJSON) the endpoint speaks;
 * - `status`: answer this HTTP status with `{ error }`.
 */
export type Fault =
  { kind: 'stall' } | { kind: 'drop' } | { kind: 'garbage'; body: string; contentType?: string } | { kind: 'status'; status: number; error?: string };

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  format?: unknown;
  options?: Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: any;
}

export interface FakeOllamaOptions {
  /** Names listed by /api/tags and accepted by chat/embed; others get 404 "model not found". */
  models?: string[];
  /** Reported by /api/show as the model's context length. */
  contextLength?: number;
  /** Reported by /api/show as the model's chat template (Go template syntax). Default: empty. */
  template?: string;
  /** Embedding function; default: deterministic hashed bag of words (dimension 64). */
  embed?: (model: string, inputs: string[]) => number[][];
  /** Chat answers computed per request; when absent, answers come from the queue. */
  chat?: (body: ChatRequestBody) => ChatReply | Promise<ChatReply>;
  /** Names /api/pull can fetch (default: any); a pulled model is then listed as `name:latest`. */
  registry?: string[];
  /** /api/pull: wait between progress lines (ms). */
  pullStepDelayMs?: number;
  /** A fault per request (path like '/api/embed', parsed body); undefined: answer normally. */
  fault?: (path: string, body: any) => Fault | undefined;
}

export interface FakeOllama {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Adds answers for the next chat requests (used when no `chat` function is given). */
  queueChat(...replies: ChatReply[]): void;
  /** Chat requests received so far. */
  chatRequests(): ChatRequestBody[];
  close(): Promise<void>;
}

/** Deterministic embedding: hashed word counts, L2-normalised. Similar words -> similar vectors. */
export function hashedEmbedding(text: string, dimension = 64): number[] {
  const v = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const h = createHash('md5').update(word).digest();
    v[h.readUInt32LE(0) % dimension] += h[4] & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export async function startFakeOllama(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const models = [...(options.models ?? ['llama3.2', 'nomic-embed-text'])];
  const embed = options.embed ?? ((_m, inputs) => inputs.map((t) => hashedEmbedding(t)));
  const queue: ChatReply[] = [];
  const requests: RecordedRequest[] = [];

  const known = (name: string) => models.some((m) => m === name || m === `${name}:latest` || `${m}:latest` === name);

  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
    const fault = options.fault?.(req.url ?? '/', body);
    if (fault) return answerFault(fault, res);
    try {
      switch (req.url) {
        case '/api/version':
          return json(res, 200, { version: '0.12.0' });
        case '/api/tags':
          return json(res, 200, {
            models: models.map((name) => ({
              name,
              model: name,
              modified_at: new Date(0).toISOString(),
              size: 1,
              digest: 'sha256:0',
              details: { format: 'gguf', family: 'llama', families: ['llama'], parameter_size: '3B', quantization_level: 'Q4_K_M' },
            })),
          });
        case '/api/show':
          if (!known(body?.model ?? body?.name)) return json(res, 404, { error: `model '${body?.model}' not found` });
          return json(res, 200, {
            modelfile: '',
            parameters: '',
            template: options.template ?? '',
            details: {},
            model_info: { 'general.architecture': 'llama', 'llama.context_length': options.contextLength ?? 8192 },
          });
        case '/api/embed': {
          if (!known(body.model)) return json(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
          const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
          return json(res, 200, {
            model: body.model,
            embeddings: embed(body.model, inputs),
            total_duration: 1,
            load_duration: 0,
            prompt_eval_count: inputs.length,
          });
        }
        case '/api/chat':
          return await answerChat(body as ChatRequestBody, res);
        case '/api/pull':
          return await answerPull(body, res);
        default:
          return json(res, 404, { error: 'not found' });
      }
    } catch (error) {
      if (!res.headersSent) json(res, 500, { error: String(error) });
    }
  });

  async function answerChat(body: ChatRequestBody, res: ServerResponse): Promise<void> {
    if (!known(body.model)) return json(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
    const scripted = options.chat ? await options.chat(body) : queue.shift();
    if (scripted === undefined) return json(res, 500, { error: 'fake ollama: no scripted chat reply left' });
    const reply = typeof scripted === 'string' ? { content: scripted } : scripted;
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.status) return json(res, reply.status, { error: reply.error ?? 'scripted failure' });
    const base = { model: body.model, created_at: new Date().toISOString() };
    if (!body.stream) {
      return json(res, 200, {
        ...base,
        message: { role: 'assistant', content: reply.content },
        done: true,
        done_reason: 'stop',
        total_duration: 1,
        eval_count: tokens(reply.content).length,
        prompt_eval_count: 10,
      });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const parts = tokens(reply.content);
    for (let i = 0; i < parts.length; i++) {
      if (reply.stallAfterTokens !== undefined && i >= reply.stallAfterTokens) return untilClosed(res);
      if (reply.failAfterTokens !== undefined && i >= reply.failAfterTokens) {
        res.socket?.destroy();
        return;
      }
      if (res.destroyed) return;
      res.write(JSON.stringify({ ...base, message: { role: 'assistant', content: parts[i] }, done: false }) + '\n');
      if (reply.tokenDelayMs) await sleep(reply.tokenDelayMs);
    }
    res.end(
      JSON.stringify({
        ...base,
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        total_duration: 1,
        eval_count: parts.length,
        prompt_eval_count: 10,
      }) + '\n',
    );
  }

  /** Like Ollama: NDJSON progress lines, per layer `{status, digest, total, completed}`, then success. */
  async function answerPull(body: { model?: string; name?: string; stream?: boolean }, res: ServerResponse): Promise<void> {
    const name = body.model ?? body.name ?? '';
    const tagged = name.includes(':') ? name : `${name}:latest`;
    const lines: object[] = [{ status: 'pulling manifest' }];
    if (options.registry && !options.registry.some((r) => r === name || r === tagged || `${r}:latest` === tagged)) {
      lines.push({ error: 'pull model manifest: file does not exist' });
    } else {
      for (const [i, total] of [2_000_000, 40_000].entries()) {
        const digest = `sha256:${createHash('sha256').update(`${name}/${i}`).digest('hex')}`;
        for (const completed of [0, total / 2, total]) lines.push({ status: `pulling ${digest.slice(7, 19)}`, digest, total, completed });
      }
      lines.push({ status: 'verifying sha256 digest' }, { status: 'writing manifest' }, { status: 'success' });
    }
    const failed = lines.some((l) => 'error' in l);
    // Listed once the whole download went through (a pull cut off half-way installs nothing).
    const install = () => !failed && !known(name) && models.push(tagged);
    if (body.stream === false) {
      install();
      return json(res, failed ? 500 : 200, failed ? lines.at(-1) : { status: 'success' });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const line of lines) {
      if (res.destroyed) return;
      // Like Ollama, the manifest is written (the model listed) before "success" is sent.
      if ((line as { status?: string }).status === 'success') install();
      res.write(JSON.stringify(line) + '\n');
      if (options.pullStepDelayMs) await sleep(options.pullStepDelayMs);
    }
    res.end();
  }

  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    queueChat: (...replies) => void queue.push(...replies),
    chatRequests: () => requests.filter((r) => r.path === '/api/chat').map((r) => r.body as ChatRequestBody),
    close,
  };
}

/** Listens on a free loopback port; `close` also ends open connections (a stalled stream would hold the server). */
export async function listenOnLoopback(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function answerFault(fault: Fault, res: ServerResponse): Promise<void> {
  switch (fault.kind) {
    case 'stall':
      return untilClosed(res);
    case 'drop':
      res.socket?.destroy();
      return;
    case 'garbage':
      res.writeHead(200, { 'content-type': fault.contentType ?? 'application/json' });
      res.end(fault.body);
      return;
    case 'status':
      return json(res, fault.status, { error: fault.error ?? 'scripted failure' });
  }
}

/** Holds a request open, sending nothing, until the client (or close()) ends the connection. */
export function untilClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed || res.socket?.destroyed) return resolve();
    res.once('close', () => resolve());
  });
}

/** Splits text into stream tokens that concatenate back to it exactly. */
export function tokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text ? [text] : []);
}

export function json(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

export async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
