/**
 * Wraps an LlmClient for one turn: counts requests (the `llm_calls` hosts report), records a
 * tracing generation per request, failed ones included, and tells the host when a request has
 * been silent for a while (a model loading sends nothing for long). Nodes only see the wrapped client.
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

export interface WaitingNotice {
  /** Silence after which `notify` is called (a call answering sooner says nothing). */
  afterMs(kind: 'stream' | 'structured'): number;
  notify(request: LlmRequest, kind: 'stream' | 'structured'): void;
}

export function instrumentLlm(client: LlmClient, trace: TurnTrace, counter: LlmCallCounter, waiting?: WaitingNotice): LlmClient {
  /** Calls `notify` once if nothing arrives in time; `heard()` (a token, the reply) cancels it. */
  function silenceWatch(request: LlmRequest, kind: 'stream' | 'structured') {
    const timer = waiting ? setTimeout(() => waiting.notify(request, kind), waiting.afterMs(kind)) : undefined;
    return { heard: () => clearTimeout(timer) };
  }
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
    chatJson: (request: JsonRequest) => {
      const watch = silenceWatch(request, 'structured');
      return recorded(request, () => client.chatJson(request).finally(watch.heard), (r) => r.value);
    },
    chatStream: (request: StreamRequest) => {
      const watch = silenceWatch(request, 'stream');
      const onToken = (token: string) => {
        watch.heard();
        request.onToken(token);
      };
      return recorded(request, () => client.chatStream({ ...request, onToken }).finally(watch.heard), (r) => r.text);
    },
    contextLength: (model, signal) => client.contextLength(model, signal),
    checkReady: (models, signal) => client.checkReady(models, signal),
    ...(client.controlTokens ? { controlTokens: client.controlTokens.bind(client) } : {}),
    ...(client.embed ? { embed: client.embed.bind(client) } : {}),
  };
}
