/**
 * What nodes get from the host for one turn, passed through LangGraph's `configurable` so that no
 * node constructs a model, a retriever or a tracer itself (tests inject scripted ones).
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Retriever } from '../index/types';
import type { Sanitise } from '../llm/controlTokens';
import { isAbortError } from '../llm/errors';
import type { LlmClient, LlmMessage } from '../llm/llmClient';
import type { Logger } from '../ports';
import type { PromptProvider } from '../prompts/provider';
import { promptRef, renderPrompt } from '../prompts/provider';
import type { TurnTrace } from '../tracing/tracer';
import type { TurnEvent } from './api';
import type { AgentName, ResearchConfig } from './config';
import type { NodeName } from './nodeNames';
import { promptSanitiser, type RenderedData } from './passages';
import type { Decision } from './api';
import type { ResolvedScope } from './scope';
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
  /** Set when the turn is scoped (./scope): `retriever` then already sees only these documents. */
  scope?: () => Promise<ResolvedScope>;
  /** The scope in the user's words (TurnInput.scopeName), for the progress line. */
  scopeName?: string;
}

export function runtimeOf(config: LangGraphRunnableConfig): GraphRuntime {
  const runtime = (config.configurable as { runtime?: GraphRuntime } | undefined)?.runtime;
  if (!runtime) throw new Error('research graph invoked without its runtime (configurable.runtime)');
  return runtime;
}

/**
 * A request's messages, laid out for the model server's prompt cache (Ollama, llama.cpp and vLLM
 * reuse the longest common prefix of the previous request): every request opens with the same
 * preamble (prompts/preamble.md); an agent that reads passages gets them next, in the same system
 * message as grading, the answer and its check (prompts/passages.md, the block of ./evidence.ts),
 * and its own prompt (instruction, question, draft) as the user message after them; any other
 * agent's prompt follows the preamble in the system message. Every plain string value is
 * untrusted text and goes through the model's sanitiser; only `RenderedData` (our data blocks,
 * sanitised inside) is inserted as it is.
 */
export async function preparePrompt(
  runtime: GraphRuntime,
  agent: AgentName,
  name: string,
  values: Record<string, string | RenderedData>,
  passages?: RenderedData,
) {
  const [prompt, preamble, context, clean] = await Promise.all([
    runtime.prompts.get(name, runtime.signal),
    runtime.prompts.get('preamble', runtime.signal),
    passages ? runtime.prompts.get('passages', runtime.signal) : null,
    promptGuard(runtime, agent),
  ]);
  const safe = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? clean(value) : value.rendered]));
  const opening = renderPrompt(preamble, {});
  const task = renderPrompt(prompt, safe);
  const messages: LlmMessage[] =
    context && passages
      ? [
          { role: 'system', content: `${opening}\n${renderPrompt(context, { passages: passages.rendered })}` },
          { role: 'user', content: task },
        ]
      : [{ role: 'system', content: `${opening}\n${task}` }];
  return {
    messages,
    ref: promptRef(prompt),
    temperature: runtime.config.temperatures[agent] ?? prompt.temperature,
    model: runtime.config.models[agent],
  };
}

const guards = new WeakMap<GraphRuntime, Map<string, Promise<Sanitise>>>();

/**
 * The sanitiser for text entering an agent's prompts: the generic token shapes plus the tokens of
 * that agent's model's template, looked up once per turn and model (the client caches the
 * template). When the template cannot be read, the generic shapes alone.
 */
export function promptGuard(runtime: GraphRuntime, agent: AgentName): Promise<Sanitise> {
  const model = runtime.config.models[agent];
  let byModel = guards.get(runtime);
  if (!byModel) guards.set(runtime, (byModel = new Map()));
  let guard = byModel.get(model);
  if (!guard) {
    const lookup = runtime.llm?.controlTokens?.(model, runtime.signal) ?? Promise.resolve([]);
    guard = lookup.then(promptSanitiser, (error: unknown) => {
      if (isAbortError(error, runtime.signal)) throw error;
      runtime.logger.debug(`${model}: chat template unavailable; neutralising the generic token shapes only`, error);
      return promptSanitiser();
    });
    byModel.set(model, guard);
  }
  return guard;
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

export type NodeFn = (state: ResearchStateType, config: LangGraphRunnableConfig) => Promise<ResearchUpdate>;

/**
 * Wraps a node of the table (./nodes): its progress line, a tracing span carrying its decisions,
 * the iteration counter and `lastAgent`. Nodes stay free of bookkeeping.
 */
export function instrumentNode(name: NodeName, node: { run: NodeFn; progress: string }): NodeFn {
  return async (state, config) => {
    const runtime = runtimeOf(config);
    const span = runtime.trace.span(name, { question: state.question });
    runtime.emit({ type: 'progress', agent: name, message: node.progress });
    try {
      const update = await node.run(state, config);
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
