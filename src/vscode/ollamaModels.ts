/**
 * An Ollama-backed language model provider. VS Code calls no chat participant unless a language
 * model is selected, and a user without Copilot has none: this provider lists the configured
 * Ollama server's chat models in the model picker, so `@research` works with nothing else
 * installed. It speaks to Ollama through core's LlmClient, the same client the graph uses.
 */
import * as vscode from 'vscode';
import { Ollama } from 'ollama';
import { createOllamaClient } from '../core/llm/ollamaClient';
import { resolveOllamaHost } from '../core/llm/host';
import type { LlmMessage } from '../core/llm/types';
import type { Logger } from '../core/ports';

export const VENDOR = 'local-research-ollama';

export interface OllamaModelInfo {
  name: string;
  family: string;
  parameterSize: string;
  size: number;
}

/** Lists the models installed on the Ollama server (GET /api/tags). Throws when it is unreachable. */
export async function listOllamaModels(configuredHost: string, signal?: AbortSignal): Promise<OllamaModelInfo[]> {
  const host = resolveOllamaHost(configuredHost);
  const timeout = AbortSignal.timeout(3000);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const client = new Ollama({ host, fetch: (input, init) => fetch(input, { ...init, signal: combined }) });
  const { models } = await client.list();
  return models.map((m) => ({ name: m.name, family: m.details?.family ?? 'ollama', parameterSize: m.details?.parameter_size ?? '', size: m.size }));
}

/** Embedding-only models cannot chat; keep them out of the chat model picker. */
export function looksLikeEmbeddingModel(name: string): boolean {
  return /embed|minilm|bge-|e5-|gte-/i.test(name);
}

export class OllamaChatModelProvider implements vscode.LanguageModelChatProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;

  constructor(
    private readonly host: () => string,
    private readonly log: Logger,
  ) {}

  /** Call when the Ollama host setting changes or models were pulled. */
  refresh(): void {
    this.changed.fire();
  }

  async provideLanguageModelChatInformation(_options: vscode.PrepareLanguageModelChatModelOptions, token: vscode.CancellationToken): Promise<vscode.LanguageModelChatInformation[]> {
    try {
      const models = await listOllamaModels(this.host(), abortSignalOf(token));
      return models
        .filter((m) => !looksLikeEmbeddingModel(m.name))
        .map((m) => ({
          id: m.name,
          name: `${m.name} (Ollama)`,
          family: m.family,
          version: m.name,
          detail: m.parameterSize || undefined,
          tooltip: `Local Ollama model ${m.name} at ${resolveOllamaHost(this.host())}`,
          maxInputTokens: 8192,
          maxOutputTokens: 4096,
          capabilities: { imageInput: false, toolCalling: true },
          // Not in the 1.104 typings; newer VS Code (1.120+) keeps provider models out of the chat
          // model picker unless they say they are user-selectable. Older versions ignore it.
          isUserSelectable: true,
        }));
    } catch (error) {
      // No server is a normal state for a fresh install: no models, one log line, no popup.
      this.log.warn(`Ollama model list unavailable at ${resolveOllamaHost(this.host())}`, error);
      return [];
    }
  }

  async provideLanguageModelChatResponse(
    model: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const client = createOllamaClient({ host: this.host() });
    const temperature = typeof options.modelOptions?.temperature === 'number' ? options.modelOptions.temperature : 0.2;
    await client.chatStream({
      agent: 'vscode-lm',
      model: model.id,
      messages: messages.map(toLlmMessage),
      temperature,
      signal: abortSignalOf(token),
      onToken: (t) => progress.report(new vscode.LanguageModelTextPart(t)),
    });
  }

  async provideTokenCount(_model: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    const content = typeof text === 'string' ? text : textOf(text);
    // Ollama has no tokenizer endpoint; ~4 characters per token is the usual estimate.
    return Math.ceil(content.length / 4);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function toLlmMessage(m: vscode.LanguageModelChatRequestMessage): LlmMessage {
  return { role: m.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user', content: textOf(m) };
}

function textOf(m: vscode.LanguageModelChatRequestMessage): string {
  return m.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/** A CancellationToken as an AbortSignal, so HTTP requests close when the user cancels. */
export function abortSignalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
