/**
 * The editor's model server settings as core's ModelServer: Ollama unless `research.llm.provider`
 * is `openai-compatible`. The key is the one from SecretStorage, else RESEARCH_API_KEY.
 */
import type { OpenAiServer } from '../../core/index';
import { resolveModelServer, type ModelServer } from '../../core/llm/modelServer';
import type { EngineSettings } from './contract';

/** Throws ModelServerConfigError when `openai-compatible` has no base URL. */
export function modelServerOf(settings: EngineSettings): ModelServer {
  if (settings.llmProvider !== 'openai-compatible') return { provider: 'ollama', host: settings.ollamaHost || null };
  return resolveModelServer({
    provider: 'openai-compatible',
    baseUrl: settings.llmBaseUrl,
    ...(settings.modelServerKey ? { apiKey: settings.modelServerKey } : {}),
  });
}

/** The OpenAI-compatible server embeddings go to, or null (Ollama, a local model, none). */
export function openAiServerFor(settings: EngineSettings): OpenAiServer | null {
  const server = modelServerOf(settings);
  return server.provider === 'openai-compatible' ? { baseUrl: server.baseUrl, apiKey: server.apiKey ?? null } : null;
}
