/**
 * Wraps an LlmClient for one turn: counts requests (the `llm_calls` hosts report) and tells the
 * host when a request has been silent for a while (a model loading sends nothing for long). Nodes
 * only see the wrapped client. Tracing wraps this client from above (core/tracing/tracedLlm.ts):
 * this folder knows nothing of traces.
 */
import type { JsonRequest, LlmClient, LlmRequest, StreamRequest } from './llmClient';

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

export function instrumentLlm(client: LlmClient, counter: LlmCallCounter, waiting?: WaitingNotice): LlmClient {
  /** Calls `notify` once if nothing arrives in time; `heard()` (a token, the reply) cancels it. */
  function silenceWatch(request: LlmRequest, kind: 'stream' | 'structured') {
    const timer = waiting ? setTimeout(() => waiting.notify(request, kind), waiting.afterMs(kind)) : undefined;
    return { heard: () => clearTimeout(timer) };
  }
  function count(request: LlmRequest) {
    counter.total += 1;
    counter.byAgent[request.agent] = (counter.byAgent[request.agent] ?? 0) + 1;
  }
  return {
    host: client.host,
    chatJson: (request: JsonRequest) => {
      count(request);
      const watch = silenceWatch(request, 'structured');
      return client.chatJson(request).finally(watch.heard);
    },
    chatStream: (request: StreamRequest) => {
      count(request);
      const watch = silenceWatch(request, 'stream');
      const onToken = (token: string) => {
        watch.heard();
        request.onToken(token);
      };
      return client.chatStream({ ...request, onToken }).finally(watch.heard);
    },
    contextLength: (model, signal) => client.contextLength(model, signal),
    checkReady: (models, signal) => client.checkReady(models, signal),
    ...(client.controlTokens ? { controlTokens: client.controlTokens.bind(client) } : {}),
    ...(client.embed ? { embed: client.embed.bind(client) } : {}),
  };
}
