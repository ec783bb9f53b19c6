/**
 * The public entry point: one call answers one user turn (see ./api for the contract). Hosts
 * either call `runTurn` (builds everything per call) or keep a `createResearchAssistant` and
 * call its `runTurn` for every turn (reuses the LLM client, its context-length cache, Langfuse).
 * LangGraph is loaded on the first turn only: hosts that never ask never pay its ~0.3 s require.
 */
import type { Retriever } from '../index/types';
import { isAbortError } from '../llm/errors';
import { instrumentLlm, newCallCounter, type WaitingNotice } from '../llm/instrumented';
import { formatSeconds } from '../llm/timeouts';
import { createOllamaClient } from '../llm/ollamaClient';
import type { LlmClient } from '../llm/llmClient';
import { silentLogger, type Logger } from '../ports';
import { filePromptProvider, langfusePromptProvider, type PromptProvider } from '../prompts/provider';
import { createLangfuseClient, langfusePromptSource, langfuseTracer } from '../tracing/langfuse';
import { traceLlm } from '../tracing/tracedLlm';
import type { Tracer } from '../tracing/tracer';
import type { TurnDependencies, TurnEvent, TurnInput, TurnOptions, TurnResult } from './api';
import { resolveConfig, type ResearchConfig, type ResearchConfigInput } from './config';
import { initialStateFrom } from './history';
import { maxNodeRuns } from './nodes';
import type { GraphRuntime } from './runtime';
import { SCOPE_NOT_INDEXED, scopeNote, scopeRetriever, type ResolvedScope } from './scope';
import type { ResearchStateType } from './state';

export interface ResearchAssistantOptions {
  retriever: Retriever;
  /** undefined: an Ollama client from `config.ollamaHost` / OLLAMA_HOST; null: no LLM (degraded answers). */
  llm?: LlmClient | null;
  config?: ResearchConfigInput;
  /** undefined: Langfuse when keys are configured, otherwise no tracing. */
  tracer?: Tracer;
  /** undefined: the prompt files, overridden by Langfuse prompts when prompt management is on. */
  prompts?: PromptProvider;
  logger?: Logger;
}

export type RunTurnDependencies = TurnDependencies & Omit<ResearchAssistantOptions, 'retriever'>;

export interface ResearchAssistant {
  readonly config: ResearchConfig;
  runTurn(input: TurnInput, options?: TurnOptions): Promise<TurnResult>;
  /** Sends pending traces and releases clients. */
  dispose(): Promise<void>;
}

type CompiledGraph = import('./graph').ResearchGraph;
let compiled: CompiledGraph | null = null;

/**
 * Compiles the graph once per process, on first use. A plain `require` (not `import()`): it
 * stays lazy in the esbuild bundle and resolves extensionless paths under tsx as well.
 */
export function loadResearchGraph(): CompiledGraph {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  compiled ??= (require('./graph') as typeof import('./graph')).buildResearchGraph();
  return compiled;
}

export function createResearchAssistant(options: ResearchAssistantOptions): ResearchAssistant {
  const config = resolveConfig(options.config);
  const logger = options.logger ?? silentLogger;
  const llm = options.llm === undefined ? createOllamaClient({ host: config.ollamaHost, limits: config.limits }) : options.llm;
  const needsLangfuse = options.tracer === undefined || (options.prompts === undefined && config.langfuse.promptManagement);
  const langfuse = needsLangfuse ? createLangfuseClient(config.langfuse) : null;
  const tracer = options.tracer ?? langfuseTracer(langfuse, logger);
  const remotePrompts = config.langfuse.promptManagement ? langfusePromptSource(langfuse) : null;
  const dir = config.promptsDir ?? undefined;
  const prompts =
    options.prompts ??
    (remotePrompts
      ? langfusePromptProvider(remotePrompts, { label: config.langfuse.promptLabel, version: config.langfuse.promptVersion }, logger, dir)
      : filePromptProvider(dir));

  return {
    config,
    async runTurn(input: TurnInput, turnOptions: TurnOptions = {}): Promise<TurnResult> {
      const graph = loadResearchGraph();
      const initial = initialStateFrom(input.question, input.history ?? []);
      const trace = tracer.startTurn({
        conversationId: initial.conversationId as string,
        correlationId: initial.correlationId as string,
        question: input.question,
      });
      const counter = newCallCounter();
      let streamed = '';
      const emit = (event: TurnEvent) => {
        if (event.type === 'token') streamed += event.text;
        if (event.type === 'reset') streamed = '';
        try {
          turnOptions.onEvent?.(event);
        } catch (error) {
          logger.warn('a turn event handler threw; ignoring it', error);
        }
      };
      const scoped = input.scope?.length ? scopeRetriever(options.retriever, input.scope) : null;
      const runtime: GraphRuntime = {
        llm: llm ? traceLlm(instrumentLlm(llm, counter, waitingNotice(config, llm.host, emit)), trace) : null,
        retriever: scoped?.retriever ?? options.retriever,
        ...(scoped ? { scope: scoped.resolved, ...(input.scopeName ? { scopeName: input.scopeName } : {}) } : {}),
        prompts,
        config,
        logger,
        trace,
        emit,
        ...(turnOptions.signal ? { signal: turnOptions.signal } : {}),
      };
      let final: ResearchStateType;
      try {
        final = (await graph.invoke(initial, {
          configurable: { runtime },
          // LangGraph's default, or more when the settings allow longer turns: maxNodeRuns ends a turn first.
          recursionLimit: Math.max(25, maxNodeRuns(config) + 1),
          ...(turnOptions.signal ? { signal: turnOptions.signal } : {}),
        })) as ResearchStateType;
      } catch (error) {
        if (!isAbortError(error, turnOptions.signal)) {
          trace.end({ error: String(error) });
          throw error;
        }
        trace.end({ cancelled: true, answer: streamed }, { llmCalls: counter.total });
        logger.info(`turn ${initial.correlationId} cancelled`);
        return cancelledResult(initial, streamed, counter.total);
      }
      const result = resultOf(final, counter.total);
      if (scoped) addScopeNote(result, await scoped.resolved(), emit);
      for (const citation of result.citations) emit({ type: 'citation', citation });
      trace.end(
        { route: result.route, answer: result.answer, citations: result.citations },
        { decisions: result.decisions, llmCalls: result.llmCalls, llmCallsByAgent: counter.byAgent },
      );
      logger.info(
        `turn ${final.correlationId}: ${result.route}, ${result.llmCalls} LLM calls, ${result.decisions.map((d) => `${d.agent}:${d.decision}`).join(' > ')}`,
      );
      return result;
    },
    async dispose() {
      await tracer.shutdown();
    },
  };
}

