/**
 * `llm.provider: vscode`: the graph runs on the chat's selected model (`request.model`) through
 * the same LlmClient interface it uses for Ollama. VS Code models have no JSON-schema mode, so
 * structured calls ask for JSON in the prompt and parse the reply; the graph validates it.
 * The same limits as for Ollama apply (first token, between tokens, a total for structured
 * calls): a model that stops sending is cancelled and the turn degrades.
 */
import * as vscode from 'vscode';
import { LlmRequestError, LlmTimeoutError, isAbortError } from '../../core/llm/errors';
import { resolveLimits, type LimitName, type NetworkLimits } from '../../core/llm/timeouts';
import type { JsonRequest, JsonResult, LlmClient, LlmMessage, StreamRequest, TextResult } from '../../core/llm/llmClient';

export function createVscodeLlmClient(model: vscode.LanguageModelChat, configured: Partial<NetworkLimits> = {}): LlmClient {
  const limits = resolveLimits(configured);
  const host = `vscode:${model.vendor}/${model.id}`;

  async function send(messages: LlmMessage[], signal: AbortSignal | undefined, onToken?: (t: string) => void): Promise<TextResult> {
    const started = performance.now();
    const cts = new vscode.CancellationTokenSource();
    const abort = () => cts.cancel();
    signal?.addEventListener('abort', abort, { once: true });
    // One timer at a time: first token, then between tokens; structured calls also a total.
    let expired: LlmTimeoutError | undefined;
    let silence: NodeJS.Timeout | undefined;
    const expire = (limit: LimitName) => {
      expired = new LlmTimeoutError(host, limit, limits[limit], { server: `The chat model ${model.name}` });
      cts.cancel();
    };
    const waitFor = (limit: LimitName) => {
      clearTimeout(silence);
      silence = setTimeout(() => expire(limit), limits[limit]);
    };
    const total = onToken ? undefined : setTimeout(() => expire('structuredMs'), limits.structuredMs);
    if (onToken) waitFor('firstTokenMs');
    try {
      const response = await model.sendRequest(messages.map(toVscodeMessage), { justification: 'Answer questions about your workspace documents' }, cts.token);
      let text = '';
      for await (const token of response.text) {
        if (expired) break;
        if (onToken) waitFor('betweenTokensMs');
        text += token;
        onToken?.(token);
      }
      if (expired) throw expired;
      const promptTokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4);
      return { text, usage: { promptTokens, completionTokens: Math.ceil(text.length / 4) }, ms: performance.now() - started };
    } catch (error) {
      if (isAbortError(error, signal)) throw error;
      if (expired) throw expired;
      throw new LlmRequestError(`The chat model ${model.name} failed`, undefined, { cause: error });
    } finally {
      clearTimeout(silence);
      clearTimeout(total);
      signal?.removeEventListener('abort', abort);
      cts.dispose();
    }
  }

  return {
    host,
    async chatJson(request: JsonRequest): Promise<JsonResult> {
      const instruction: LlmMessage = {
        role: 'user',
        content: `Reply with one JSON value only, no prose and no code fences, matching this JSON schema:\n${JSON.stringify(request.schema)}`,
      };
      const result = await send([...request.messages, instruction], request.signal);
      const raw = stripFences(result.text);
      try {
        return { value: JSON.parse(raw), raw, usage: result.usage, ms: result.ms };
      } catch (error) {
        throw new LlmRequestError('The model did not answer with valid JSON', undefined, { cause: error });
      }
    },
    chatStream(request: StreamRequest): Promise<TextResult> {
      return send(request.messages, request.signal, request.onToken);
    },
    async contextLength(): Promise<number> {
      return model.maxInputTokens;
    },
    async checkReady(): Promise<void> {
      // The model came from the chat request: it exists by construction.
    },
  };
}

/** VS Code chat messages have no system role: a system prompt becomes the first user message. */
function toVscodeMessage(m: LlmMessage): vscode.LanguageModelChatMessage {
  return m.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(m.content) : vscode.LanguageModelChatMessage.User(m.content);
}

function stripFences(text: string): string {
  const t = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(t);
  return fenced ? fenced[1]! : t;
}
