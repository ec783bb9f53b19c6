/**
 * Tracer backed by the `langfuse` package (v3, ingestion API). Loaded only when keys are
 * configured. The client batches events and POSTs them to `<baseUrl>/api/public/ingestion`.
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
}

export function langfuseConfigured(settings: LangfuseSettings | undefined): settings is LangfuseSettings & { publicKey: string; secretKey: string } {
  return Boolean(settings?.publicKey && settings.secretKey);
}

type LangfuseClient = import('langfuse').Langfuse;

/** An unreachable Langfuse must not hold a CLI turn (or the editor's shutdown) hostage. */
const FLUSH_WAIT_MS = 3000;

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
  return new Langfuse({
    publicKey: settings.publicKey,
    secretKey: settings.secretKey,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(settings.environment ? { environment: settings.environment } : {}),
    flushAt: 50,
    flushInterval: 2000,
    requestTimeout: 5000,
    // Traces are best effort: a failed batch is dropped (and logged) rather than retried later.
    fetchRetryCount: 0,
  });
}

export function langfuseTracer(client: LangfuseClient | null, logger: Logger = silentLogger): Tracer {
  if (!client) return noopTracer;
  client.on('error', (error: unknown) => logger.warn('Langfuse: could not send traces', error));
  return {
    enabled: true,
    startTurn(info: TurnTraceInfo): TurnTrace {
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
            ...(record.usage ? { usage: { input: record.usage.input, output: record.usage.output, unit: 'TOKENS' as const }, usageDetails: { input: record.usage.input, output: record.usage.output } } : {}),
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
      try {
        await bounded(client.flushAsync(), FLUSH_WAIT_MS);
      } catch (error) {
        logger.warn('Langfuse: flush failed', error);
      }
    },
    async shutdown() {
      try {
        await bounded(client.shutdownAsync(), FLUSH_WAIT_MS);
      } catch (error) {
        logger.warn('Langfuse: shutdown failed', error);
      }
    },
  };
}

/** Langfuse as a prompt source (prompt management), when configured. */
export function langfusePromptSource(client: LangfuseClient | null): RemotePromptSource | null {
  if (!client) return null;
  return {
    getPrompt: (name, version, options) => client.getPrompt(name, version, { ...options, type: 'text' }) as never,
  };
}
