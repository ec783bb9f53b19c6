/**
 * Tracer backed by the `langfuse` package (v3, ingestion API). Loaded only when keys are
 * configured. The client batches events and POSTs them to `<baseUrl>/api/public/ingestion`.
 *
 * Tracing is best effort and bounded: every request has a short timeout, a host that cannot be
 * reached is reported once (one warning line) and left alone for a while, and shutdown never
 * waits long. The SDK prints a stack trace to the console when its own flush fails, so flushing
 * goes through `flush(callback)`, which reports the error to us instead.
 */
import type { Logger } from '../ports';
import { silentLogger } from '../ports';
import type { RemotePromptSource } from '../prompts/provider';
import type { GenerationRecord, SpanHandle, Tracer, TurnTrace, TurnTraceInfo } from './tracer';
import { noopTracer } from './tracer';

export interface LangfuseSettings {
  publicKey?: string;
  secretKey?: string;
  /** Default https://cloud.langfuse.com (the SDK's default). */
  baseUrl?: string;
  /** Use Langfuse-managed prompts (the files stay the fallback). */
  promptManagement?: boolean;
  promptLabel?: string;
  promptVersion?: number;
  environment?: string;
  /** Per request (ms); default 2000, or RESEARCH_LANGFUSE_TIMEOUT seconds. */
  timeoutMs?: number;
}

export function langfuseConfigured(settings: LangfuseSettings | undefined): settings is LangfuseSettings & { publicKey: string; secretKey: string } {
  return Boolean(settings?.publicKey && settings.secretKey);
}

type LangfuseClient = import('langfuse').Langfuse;

const DEFAULT_TIMEOUT_MS = 2000;
/** An unreachable Langfuse must not hold a CLI turn (or the editor's shutdown) hostage. */
const SHUTDOWN_WAIT_MS = 1000;
/** After a failure, traces are dropped this long instead of each batch waiting out the timeout. */
const RETRY_AFTER_MS = 5 * 60_000;
/** Batches sent per flush at most (flushAt events each): a bound, not a expected size. */
const MAX_BATCHES = 20;

/** What we keep per client: its in-flight requests (aborted on shutdown) and whether it is down. */
interface Connection {
  baseUrl: string;
  inflight: AbortController;
  downUntil: number;
  warned: boolean;
}
const connections = new WeakMap<LangfuseClient, Connection>();

function bounded<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One Langfuse client per settings object: tracing and prompt management share it. */
export function createLangfuseClient(settings: LangfuseSettings): LangfuseClient | null {
  if (!langfuseConfigured(settings)) return null;
  // Loaded on demand: hosts that never trace never pay for the package.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Langfuse } = require('langfuse') as typeof import('langfuse');
  const client = new Langfuse({
    publicKey: settings.publicKey,
    secretKey: settings.secretKey,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(settings.environment ? { environment: settings.environment } : {}),
    flushAt: 50,
    flushInterval: 2000,
    requestTimeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // Traces are best effort: a failed batch is dropped (and logged) rather than retried later.
    fetchRetryCount: 0,
  });
  const connection: Connection = { baseUrl: settings.baseUrl ?? 'https://cloud.langfuse.com', inflight: new AbortController(), downUntil: 0, warned: false };
  // The SDK's seam for its runtime's fetch: ours adds a signal that shutdown aborts, so a request
  // to a silent host cannot keep the process alive after the turn.
  const sdk = client as unknown as { fetch(url: string, options: RequestInit): Promise<Response> };
  sdk.fetch = (url, options) =>
    fetch(url, { ...options, signal: options.signal ? AbortSignal.any([options.signal, connection.inflight.signal]) : connection.inflight.signal });
  connections.set(client, connection);
  return client;
}

/** Sends every queued batch through `flush(callback)`; resolves with the first error, or undefined. */
async function drain(client: LangfuseClient): Promise<unknown> {
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { error, sent } = await new Promise<{ error: unknown; sent: boolean }>((resolve) =>
      client.flush((error?: unknown, items?: unknown) => resolve({ error, sent: items !== undefined })),
    );
    if (error) return error;
    if (!sent) return undefined;
  }
  return undefined;
}

