/**
 * A `fetch` for the `ollama` client (and anything else that talks to Ollama) with a deadline per
 * phase of the exchange, built on node:http because the global fetch cannot tell them apart:
 * connecting, waiting for the first byte of the body (a model loading sends nothing for long),
 * silence between two chunks of a stream, and the whole exchange. When one expires the request
 * is closed and the caller's promise, or the body being read, fails with LlmTimeoutError.
 *
 * It also keeps the client's own printing out of the user's terminal: an error reply is turned
 * into ServerStatusError here (the client would `console.log` while reading a non-JSON one), and
 * a streamed line that is not JSON fails the stream (the client would print it and skip it).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { LlmRequestError, LlmTimeoutError, ReplyTooLargeError } from './errors';
import type { LimitName, NetworkLimits, ReplyLimitName } from './timeouts';

export interface PhaseLimit {
  limit: LimitName;
  ms: number;
}

export interface PhaseLimits {
  /** Until the TCP connection is open. */
  connect: PhaseLimit;
  /** From the connection to the first byte of the body (headers alone do not count). */
  firstByte?: PhaseLimit;
  /** Between two chunks of the body, after the first. */
  idle?: PhaseLimit;
  /** The whole exchange, body included. */
  total?: PhaseLimit;
}

/** The phases of each kind of call, the same for every server: quick metadata, a structured reply (all at once), a token stream, embeddings. */
export function callPhases(limits: NetworkLimits): { metadata: PhaseLimits; structured: PhaseLimits; stream: PhaseLimits; embed: PhaseLimits } {
  const connect = { limit: 'connectMs', ms: limits.connectMs } as const;
  return {
    metadata: { connect, total: { limit: 'metadataMs', ms: limits.metadataMs } },
    structured: { connect, total: { limit: 'structuredMs', ms: limits.structuredMs } },
    stream: { connect, firstByte: { limit: 'firstTokenMs', ms: limits.firstTokenMs }, idle: { limit: 'betweenTokensMs', ms: limits.betweenTokensMs } },
    embed: { connect, total: { limit: 'embedMs', ms: limits.embedMs } },
  };
}

export interface TimedFetchOptions {
  /** Named in errors. */
  host: string;
  /** Who stays silent, in a timeout's message; default `Ollama at <host>`. */
  server?: string;
  phases: PhaseLimits;
  /** The caller's cancellation, combined with whatever signal the client passes. */
  signal?: AbortSignal;
  /** The body is NDJSON: a line that is not JSON fails the stream. */
  ndjson?: boolean;
  /**
   * Bytes of body at most (an embeddings reply): past them the request is closed and the body
   * fails with ReplyTooLargeError, before the rest arrives or anything is parsed.
   */
  maxBytes?: { limit: ReplyLimitName; bytes: number };
}

/** The server answered an HTTP error; `status_code` as the `ollama` client's ResponseError has it. */
export class ServerStatusError extends Error {
  constructor(
    readonly status_code: number,
    serverText: string,
  ) {
    super(serverText || `HTTP ${status_code}`);
    this.name = 'ServerStatusError';
  }
}

const MAX_ERROR_TEXT = 300;
/** Bytes of an error reply read for its message. */
const MAX_ERROR_BODY = 64 * 1024;

export function timedFetch(options: TimedFetchOptions): typeof fetch {
  return ((input: string | URL | Request, init: RequestInit = {}) =>
    send(new URL(typeof input === 'string' || input instanceof URL ? input : input.url), init, options)) as typeof fetch;
}

