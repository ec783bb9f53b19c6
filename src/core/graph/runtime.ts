/**
 * What nodes get from the host for one turn, passed through LangGraph's `configurable` so that no
 * node constructs a model, a retriever or a tracer itself (tests inject scripted ones).
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Retriever } from '../index/types';
import type { LlmClient, LlmMessage } from '../llm/types';
import type { Logger } from '../ports';
import type { PromptProvider, ResolvedPrompt } from '../prompts/provider';
import { promptRef, renderPrompt } from '../prompts/provider';
import type { TurnTrace } from '../tracing/tracer';
import type { TurnEvent } from './api';
import type { AgentName, ResearchConfig } from './config';
import type { Decision } from './api';
import type { ResearchStateType, ResearchUpdate } from './state';

export interface GraphRuntime {
  /** Null when no LLM is configured or reachable: the degraded path runs. */
  llm: LlmClient | null;
  retriever: Retriever;
  prompts: PromptProvider;
  config: ResearchConfig;
  logger: Logger;
  trace: TurnTrace;
  emit(event: TurnEvent): void;
  signal?: AbortSignal;
}

export function runtimeOf(config: LangGraphRunnableConfig): GraphRuntime {
  const runtime = (config.configurable as { runtime?: GraphRuntime } | undefined)?.runtime;
  if (!runtime) throw new Error('research graph invoked without its runtime (configurable.runtime)');
  return runtime;
}

/** Loads a prompt, renders it and returns the pieces an LLM request needs. */
export async function preparePrompt(runtime: GraphRuntime, agent: AgentName, name: string, values: Record<string, string>) {
  const prompt: ResolvedPrompt = await runtime.prompts.get(name, runtime.signal);
  const system = renderPrompt(prompt, values);
  return {
    system,
    ref: promptRef(prompt),
    temperature: runtime.config.temperatures[agent] ?? prompt.temperature,
    model: runtime.config.models[agent],
  };
}

/** The context window to ask for: the model's, capped by config. */
export async function contextWindow(runtime: GraphRuntime, llm: LlmClient, agent: AgentName): Promise<number> {
  const model = runtime.config.models[agent];
  const length = await llm.contextLength(model, runtime.signal);
  return Math.min(length, runtime.config.maxContextTokens);
}

export function decision(agent: string, decided: string, reason: string, startedAt: number): Decision {
  return { agent, decision: decided, reason, ms: round(performance.now() - startedAt) };
}

export function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

export type { LlmMessage };

const PROGRESS: Record<string, string> = {
  gate: 'Checking the index…',
  orchestrator: 'Understanding the question…',
  clarification: 'Preparing a clarifying question…',
  research: 'Searching your documents…',
  synthesis: 'Writing the answer…',
  validation: 'Checking the answer against the sources…',
  degraded: 'Collecting the best passages…',
};

type NodeFn = (state: ResearchStateType, config: LangGraphRunnableConfig) => Promise<ResearchUpdate>;

/**
 * Wraps a node: a tracing span carrying the node's decisions, the iteration counter and
 * `lastAgent`. Nodes stay free of bookkeeping.
 */
export function instrumentNode(name: string, node: NodeFn): NodeFn {
  return async (state, config) => {
    const runtime = runtimeOf(config);
    const span = runtime.trace.span(name, { question: state.question });
    runtime.emit({ type: 'progress', agent: name, message: PROGRESS[name] ?? name });
    try {
      const update = await node(state, config);
      span.end(summarise(update), { decisions: update.decisions ?? [], next: update.nextAgent });
      return { ...update, iteration: 1, lastAgent: name };
    } catch (error) {
      span.end({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      throw error;
    }
  };
}

/** Keeps spans small: counts instead of whole chunk lists. */
function summarise(update: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (key === 'decisions') continue;
    out[key] = Array.isArray(value) && value.length > 5 ? `${value.length} items` : value;
  }
  return out;
}
