/**
 * One structured LLM request for an agent: render its prompt, send it with the JSON schema,
 * validate the reply. Any failure is a typed error the node turns into its safe default.
 */
import type { z } from 'zod';
import { estimateMessages, trimHistory } from '../llm/budget';
import { LlmRequestError } from '../llm/errors';
import type { LlmClient, LlmMessage } from '../llm/llmClient';
import type { AgentName } from './config';
import type { RenderedData } from './passages';
import { contextWindow, preparePrompt, promptGuard, type GraphRuntime } from './runtime';
import { jsonSchemaOf } from './schemas';

export class MalformedReplyError extends LlmRequestError {
  constructor(agent: string, options?: { cause?: unknown }) {
    super(`The ${agent} agent's reply did not match its schema`, undefined, options);
    this.name = 'MalformedReplyError';
  }
}

export interface AskJsonOptions<T extends z.ZodType> {
  agent: AgentName;
  /** Name recorded in traces and counters when it differs from the agent (e.g. 'quality'). */
  label?: string;
  prompt: string;
  values: Record<string, string | RenderedData>;
  schema: T;
  /** Chat messages after the system prompt (untrusted: sanitised); trimmed oldest-first to fit the context. */
  messages?: LlmMessage[];
  /** The shared passages block (./evidence): the system message, with the prompt as the user message after it. */
  passages?: RenderedData;
  /** Output cap (`num_predict`): the reply's schema, written tersely, with room to spare (./schemas `REPLY_TOKENS`). */
  maxTokens: number;
}

export async function askJson<T extends z.ZodType>(runtime: GraphRuntime, llm: LlmClient, options: AskJsonOptions<T>): Promise<z.infer<T>> {
  const prepared = await preparePrompt(runtime, options.agent, options.prompt, options.values, options.passages);
  const numCtx = await contextWindow(runtime, llm, options.agent);
  const maxTokens = options.maxTokens;
  const promptCost = estimateMessages(prepared.messages);
  const clean = await promptGuard(runtime, options.agent);
  const history = options.messages
    ? trimHistory(
        options.messages.map((m) => ({ ...m, content: clean(m.content) })),
        Math.max(0, numCtx - maxTokens - promptCost),
      )
    : [];
  const messages: LlmMessage[] = [...prepared.messages, ...history];
  if (messages.at(-1)!.role === 'system') messages.push({ role: 'user', content: 'Answer in the JSON format requested.' });
  const result = await llm.chatJson({
    agent: options.label ?? options.agent,
    model: prepared.model,
    messages,
    temperature: prepared.temperature,
    numCtx,
    keepAliveMinutes: runtime.config.keepAliveMinutes,
    maxTokens,
    prompt: prepared.ref,
    schema: jsonSchemaOf(options.schema),
    ...(runtime.signal ? { signal: runtime.signal } : {}),
  });
  const parsed = options.schema.safeParse(result.value);
  if (!parsed.success) throw new MalformedReplyError(options.label ?? options.agent, { cause: parsed.error });
  return parsed.data;
}