/** Said after half the limit of the call (at most 3 s): enough for a warm model to have answered. */
const WAITING_NOTICE_MAX_MS = 3000;

function waitingNotice(config: ResearchConfig, host: string, emit: (event: TurnEvent) => void): WaitingNotice {
  const limitOf = (kind: 'stream' | 'structured') => (kind === 'stream' ? config.limits.firstTokenMs : config.limits.structuredMs);
  return {
    afterMs: (kind) => Math.min(WAITING_NOTICE_MAX_MS, limitOf(kind) / 2),
    notify: (request, kind) =>
      emit({
        type: 'waiting',
        agent: request.agent,
        message: `Waiting for the model (${request.model} at ${host}; it may be loading): giving up after ${formatSeconds(limitOf(kind))}…`,
      }),
  };
}

/** One-shot: builds an assistant for this turn, runs it and flushes traces. */
export async function runTurn(input: TurnInput, deps: RunTurnDependencies, options: TurnOptions = {}): Promise<TurnResult> {
  const assistant = createResearchAssistant(deps);
  try {
    return await assistant.runTurn(input, options);
  } finally {
    await assistant.dispose();
  }
}

/** Names the references that are not indexed and, when nothing was cited, what was searched. */
function addScopeNote(result: TurnResult, scope: ResolvedScope, emit: (event: TurnEvent) => void): void {
  result.scope = { searched: scope.documents, notIndexed: scope.notIndexed };
  // The gate's own answer already names them; a clarifying question cites nothing by design.
  if (result.problem?.code === SCOPE_NOT_INDEXED || result.route === 'clarification') return;
  const note = scopeNote(scope, result.citations.length > 0);
  if (!note) return;
  const text = result.answer ? `\n\n${note}` : note;
  result.answer += text;
  emit({ type: 'token', text });
}

function resultOf(state: ResearchStateType, llmCalls: number): TurnResult {
  const metadata = {
    clarificationCount: state.clarificationCount,
    lastAgent: state.lastAgent,
    citations: state.citations,
    decisions: state.decisions,
    conversationId: state.conversationId,
    ...(state.route === 'clarification' ? { clarifyingQuestion: state.draftAnswer } : {}),
  };
  return {
    route: state.route,
    answer: state.draftAnswer,
    followups: state.followups,
    citations: state.citations,
    metadata,
    decisions: state.decisions,
    llmCalls,
    ...(state.problem ? { problem: state.problem } : {}),
    ...(state.notInDocuments ? { notInDocuments: true } : {}),
  };
}

function cancelledResult(initial: ReturnType<typeof initialStateFrom>, streamed: string, llmCalls: number): TurnResult {
  return {
    route: 'answer',
    answer: streamed,
    followups: [],
    citations: [],
    metadata: {
      clarificationCount: (initial.clarificationCount as number) ?? 0,
      lastAgent: 'cancelled',
      citations: [],
      decisions: [],
      conversationId: initial.conversationId as string,
    },
    decisions: [],
    llmCalls,
    cancelled: true,
  };
}