function send(url: URL, init: RequestInit, options: TimedFetchOptions): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const signals = [init.signal, options.signal].filter((s): s is AbortSignal => Boolean(s));
    const alreadyAborted = signals.find((s) => s.aborted);
    if (alreadyAborted) return reject(alreadyAborted.reason);

    const timers = new Map<keyof PhaseLimits, NodeJS.Timeout>();
    let settled = false;
    let response: IncomingMessage | null = null;
    let failure: unknown;

    const cleanup = () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      for (const s of signals) s.removeEventListener('abort', onAbort);
    };
    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      cleanup();
      if (!settled) {
        settled = true;
        reject(error);
      }
      // After the headers, the error reaches whoever reads the body.
      response?.destroy(error as Error);
      req.destroy();
    };
    const arm = (phase: keyof PhaseLimits) => {
      clearTimeout(timers.get(phase));
      const limit = options.phases[phase];
      if (limit)
        timers.set(
          phase,
          setTimeout(() => fail(new LlmTimeoutError(options.host, limit.limit, limit.ms, options.server ? { server: options.server } : undefined)), limit.ms),
        );
    };
    const disarm = (phase: keyof PhaseLimits) => {
      clearTimeout(timers.get(phase));
      timers.delete(phase);
    };
    function onAbort(this: AbortSignal) {
      fail(this.reason);
    }
    for (const s of signals) s.addEventListener('abort', onAbort, { once: true });

    const headers = plainHeaders(init.headers);
    const body = typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: init.method ?? 'GET', headers });

    arm('total');
    arm('connect');
    req.on('socket', (socket: Socket) => {
      const connected = () => {
        disarm('connect');
        arm('firstByte');
      };
      if (socket.connecting) socket.once('connect', connected);
      else connected(); // a kept-alive socket
    });
    req.on('error', fail);
    req.on('response', (res) => {
      response = res;
      const status = res.statusCode ?? 0;
      let first = true;
      const onChunk = () => {
        if (first) disarm('firstByte');
        first = false;
        arm('idle');
      };
      if (status >= 400) {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          onChunk();
          // Only the start becomes the one-line error: the rest is not kept.
          if (kept < MAX_ERROR_BODY) chunks.push(chunk);
          kept += chunk.length;
        });
        res.on('end', () => fail(new ServerStatusError(status, errorText(Buffer.concat(chunks).toString('utf8')))));
        res.on('error', fail);
        return;
      }
      const lines = options.ndjson ? new LineChecker(options.host) : null;
      let received = 0;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          res.on('data', (chunk: Buffer) => {
            onChunk();
            received += chunk.length;
            const max = options.maxBytes;
            if (max && received > max.bytes) return fail(new ReplyTooLargeError(options.server ?? `Ollama at ${options.host}`, max.limit, max.bytes));
            const bad = lines?.check(chunk);
            if (bad) return fail(bad);
            controller.enqueue(new Uint8Array(chunk));
          });
          res.on('end', () => {
            cleanup();
            const bad = lines?.end();
            if (bad) controller.error(bad);
            else controller.close();
          });
          res.on('error', (error) => {
            cleanup();
            controller.error(failure ?? error);
          });
        },
        cancel() {
          cleanup();
          req.destroy();
        },
      });
      settled = true;
      resolve(new Response(status === 204 || status === 304 ? null : stream, { status, statusText: res.statusMessage ?? '', headers: webHeaders(res) }));
    });
    req.end(body);
  });
}

/** Splits NDJSON as it arrives and reports the first line that is not JSON. */
class LineChecker {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  constructor(private readonly host: string) {}

  check(chunk: Buffer): Error | null {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    const parts = this.buffer.split('\n');
    this.buffer = parts.pop() ?? '';
    return this.firstBad(parts);
  }

  end(): Error | null {
    return this.firstBad([this.buffer + this.decoder.decode()]);
  }

  private firstBad(lines: string[]): Error | null {
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        JSON.parse(line);
      } catch (error) {
        return new LlmRequestError(`Ollama at ${this.host} sent a reply that is not JSON`, undefined, { cause: error });
      }
    }
    return null;
  }
}

/**
 * The server's words for an error, as one printable line: Ollama's `{ error }`, the OpenAI shape
 * `{ error: { message } }` (llama.cpp server, LM Studio), vLLM's `{ message }`; else the text.
 */
function errorText(raw: string): string {
  let text = raw;
  try {
    const parsed = JSON.parse(raw) as { error?: unknown; message?: unknown };
    const nested = (parsed?.error as { message?: unknown } | undefined)?.message;
    if (typeof parsed?.error === 'string') text = parsed.error;
    else if (typeof nested === 'string') text = nested;
    else if (typeof parsed?.message === 'string') text = parsed.message;
  } catch {
    // not JSON: the text as it is
  }
  const line = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > MAX_ERROR_TEXT ? `${line.slice(0, MAX_ERROR_TEXT)}…` : line;
}

function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (out[key] = value));
  return out;
}

function webHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}
