/**
 * The tracing port: a trace per turn, a span per graph node, a generation per LLM call. The graph
 * only sees this interface, so Langfuse (./langfuse) can be swapped for another backend, and when
 * tracing is off the no-op costs nothing.
 */

export interface GenerationRecord {
  /** The agent that asked (orchestrator, synthesis, ...). */
  name: string;
  model: string;
  input: unknown;
  output: unknown;
  startTime: Date;
  endTime: Date;
  usage?: { input: number; output: number };
  temperature?: number;
  prompt?: { name: string; version: number | string; source: 'file' | 'langfuse'; remote?: unknown };
  /** Set when the call failed. */
  error?: string;
}

export interface SpanHandle {
  end(output?: unknown, metadata?: Record<string, unknown>): void;
}

export interface TurnTrace {
  readonly traceId: string | undefined;
  /** Starts a node span; generations recorded until it ends are nested under it. */
  span(name: string, input?: unknown): SpanHandle;
  generation(record: GenerationRecord): void;
  end(output: unknown, metadata?: Record<string, unknown>): void;
}

export interface TurnTraceInfo {
  conversationId: string;
  correlationId: string;
  question: string;
}

export interface Tracer {
  readonly enabled: boolean;
  startTurn(info: TurnTraceInfo): TurnTrace;
  /** Sends what is queued; resolves even when the backend is unreachable. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const noopSpan: SpanHandle = { end: () => undefined };
const noopTrace: TurnTrace = {
  traceId: undefined,
  span: () => noopSpan,
  generation: () => undefined,
  end: () => undefined,
};

export const noopTracer: Tracer = {
  enabled: false,
  startTurn: () => noopTrace,
  flush: async () => undefined,
  shutdown: async () => undefined,
};
