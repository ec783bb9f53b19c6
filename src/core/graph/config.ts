/**
 * Every setting of the research graph, resolved in one place. Hosts pass a partial object (the
 * VS Code settings module, CLI flags); environment variables fill what they leave out, then the
 * defaults below (the editor's contributed defaults are checked against them by a unit test).
 *
 * Sampling temperature, per request, first of:
 *   1. the user's setting for that agent (`temperatures`: only what the user set, never a default);
 *   2. the Langfuse prompt's `config.temperature`, when prompt management is on (core/prompts/provider.ts);
 *   3. the prompt file's front matter `temperature:`, which every prompt in prompts/ must declare,
 *      so it is also the built-in default (core/prompts/template.ts).
 * Applied in core/graph/runtime.ts `preparePrompt`.
 */
import { resolveLimits, secondsToMs, type NetworkLimits } from '../llm/timeouts';
import type { LangfuseSettings } from '../tracing/langfuse';
import type { NodeName } from './nodeNames';

/** The nodes that ask a language model (each may have its own model and temperature). */
export type AgentName = Extract<NodeName, 'orchestrator' | 'clarification' | 'research' | 'synthesis' | 'validation'>;

export interface ResearchConfig {
  /** Ollama host; null means OLLAMA_HOST or http://127.0.0.1:11434. */
  ollamaHost: string | null;
  /** Chat model per agent (research = query analysis + quality grading). */
  models: Record<AgentName, string>;
  /** Temperatures the user set, per agent; the prompt (Langfuse config, else its front matter) decides the rest. */
  temperatures: Partial<Record<AgentName, number>>;
  /** Clarifying questions allowed in a row before we research anyway. */
  maxClarifications: number;
  /** Messages the orchestrator sees. */
  maxHistory: number;
  /** Reformulated searches after the first. */
  maxRequeries: number;
  /** Regenerations after a failed validation. */
  maxValidationRetries: number;
  /** Hits fetched per sub-query. */
  retrievalK: number;
  /** Passages given to synthesis at most (fewer when the context window is small). */
  maxPassages: number;
  /** Upper bound for num_ctx: a model may advertise 128k, which would allocate a huge KV cache. */
  maxContextTokens: number;
  /** Tokens kept free for the answer. */
  answerTokens: number;
  /**
   * Minutes Ollama keeps the chat model loaded after a request (`keep_alive`; -1: until Ollama
   * stops, 0: unload at once). Ollama's own default, five minutes, unloads it while the user
   * reads a paper, and the next question waits for the model to load again.
   */
  keepAliveMinutes: number;
  /** Check answers (grounding, relevance); off saves one call per turn. */
  validate: boolean;
  langfuse: LangfuseSettings;
  /** Folder holding the prompt files; found automatically when null. */
  promptsDir: string | null;
  /** How long each network wait to Ollama may last (../llm/timeouts). */
  limits: NetworkLimits;
}

export type ResearchConfigInput = Partial<Omit<ResearchConfig, 'models' | 'temperatures' | 'langfuse' | 'limits'>> & {
  /** Limits in ms; what is left out comes from RESEARCH_*_TIMEOUT variables or the defaults. */
  limits?: Partial<NetworkLimits>;
  /** One model for every agent, or per agent. */
  model?: string;
  models?: Partial<Record<AgentName, string>>;
  temperatures?: Partial<Record<AgentName, number>>;
  langfuse?: LangfuseSettings;
};

export const DEFAULT_CHAT_MODEL = 'llama3.2';

/** Defaults of the settings a user sees (research.chat.* in the editor). */
export const DEFAULT_MAX_CLARIFICATIONS = 2;
export const DEFAULT_MAX_HISTORY = 10;
export const DEFAULT_KEEP_ALIVE_MINUTES = 30;
/**
 * The most context (`num_ctx`) a chat request asks for. Every request to a model asks for the
 * same (Ollama reloads a model whose num_ctx changes): min(the model's own, this).
 */
export const DEFAULT_MAX_CONTEXT_TOKENS = 8192;

export function resolveConfig(input: ResearchConfigInput = {}, env: NodeJS.ProcessEnv = process.env): ResearchConfig {
  const base = input.model ?? env.RESEARCH_CHAT_MODEL ?? DEFAULT_CHAT_MODEL;
  const models: Record<AgentName, string> = {
    orchestrator: base,
    clarification: base,
    research: base,
    synthesis: base,
    validation: base,
    ...definedOnly(input.models ?? {}),
  };
  const langfuse: LangfuseSettings = {
    publicKey: env.LANGFUSE_PUBLIC_KEY,
    secretKey: env.LANGFUSE_SECRET_KEY,
    baseUrl: env.LANGFUSE_BASEURL ?? env.LANGFUSE_HOST,
    promptManagement: env.LANGFUSE_PROMPTS === '1' || env.LANGFUSE_PROMPTS === 'true',
    promptLabel: env.LANGFUSE_PROMPT_LABEL,
    timeoutMs: secondsToMs(env.RESEARCH_LANGFUSE_TIMEOUT) ?? undefined,
    ...definedOnly(input.langfuse ?? {}),
  };
  const positive = (value: number | undefined, fallback: number, min = 0) =>
    value !== undefined && Number.isFinite(value) && value >= min ? Math.floor(value) : fallback;
  return {
    ollamaHost: input.ollamaHost ?? null,
    models,
    temperatures: definedOnly(input.temperatures ?? {}),
    maxClarifications: positive(input.maxClarifications, DEFAULT_MAX_CLARIFICATIONS),
    maxHistory: positive(input.maxHistory, DEFAULT_MAX_HISTORY, 1),
    maxRequeries: positive(input.maxRequeries, 2),
    maxValidationRetries: positive(input.maxValidationRetries, 2),
    retrievalK: positive(input.retrievalK, 8, 1),
    maxPassages: positive(input.maxPassages, 8, 1),
    maxContextTokens: positive(input.maxContextTokens, DEFAULT_MAX_CONTEXT_TOKENS, 512),
    answerTokens: positive(input.answerTokens, 1024, 64),
    keepAliveMinutes: keepAliveMinutes(input.keepAliveMinutes ?? numberOf(env.RESEARCH_KEEP_ALIVE_MINUTES)),
    validate: input.validate ?? true,
    langfuse,
    promptsDir: input.promptsDir ?? null,
    limits: resolveLimits(input.limits ?? {}, env),
  };
}

/** -1 (any negative): until Ollama stops; else the minutes, 0 included; the default when unset or not a number. */
function keepAliveMinutes(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_KEEP_ALIVE_MINUTES;
  return value < 0 ? -1 : value;
}

function numberOf(text: string | undefined): number | undefined {
  return text === undefined || text.trim() === '' ? undefined : Number(text);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
