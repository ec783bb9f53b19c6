/**
 * Wraps an LlmClient for one turn: counts requests (the `llm_calls` hosts report) and records a
 * tracing generation per request, failed ones included. Nodes only ever see the wrapped client.
 */
import type { TurnTrace } from '../tracing/tracer';
import type { JsonRequest, LlmClient, LlmRequest, StreamRequest } from './types';

export interface LlmCallCounter {
  total: number;
  byAgent: Record<string, number>;
}

export function newCallCounter(): LlmCallCounter {
  return { total: 0, byAgent: {} };
}

export function instrumentLlm(client: LlmClient, trace: TurnTrace, counter: LlmCallCounter): LlmClient {
  function count(request: LlmRequest) {
    counter.total += 1;
    counter.byAgent[request.agent] = (counter.byAgent[request.agent] ?? 0) + 1;
  }
  async function recorded<T extends { usage: { promptTokens: number; completionTokens: number } }>(
    request: LlmRequest,
    call: () => Promise<T>,
    outputOf: (result: T) => unknown,
  ): Promise<T> {
    count(request);
    const startTime = new Date();
    const base = {
      name: request.agent,
      model: request.model,
      input: request.messages,
      temperature: request.temperature,
      ...(request.prompt ? { prompt: request.prompt } : {}),
    };
    try {
      const result = await call();
      trace.generation({
        ...base,
        output: outputOf(result),
        startTime,
        endTime: new Date(),
        usage: { input: result.usage.promptTokens, output: result.usage.completionTokens },
      });
      return result;
    } catch (error) {
      trace.generation({ ...base, output: null, startTime, endTime: new Date(), error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      throw error;
    }
  }
  return {
    host: client.host,
    chatJson: (request: JsonRequest) => recorded(request, () => client.chatJson(request), (r) => r.value),
    chatStream: (request: StreamRequest) => recorded(request, () => client.chatStream(request), (r) => r.text),
    contextLength: (model, signal) => client.contextLength(model, signal),
    checkReady: (models, signal) => client.checkReady(models, signal),
    ...(client.controlTokens ? { controlTokens: client.controlTokens.bind(client) } : {}),
    ...(client.embed ? { embed: client.embed.bind(client) } : {}),
  };
}
