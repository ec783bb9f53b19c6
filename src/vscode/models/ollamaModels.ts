/**
 * An Ollama-backed language model provider. VS Code calls no chat participant unless a language
 * model is selected, and a user without Copilot has none: this provider lists the configured
 * Ollama server's chat models in the model picker, so `@research` works with nothing else
 * installed. When Ollama offers none it lists "Quoted passages (no model)" instead
 * (./extractiveModel), so `@research` still answers extractively. It speaks to Ollama through
 * core's LlmClient, the same client the graph uses.
 */
import * as vscode from 'vscode';
import { Ollama } from 'ollama';
import { DEFAULT_MAX_CONTEXT_TOKENS } from '../../core/graph/config';
import { createOllamaClient } from '../../core/llm/ollamaClient';
import { resolveOllamaHost } from '../../core/llm/host';
import type { NetworkLimits } from '../../core/llm/timeouts';
import type { LlmClient, LlmMessage } from '../../core/llm/llmClient';
import type { Logger } from '../../core/ports';
import { abortSignalOf } from '../pure/cancellation';
import type { KnownProblem } from '../pure/knownProblems';
import { EXTRACTIVE_MODEL_ID, extractiveModelInfo, notAModelReply } from './extractiveModel';

export const VENDOR = 'local-research-ollama';

/**
 * VS Code 1.139 reads a provider's models again only when the provider fires onDidChange or an
 * extension calls selectChatModels; opening the model picker shows what it read last. So while
 * only the "no model" entry is offered, Ollama is asked this often whether it came up.
 */
const RECHECK_MS = 10_000;

export interface ProviderSettings {
  host: string;
  /** The configured chat model, named in the "how to get one" line. */
  chatModel: string;
  /** Network limits (ms) for answers given through the model picker. */
  limits?: Partial<NetworkLimits>;
  /** Minutes Ollama keeps the model loaded after an answer (`research.chat.keepAliveMinutes`). */
  keepAliveMinutes?: number;
}

export interface OllamaModelInfo {
  name: string;
  family: string;
  parameterSize: string;
  size: number;
}

