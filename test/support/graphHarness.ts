/**
 * Runs research turns against the fake Ollama with scripted agents: the real Ollama client, real
 * prompts and the real graph; only the model and (for unit tests) the index are stand-ins.
 */
import type { Retriever } from '../../src/core/index/types';
import { createOllamaClient } from '../../src/core/llm/ollamaClient';
import { createResearchAssistant } from '../../src/core/graph/runTurn';
import type { HistoryTurn, TurnEvent, TurnResult } from '../../src/core/graph/api';
import type { ResearchConfigInput } from '../../src/core/graph/config';
import type { Tracer } from '../../src/core/tracing/tracer';
import { startFakeOllama, type FakeOllama, type FakeOllamaOptions } from './fakeOllama';
import { scriptAgents, type Agent, type ScriptedAgents } from './scriptedAgents';

export interface Harness {
  fake: FakeOllama;
  agents: ScriptedAgents;
  ask(
    question: string,
    history?: HistoryTurn[],
    options?: { signal?: AbortSignal; scope?: string[]; scopeName?: string },
  ): Promise<TurnResult & { events: TurnEvent[] }>;
  close(): Promise<void>;
}

export async function startHarness(
  retriever: Retriever,
  scripts: Parameters<typeof scriptAgents>[0] = {},
  options: { config?: ResearchConfigInput; tracer?: Tracer; fake?: FakeOllamaOptions; chat?: (agents: ScriptedAgents) => FakeOllamaOptions['chat'] } = {},
): Promise<Harness> {
  const agents = scriptAgents(scripts);
  const fake = await startFakeOllama({ ...options.fake, chat: options.chat ? options.chat(agents) : (body) => agents.chat(body) });
  const assistant = createResearchAssistant({
    retriever,
    llm: createOllamaClient({ host: fake.url }),
    config: { model: 'llama3.2', ...options.config },
    ...(options.tracer ? { tracer: options.tracer } : { tracer: undefined }),
  });
  return {
    fake,
    agents,
    async ask(question, history = [], { scope, scopeName, ...turnOptions } = {}) {
      const events: TurnEvent[] = [];
      const result = await assistant.runTurn(
        { question, history, ...(scope ? { scope } : {}), ...(scopeName ? { scopeName } : {}) },
        { ...turnOptions, onEvent: (e) => events.push(e) },
      );
      return { ...result, events };
    },
    async close() {
      await assistant.dispose();
      await fake.close();
    },
  };
}

/** The history entries a host would keep after a turn. */
export function turnHistory(question: string, result: TurnResult, withMetadata: boolean): HistoryTurn[] {
  return [
    { role: 'user', content: question },
    { role: 'assistant', content: result.answer, ...(withMetadata ? { metadata: result.metadata } : {}) },
  ];
}

export function count(agents: ScriptedAgents, agent: Agent): number {
  return agents.asked.filter((a) => a === agent).length;
}
