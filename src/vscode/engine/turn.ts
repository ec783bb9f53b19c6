/**
 * Runs one research turn on core's graph. One assistant (LLM client with its context-length
 * cache, Langfuse client) is kept while the settings stay the same; a turn on the chat's VS Code
 * model (or on no model) gets its own, since that model can change from one request to the next.
 */
import { join } from 'node:path';
import type { TurnResult } from '../../core/graph/api';
import type { ResearchConfigInput } from '../../core/graph/config';
import { createResearchAssistant, type ResearchAssistant } from '../../core/graph/runTurn';
import type { Retriever } from '../../core/index';
import { noopTracer } from '../../core/tracing/tracer';
import type { EngineSettings, EngineTurnRequest } from './contract';
import { createLlmClient } from '../../core/llm/modelServer';
import { modelServerOf } from './modelServer';

let cached: { key: string; retriever: Retriever; assistant: ResearchAssistant } | undefined;

export async function runResearchTurn(request: EngineTurnRequest, retriever: Retriever): Promise<TurnResult> {
  const options = {
    retriever,
    config: graphConfig(request.settings),
    logger: request.logger,
    ...(request.settings.tracing ? {} : { tracer: noopTracer }),
  };
  const turnOptions = { ...(request.signal ? { signal: request.signal } : {}), ...(request.onEvent ? { onEvent: request.onEvent } : {}) };
  if (request.llm !== undefined) {
    const assistant = createResearchAssistant({ ...options, llm: request.llm });
    try {
      return await assistant.runTurn(request.input, turnOptions);
    } finally {
      await assistant.dispose();
    }
  }
  const key = JSON.stringify(request.settings);
  if (!cached || cached.key !== key || cached.retriever !== retriever) {
    const previous = cached;
    // Ollama: the graph's own client (config.ollamaHost); an OpenAI-compatible server: its client.
    const server = modelServerOf(request.settings);
    const llm = server.provider === 'openai-compatible' ? { llm: createLlmClient(server, request.settings.timeouts) } : {};
    cached = { key, retriever, assistant: createResearchAssistant({ ...options, ...llm }) };
    await previous?.assistant.dispose().catch(() => undefined);
  }
  return cached.assistant.runTurn(request.input, turnOptions);
}

export async function disposeAssistant(): Promise<void> {
  const previous = cached;
  cached = undefined;
  await previous?.assistant.dispose();
}

/** The graph's settings plus what the engine alone knows: the connection and where the prompts are. */
export function graphConfig(settings: EngineSettings): ResearchConfigInput {
  return {
    ...settings.graph,
    ollamaHost: settings.ollamaHost || null,
    limits: settings.timeouts,
    // dist/engine.js sits next to the shipped prompts/ folder (../prompts).
    promptsDir: join(__dirname, '..', 'prompts'),
  };
}