/** What Ollama offers right now. */
export type OllamaAvailability = { kind: 'unreachable' } | { kind: 'no-chat-model' } | { kind: 'ready'; models: OllamaModelInfo[] };

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
  /** The model ids last handed to VS Code, to fire a change only when they differ. */
  private offered: string | undefined;
  private lastKind: OllamaAvailability['kind'] | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The client answers go through, kept while host and limits stay (it caches each model's context length). */
  private client: { key: string; llm: LlmClient } | undefined;

  constructor(
    private readonly settings: () => ProviderSettings,
    private readonly log: Logger,
  ) {}

  /** Call when the Ollama host setting changes or models were pulled. */
  refresh(): void {
    this.lastKind = undefined; // a new host gets its own log line
    this.changed.fire();
  }

  /**
   * Asks Ollama what it offers now and refreshes the model picker when that changed (Ollama
   * started, a model was pulled outside VS Code). Never throws.
   */
  async recheck(signal?: AbortSignal): Promise<OllamaAvailability> {
    const before = this.offered;
    const availability = await this.availability(signal);
    if (before !== undefined && this.offered !== before) {
      this.log.info(`Ollama now offers: ${this.offered}; refreshing the model list`);
      this.changed.fire();
    }
    return availability;
  }

  async provideLanguageModelChatInformation(
    _options: vscode.PrepareLanguageModelChatModelOptions,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelChatInformation[]> {
    const availability = await this.availability(abortSignalOf(token));
    // Not listed beside Ollama's models: VS Code keeps a user's pick while it is listed, so a
    // user who started without Ollama would keep getting quotes after pulling a model.
    if (availability.kind !== 'ready') return [extractiveModelInfo()];
    const host = resolveOllamaHost(this.settings().host);
    return availability.models.map((m) => ({
      id: m.name,
      name: `${m.name} (Ollama)`,
      family: m.family,
      version: m.name,
      detail: m.parameterSize || undefined,
      tooltip: `Local Ollama model ${m.name} at ${host}`,
      maxInputTokens: DEFAULT_MAX_CONTEXT_TOKENS,
      maxOutputTokens: 4096,
      capabilities: { imageInput: false, toolCalling: true },
      // Not in the 1.104 typings; newer VS Code (1.120+) keeps provider models out of the chat
      // model picker unless they say they are user-selectable. Older versions ignore it.
      isUserSelectable: true,
    }));
  }

  /** Lists Ollama's chat models; remembers what is offered and polls while that is nothing. */
  private async availability(signal?: AbortSignal): Promise<OllamaAvailability> {
    let availability: OllamaAvailability;
    try {
      const models = (await listOllamaModels(this.settings().host, signal)).filter((m) => !looksLikeEmbeddingModel(m.name));
      availability = models.length > 0 ? { kind: 'ready', models } : { kind: 'no-chat-model' };
    } catch (error) {
      // Cancelled by VS Code: says nothing about Ollama.
      if (signal?.aborted) return { kind: 'unreachable' };
      // No server is a normal state for a fresh install: one log line (not one per re-check), no popup.
      if (this.lastKind !== 'unreachable') this.log.warn(`Ollama model list unavailable at ${resolveOllamaHost(this.settings().host)}`, error);
      availability = { kind: 'unreachable' };
    }
    this.lastKind = availability.kind;
    this.offered = availability.kind === 'ready' ? availability.models.map((m) => m.name).join(', ') : EXTRACTIVE_MODEL_ID;
    this.poll(availability.kind !== 'ready');
    return availability;
  }

  private poll(on: boolean): void {
    if (on && !this.timer) this.timer = setInterval(() => void this.recheck(), RECHECK_MS);
    if (!on && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  async provideLanguageModelChatResponse(
    model: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const settings = this.settings();
    if (model.id === EXTRACTIVE_MODEL_ID) {
      progress.report(new vscode.LanguageModelTextPart(notAModelReply(settings.chatModel)));
      return;
    }
    const client = this.clientFor(settings);
    const temperature = typeof options.modelOptions?.temperature === 'number' ? options.modelOptions.temperature : 0.2;
    const signal = abortSignalOf(token);
    await client.chatStream({
      agent: 'vscode-lm',
      model: model.id,
      messages: messages.map(toLlmMessage),
      temperature,
      // The num_ctx @research's own requests send for this model: Ollama reloads a model whose
      // num_ctx changes, and without one it would cut a prompt at its own default.
      numCtx: Math.min(await client.contextLength(model.id, signal), DEFAULT_MAX_CONTEXT_TOKENS),
      ...(settings.keepAliveMinutes !== undefined ? { keepAliveMinutes: settings.keepAliveMinutes } : {}),
      signal,
      onToken: (t) => progress.report(new vscode.LanguageModelTextPart(t)),
    });
  }

  private clientFor(settings: ProviderSettings): LlmClient {
    const key = JSON.stringify([settings.host, settings.limits ?? null]);
    if (this.client?.key !== key)
      this.client = { key, llm: createOllamaClient({ host: settings.host, ...(settings.limits ? { limits: settings.limits } : {}) }) };
    return this.client.llm;
  }

  async provideTokenCount(_model: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    const content = typeof text === 'string' ? text : textOf(text);
    // Ollama has no tokenizer endpoint; ~4 characters per token is the usual estimate.
    return Math.ceil(content.length / 4);
  }

  dispose(): void {
    this.poll(false);
    this.changed.dispose();
  }
}

function toLlmMessage(m: vscode.LanguageModelChatRequestMessage): LlmMessage {
  return { role: m.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user', content: textOf(m) };
}

function textOf(m: vscode.LanguageModelChatRequestMessage): string {
  return m.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/**
 * The fix to offer under an extractive answer given to the "no model" entry: install Ollama, or
 * pull the configured chat model; undefined when Ollama has chat models by now (the picker is
 * refreshed and lists them).
 */
export function problemWithoutModel(availability: OllamaAvailability, chatModel: string): KnownProblem | undefined {
  switch (availability.kind) {
    case 'unreachable':
      return { code: 'ollama-unreachable', message: 'Ollama is not reachable' };
    case 'no-chat-model':
      return { code: 'model-missing', message: 'Ollama has no chat model', model: chatModel };
    case 'ready':
      return undefined;
  }
}
