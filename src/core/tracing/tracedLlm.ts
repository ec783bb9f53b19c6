/**
 * Records a tracing generation per LLM request, failed ones included. Tracing sits above the LLM
 * client and wraps it (the graph's turn does: core/graph/runTurn.ts), so core/llm never imports
 * this folder.
 */
import type { JsonRequest, LlmClient, LlmRequest, StreamRequest } from '../llm/llmClient';
import type { TurnTrace } from './tracer';

export function traceLlm(client: LlmClient, trace: TurnTrace): LlmClient {
  async function recorded<T extends { usage: { promptTokens: number; completionTokens: number } }>(
    request: LlmRequest,
    call: () => Promise<T>,
    outputOf: (result: T) => unknown,
  ): Promise<T> {
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
      trace.generation({
        ...base,
        output: null,
        startTime,
        endTime: new Date(),
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      throw error;
    }
  }
  return {
    host: client.host,
    chatJson: (request: JsonRequest) =>
      recorded(
        request,
        () => client.chatJson(request),
        (r) => r.value,
      ),
    chatStream: (request: StreamRequest) =>
      recorded(
        request,
        () => client.chatStream(request),
        (r) => r.text,
      ),
    contextLength: (model, signal) => client.contextLength(model, signal),
    checkReady: (models, signal) => client.checkReady(models, signal),
    ...(client.controlTokens ? { controlTokens: client.controlTokens.bind(client) } : {}),
    ...(client.embed ? { embed: client.embed.bind(client) } : {}),
  };
}
