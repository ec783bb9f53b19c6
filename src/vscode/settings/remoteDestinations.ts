/**
 * What the editor's settings send off this machine (core/privacy/destinations decides what is
 * remote). Plain data in, plain data out: no `vscode` import, so unit tests run it.
 */
import type { EditorSettings as ResearchConfig } from '../pure/settings';
import { resolveOllamaHost } from '../../core/llm/host';
import { ModelServerConfigError, normalizeBaseUrl } from '../../core/llm/modelServer';
import { remoteDestinations, type Destination, type DestinationInput } from '../../core/privacy/destinations';

/** The settings that decide where requests go. */
export type DestinationSettings = Pick<ResearchConfig, 'llm' | 'ollama' | 'embedding' | 'langfuse'>;

/** `indexLocations`: where the workspace's indexes are kept (a hook for indexes outside a local folder). */
export function editorDestinations(config: DestinationSettings, indexLocations: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): Destination[] {
  const servers: Array<NonNullable<DestinationInput['modelServers']>[number]> = [];
  const ollama = { url: resolveOllamaHost(config.ollama.host || null, env), name: 'Ollama' };
  const embedding = config.embedding.provider;
  if (config.llm.provider === 'openai-compatible') {
    const url = baseUrlOrRaw(config.llm.baseUrl);
    if (url) servers.push({ url, name: 'the model server', sends: 'questions and document passages' });
    if (embedding === 'ollama') servers.push({ ...ollama, sends: 'document text' });
  } else {
    // `vscode`: the chat's model is the user's pick in VS Code; embeddings may still go to Ollama.
    if (config.llm.provider === 'ollama') servers.push({ ...ollama, sends: 'questions and document passages' });
    if (embedding === 'ollama' || embedding === 'auto') servers.push({ ...ollama, sends: 'document text' });
  }
  return remoteDestinations({ modelServers: servers, langfuse: { enabled: config.langfuse.enabled, host: config.langfuse.host }, indexLocations });
}

function baseUrlOrRaw(raw: string): string | null {
  if (!raw.trim()) return null;
  try {
    return normalizeBaseUrl(raw.trim());
  } catch (error) {
    if (error instanceof ModelServerConfigError) return raw.trim();
    throw error;
  }
}
