/**
 * Where prompts come from at run time: the file by default; a Langfuse-managed prompt of the same
 * name when prompt management is configured. The file is always the fallback, and a remote prompt
 * whose placeholders differ from the file's is refused (the code supplies the file's variables).
 */
import type { Logger } from '../ports';
import { silentLogger } from '../ports';
import type { PromptRef } from '../llm/llmClient';
import { loadPromptFile } from './files';
import { checkDeclared, renderTemplate, type PromptTemplate } from './template';

export interface ResolvedPrompt extends PromptTemplate {
  source: 'file' | 'langfuse';
  /** True when Langfuse was asked but the file was used (unreachable, unknown prompt, mismatch). */
  isFallback: boolean;
  /** The Langfuse prompt client, to link generations to it. */
  remote?: unknown;
}

export interface PromptProvider {
  get(name: string, signal?: AbortSignal): Promise<ResolvedPrompt>;
}

/** The minimal part of a Langfuse client prompt management needs. */
export interface RemotePromptSource {
  getPrompt(
    name: string,
    version?: number,
    options?: { label?: string; fallback?: string; type?: 'text'; maxRetries?: number; fetchTimeoutMs?: number; cacheTtlSeconds?: number },
  ): Promise<{ prompt: string; version: number; isFallback: boolean; config?: unknown }>;
}

export interface RemotePromptOptions {
  label?: string;
  version?: number;
  fetchTimeoutMs?: number;
  cacheTtlSeconds?: number;
  /** After Langfuse failed, use the files for this long before asking again (ms). Default 60 s. */
  retryAfterMs?: number;
}

export function filePromptProvider(dir?: string): PromptProvider {
  return {
    async get(name) {
      return { ...(await loadPromptFile(name, dir)), source: 'file', isFallback: false };
    },
  };
}

export function langfusePromptProvider(
  remote: RemotePromptSource,
  options: RemotePromptOptions = {},
  logger: Logger = silentLogger,
  dir?: string,
): PromptProvider {
  // A Langfuse that is down must not cost every prompt of every turn a fetch timeout.
  let unavailableUntil = 0;
  const missingUntil = new Map<string, number>();
  const retryAfter = () => Date.now() + (options.retryAfterMs ?? 60_000);
  return {
    async get(name) {
      const file = await loadPromptFile(name, dir);
      const fallback: ResolvedPrompt = { ...file, source: 'file', isFallback: true };
      if (Date.now() < unavailableUntil || Date.now() < (missingUntil.get(name) ?? 0)) return fallback;
      let fetched;
      try {
        // No SDK fallback: its failure tells us whether Langfuse is down or just lacks this prompt.
        fetched = await remote.getPrompt(name, options.version, {
          type: 'text',
          maxRetries: 0,
          fetchTimeoutMs: options.fetchTimeoutMs ?? 2000,
          ...(options.version === undefined ? { label: options.label ?? 'production' } : {}),
          ...(options.cacheTtlSeconds !== undefined ? { cacheTtlSeconds: options.cacheTtlSeconds } : {}),
        });
      } catch (error) {
        // The SDK throws its network-error class when Langfuse cannot be reached (or times out),
        // an HTTP error carrying the response on 5xx, and a plain Error when the prompt is absent.
        const status = (error as { response?: { status?: unknown } }).response?.status;
        const down = (error as Error).name === 'LangfuseFetchNetworkError' || (typeof status === 'number' && status >= 500);
        if (down) {
          logger.warn(`Langfuse unreachable for prompt '${name}'; using the prompt files for a while`, error);
          unavailableUntil = retryAfter();
        } else {
          logger.info(`Langfuse has no prompt '${name}'; using the file`);
          missingUntil.set(name, retryAfter());
        }
        return fallback;
      }
      if (fetched.isFallback) return fallback;
      try {
        checkDeclared({ variables: file.variables, text: fetched.prompt }, `Langfuse prompt '${name}' v${fetched.version}`);
      } catch (error) {
        logger.warn(`Langfuse prompt '${name}' v${fetched.version} does not match the file's variables; using the file`, error);
        return fallback;
      }
      const config = (fetched.config ?? {}) as { temperature?: unknown };
      return {
        ...file,
        text: fetched.prompt,
        version: fetched.version,
        temperature: typeof config.temperature === 'number' ? config.temperature : file.temperature,
        source: 'langfuse',
        isFallback: false,
        remote: fetched,
      };
    },
  };
}

export function renderPrompt(prompt: ResolvedPrompt, values: Record<string, string>): string {
  return renderTemplate(prompt, values);
}

export function promptRef(prompt: ResolvedPrompt): PromptRef {
  return { name: prompt.name, version: prompt.version, source: prompt.source, ...(prompt.remote ? { remote: prompt.remote } : {}) };
}
