/**
 * `--provider ollama|openai-compatible` and `--base-url URL` (or RESEARCH_LLM_PROVIDER and
 * RESEARCH_LLM_BASE_URL): which server answers and embeds. The key of an OpenAI-compatible server
 * comes from RESEARCH_API_KEY only, never from a flag (a flag would sit in the shell's history and
 * in every process listing). Also the one stderr line per destination when something leaves the
 * machine (core/privacy/destinations).
 */
import { ModelServerConfigError, resolveModelServer, serverUrl, type ModelServer } from '../core/llm/modelServer';
import type { SessionSettings } from '../core/session';
import { remoteDestinations, type DestinationInput } from '../core/privacy/destinations';
import { langfuseConfigured, type LangfuseSettings } from '../core/tracing/langfuse';
import { terminalSafe } from '../core/text/terminalSafe';
import { UsageError } from './options';

export const modelServerOptions = { provider: { type: 'string' }, 'base-url': { type: 'string' } } as const;
export const MODEL_SERVER_USAGE = '[--provider ollama|openai-compatible] [--base-url URL]';

export function modelServerFromFlags(
  values: { provider?: string; 'base-url'?: string; 'ollama-host'?: string },
  env: NodeJS.ProcessEnv = process.env,
): ModelServer {
  try {
    return resolveModelServer(
      {
        provider: values.provider ?? env.RESEARCH_LLM_PROVIDER ?? null,
        baseUrl: values['base-url'] ?? env.RESEARCH_LLM_BASE_URL ?? null,
        ollamaHost: values['ollama-host'] ?? null,
      },
      env,
    );
  } catch (error) {
    if (error instanceof ModelServerConfigError) throw new UsageError(error.message, { cause: error, showUsage: false });
    throw error;
  }
}

/** Who answers (and, for a model server, embeds): the session's model choice (core/session/settings.ts). */
export function modelChoiceFromFlags(
  values: { provider?: string; 'base-url'?: string; 'ollama-host'?: string },
  env: NodeJS.ProcessEnv = process.env,
): SessionSettings['model'] {
  const server = modelServerFromFlags(values, env);
  return server.provider === 'openai-compatible' ? { kind: 'server', baseUrl: server.baseUrl, apiKey: server.apiKey ?? null } : { kind: 'ollama' };
}

type ServerDestination = NonNullable<DestinationInput['modelServers']>[number];

/** The model server as a destination: questions and passages for chat, document text for indexing. */
export function modelServerDestination(server: ModelServer, sends: string): ServerDestination {
  return { url: serverUrl(server), name: server.provider === 'ollama' ? 'Ollama' : 'the model server', sends };
}

/** Where an embedder sends its text; null for one that runs in this process. */
export function embedderDestination(embedder: { kind: string; host?: string } | null | undefined, sends: string): ServerDestination | null {
  if (!embedder?.host) return null;
  return { url: embedder.host, name: embedder.kind === 'ollama' ? 'Ollama' : 'the model server', sends };
}

/** One `note:` line on stderr per remote destination (stdout stays the command's output). */
export function announceRemote(input: DestinationInput, out: NodeJS.WritableStream = process.stderr): void {
  for (const destination of remoteDestinations(input)) out.write(`note: ${terminalSafe(destination.message)}\n`);
}

/** Langfuse as the graph resolved it (keys from LANGFUSE_* variables). */
export function langfuseDestination(settings: LangfuseSettings): DestinationInput['langfuse'] {
  return { enabled: langfuseConfigured(settings), host: settings.baseUrl ?? null };
}