export function langfuseTracer(client: LangfuseClient | null, logger: Logger = silentLogger): Tracer {
  if (!client) return noopTracer;
  const connection = connections.get(client) ?? { baseUrl: 'Langfuse', inflight: new AbortController(), downUntil: 0, warned: false };
  const isDown = () => Date.now() < connection.downUntil;
  /** One line, once per client: the traces of the next minutes are dropped, the turns go on. */
  const failed = (error: unknown) => {
    connection.downUntil = Date.now() + RETRY_AFTER_MS;
    if (connection.warned) return logger.debug('Langfuse: could not send traces', error);
    connection.warned = true;
    logger.warn(`Langfuse at ${connection.baseUrl} could not take the traces (${reasonOf(error)}); tracing is skipped for ${RETRY_AFTER_MS / 60_000} minutes`);
  };
  client.on('error', (error: unknown) => logger.debug('Langfuse: SDK error', error));
  // Flushes the SDK starts on its own timer report their failure as a warning carrying the error.
  client.on('warning', (warning: unknown) => (warning instanceof Error ? failed(warning) : logger.debug('Langfuse: SDK warning', warning)));
  return {
    enabled: true,
    startTurn(info: TurnTraceInfo): TurnTrace {
      if (isDown()) return noopTracer.startTurn(info);
      const trace = client.trace({
        id: info.correlationId,
        name: 'research-turn',
        sessionId: info.conversationId,
        input: info.question,
        metadata: { correlationId: info.correlationId },
      });
      let current: ReturnType<typeof trace.span> | null = null;
      return {
        traceId: trace.id,
        span(name: string, input?: unknown): SpanHandle {
          const span = trace.span({ name, input, startTime: new Date() });
          current = span;
          return {
            end(output?: unknown, metadata?: Record<string, unknown>) {
              span.end({ output, metadata });
              if (current === span) current = null;
            },
          };
        },
        generation(record: GenerationRecord) {
          const parent = current ?? trace;
          parent.generation({
            name: record.name,
            model: record.model,
            input: record.input,
            output: record.output,
            startTime: record.startTime,
            endTime: record.endTime,
            ...(record.temperature !== undefined ? { modelParameters: { temperature: record.temperature } } : {}),
            ...(record.usage
              ? {
                  usage: { input: record.usage.input, output: record.usage.output, unit: 'TOKENS' as const },
                  usageDetails: { input: record.usage.input, output: record.usage.output },
                }
              : {}),
            metadata: record.prompt ? { promptName: record.prompt.name, promptVersion: record.prompt.version, promptSource: record.prompt.source } : undefined,
            ...(record.prompt?.remote ? { prompt: record.prompt.remote as never } : {}),
            ...(record.error ? { level: 'ERROR' as const, statusMessage: record.error } : {}),
          });
        },
        end(output: unknown, metadata?: Record<string, unknown>) {
          trace.update({ output, ...(metadata ? { metadata: { correlationId: info.correlationId, ...metadata } } : {}) });
        },
      };
    },
    async flush() {
      if (isDown()) return;
      const error = await drain(client);
      if (error) failed(error);
    },
    async shutdown() {
      if (!isDown()) {
        const result = await bounded(
          drain(client).then((error) => ({ error })),
          SHUTDOWN_WAIT_MS,
        );
        if (!result) failed(Object.assign(new Error('no answer in time'), { name: 'TimeoutError' }));
        else if (result.error) failed(result.error);
      }
      // Whatever is still in flight goes: the host is silent, and best effort is over.
      connection.inflight.abort();
    },
  };
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? cause : error;
  if (inner instanceof Error && (inner.name === 'TimeoutError' || inner.name === 'AbortError')) return 'no answer in time';
  const code = (inner as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : inner instanceof Error ? inner.message.split('\n')[0]! : String(inner);
}

interface FetchedPrompt {
  name: string;
  prompt: string;
  version: number;
  config?: unknown;
  isFallback: false;
}

/**
 * Langfuse as a prompt source (prompt management), when configured. Fetched through the SDK's
 * `getPromptStateless`, not `getPrompt`: the latter prints the whole error with its stack to the
 * console on every failed fetch, and the provider already says once, in one line, that Langfuse is
 * down. Successful fetches are kept for `cacheTtlSeconds` (default 60 s, the SDK's own default).
 */
export function langfusePromptSource(client: LangfuseClient | null): RemotePromptSource | null {
  if (!client) return null;
  const cache = new Map<string, { prompt: FetchedPrompt; until: number }>();
  return {
    async getPrompt(name, version, options = {}) {
      const key = `${name}|${version ?? ''}|${options.label ?? ''}`;
      const cached = cache.get(key);
      if (cached && Date.now() < cached.until) return cached.prompt;
      const label = version === undefined ? options.label : undefined;
      // Network failures and 5xx answers throw the SDK's error classes (the provider reads them).
      const { data, fetchResult } = await client.getPromptStateless(name, version, label, options.maxRetries, options.fetchTimeoutMs);
      if (fetchResult === 'failure') throw new Error((data as { message?: string }).message ?? `Langfuse has no prompt '${name}'`);
      if ((data as { type?: string }).type === 'chat') throw new Error(`Langfuse prompt '${name}' is a chat prompt; a text prompt is needed`);
      const { prompt: text, version: fetchedVersion, config } = data as { prompt: string; version: number; config?: unknown };
      // What a generation needs to link to its prompt (the SDK reads name, version and isFallback).
      const prompt: FetchedPrompt = { name, prompt: text, version: fetchedVersion, config, isFallback: false };
      const ttl = options.cacheTtlSeconds ?? 60;
      if (ttl > 0) cache.set(key, { prompt, until: Date.now() + ttl * 1000 });
      return prompt;
    },
  };
}
