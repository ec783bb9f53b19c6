/**
 * Which server answers chat and embedding requests: Ollama (the default) or an OpenAI-compatible
 * endpoint (vLLM, llama.cpp server, LM Studio, …). Hosts resolve their flags and settings to one
 * `ModelServer` and build clients from it, so both providers get the same limits and errors.
 *
 * The key of an OpenAI-compatible server comes from the editor's SecretStorage or from
 * RESEARCH_API_KEY, never from settings. OPENAI_API_KEY is deliberately not read: it usually holds
 * a key for api.openai.com, and sending it to a team server would hand that key to another host.
 */
import { resolveOllamaHost } from './host';
import { createOllamaClient } from './ollamaClient';
import { createOpenAiClient } from './openaiClient';
import type { NetworkLimits } from './timeouts';
import type { LlmClient } from './llmClient';

export const LLM_PROVIDERS = ['ollama', 'openai-compatible'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** The environment variable holding the key of an OpenAI-compatible server. */
export const API_KEY_ENV = 'RESEARCH_API_KEY';

export type ModelServer =
  | { provider: 'ollama'; /** Empty or null: OLLAMA_HOST, else 127.0.0.1:11434. */ host?: string | null }
  | { provider: 'openai-compatible'; /** Normalised by `normalizeBaseUrl`. */ baseUrl: string; apiKey?: string | null };

/** A provider without what it needs (an OpenAI-compatible one without a base URL). */
export class ModelServerConfigError extends Error {
  readonly code = 'model-server-config';
  constructor(message: string) {
    super(message);
    this.name = 'ModelServerConfigError';
  }
}

/**
 * The server from a host's choices. `apiKey` undefined means "from RESEARCH_API_KEY"; an empty
 * key is no key (servers started without `--api-key` accept any request).
 */
export function resolveModelServer(
  choice: { provider?: string | null; ollamaHost?: string | null; baseUrl?: string | null; apiKey?: string | null },
  env: NodeJS.ProcessEnv = process.env,
): ModelServer {
  const provider = choice.provider || 'ollama';
  if (provider === 'ollama') return { provider, host: choice.ollamaHost ?? null };
  if (provider !== 'openai-compatible') throw new ModelServerConfigError(`the model provider must be one of ${LLM_PROVIDERS.join(', ')}, not '${provider}'`);
  const raw = (choice.baseUrl ?? '').trim();
  if (!raw)
    throw new ModelServerConfigError(
      'an OpenAI-compatible model server needs its base URL (CLI: --base-url URL; VS Code: research.llm.baseUrl), e.g. http://gpu-box:8000/v1',
    );
  const apiKey = (choice.apiKey ?? env[API_KEY_ENV] ?? '').trim();
  return { provider, baseUrl: normalizeBaseUrl(raw), apiKey: apiKey || null };
}

/**
 * `gpu-box:8000` → `http://gpu-box:8000/v1`: http when no scheme is given, `/v1` when no path is
 * (vLLM, llama.cpp server and LM Studio all serve the API under /v1), no trailing slash.
 */
export function normalizeBaseUrl(raw: string): string {
  const withScheme = raw.includes('://') ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ModelServerConfigError(`'${raw}' is not a URL: give the model server's base URL, e.g. http://gpu-box:8000/v1`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ModelServerConfigError(`the model server's base URL must start with http:// or https://, not ${url.protocol}//`);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path || '/v1'}`;
}

/** Where requests go, as errors and notices name it. */
export function serverUrl(server: ModelServer): string {
  return server.provider === 'ollama' ? resolveOllamaHost(server.host) : server.baseUrl;
}

/** The chat client for a server. */
export function createLlmClient(server: ModelServer, limits?: Partial<NetworkLimits>): LlmClient {
  return server.provider === 'ollama'
    ? createOllamaClient({ host: server.host ?? null, ...(limits ? { limits } : {}) })
    : createOpenAiClient({ baseUrl: server.baseUrl, apiKey: server.apiKey ?? null, ...(limits ? { limits } : {}) });
}
