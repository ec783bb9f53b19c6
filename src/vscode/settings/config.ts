/**
 * The one place that reads this extension's settings. Everything else gets plain, typed
 * `EditorSettings` (./pure/settings.ts: the shape, the defaults, the mapping to the engine; core
 * never sees `vscode`), and `onDidChange` tells listeners which of their settings changed so e.g.
 * the index is rebuilt only when an embedding setting moved.
 */
import * as vscode from 'vscode';
import { LIMIT_NAMES, LIMITS, type NetworkLimits } from '../../core/llm/timeouts';
import { DEFAULT_SETTINGS, type EditorSettings } from '../pure/settings';

export const SECTION = 'research';

/** Reads the current settings; values of the wrong type fall back to the defaults. */
export function readConfig(scope?: vscode.ConfigurationScope): EditorSettings {
  const c = vscode.workspace.getConfiguration(SECTION, scope);
  const d = DEFAULT_SETTINGS;
  /** A temperature only where the user set one: otherwise the prompt file decides (core/graph/config.ts). */
  const temperature = (key: string) => (userSet(c, key) ? num(c.get(key), 0, 0, 2) : undefined);
  return {
    llm: {
      provider: oneOf(c.get('llm.provider'), ['ollama', 'vscode', 'openai-compatible'] as const, d.llm.provider),
      baseUrl: str(c.get('llm.baseUrl'), d.llm.baseUrl),
    },
    ollama: { host: str(c.get('ollama.host'), d.ollama.host) },
    models: {
      chat: str(c.get('models.chat'), d.models.chat) || d.models.chat,
      embedding: str(c.get('models.embedding'), d.models.embedding) || d.models.embedding,
      localEmbeddingDir: str(c.get('models.localEmbeddingDir'), d.models.localEmbeddingDir),
      localEmbeddingPrecision: oneOf(c.get('models.localEmbeddingPrecision'), ['mixed', 'int8', 'fp32'] as const, d.models.localEmbeddingPrecision),
    },
    embedding: { provider: oneOf(c.get('embedding.provider'), ['auto', 'ollama', 'local', 'none'] as const, d.embedding.provider) },
    index: {
      include: strings(c.get('index.include'), d.index.include),
      exclude: strings(c.get('index.exclude'), d.index.exclude),
      autoIndex: bool(c.get('index.autoIndex'), d.index.autoIndex),
      watch: bool(c.get('index.watch'), d.index.watch),
      watchDebounceMs: num(c.get('index.watchDebounceMs'), d.index.watchDebounceMs, 100, 60_000),
      ocr: oneOf(c.get('index.ocr'), ['auto', 'off'] as const, d.index.ocr),
      ocrLanguages: str(c.get('index.ocrLanguages'), d.index.ocrLanguages) || d.index.ocrLanguages,
      ocrLanguageDir: str(c.get('index.ocrLanguageDir'), d.index.ocrLanguageDir),
      ocrMaxPages: num(c.get('index.ocrMaxPages'), d.index.ocrMaxPages, 0, 100_000),
      ocrMaxMegapixels: num(c.get('index.ocrMaxMegapixels'), d.index.ocrMaxMegapixels, 1, 1_000),
      maxUnzippedMb: num(c.get('index.maxUnzippedMb'), d.index.maxUnzippedMb, 1, 4_000),
      maxCharsPerFile: num(c.get('index.maxCharsPerFile'), d.index.maxCharsPerFile, 1_000, 1_000_000_000),
      maxPdfPages: num(c.get('index.maxPdfPages'), d.index.maxPdfPages, 1, 1_000_000),
      fileTimeoutSeconds: num(c.get('index.fileTimeoutSeconds'), d.index.fileTimeoutSeconds, 1, 86_400),
      workerMemoryMb: num(c.get('index.workerMemoryMb'), d.index.workerMemoryMb, 64, 16_384),
      followLinksInto: strings(c.get('index.followLinksInto'), d.index.followLinksInto),
      location: str(c.get('index.location'), d.index.location),
      refreshSeconds: num(c.get('index.refreshSeconds'), d.index.refreshSeconds, 0, 86_400),
    },
    chat: {
      maxClarifications: num(c.get('chat.maxClarifications'), d.chat.maxClarifications, 0, 5),
      maxHistory: num(c.get('chat.maxHistory'), d.chat.maxHistory, 0, 200),
      temperature: temperature('chat.temperature'),
      orchestratorTemperature: temperature('chat.orchestratorTemperature'),
      clarificationTemperature: temperature('chat.clarificationTemperature'),
      keepAliveMinutes: num(c.get('chat.keepAliveMinutes'), d.chat.keepAliveMinutes, -1, 100_000),
    },
    langfuse: {
      enabled: bool(c.get('langfuse.enabled'), d.langfuse.enabled),
      host: str(c.get('langfuse.host'), d.langfuse.host) || d.langfuse.host,
      publicKey: str(c.get('langfuse.publicKey'), d.langfuse.publicKey),
    },
    library: { folders: strings(c.get('library.folders'), d.library.folders) },
    timeouts: Object.fromEntries(
      LIMIT_NAMES.map((name) => [name, num(c.get(LIMITS[name].setting), d.timeouts[name] / 1000, 0.1, 86_400) * 1000]),
    ) as NetworkLimits,
  };
}

/** Which groups of settings a change touched. */
export interface ConfigChange {
  config: EditorSettings;
  /** Index contents depend on these: include/exclude globs, embedding provider/model. */
  affectsIndex: boolean;
  affectsModels: boolean;
  affectsWatcher: boolean;
  /** A folder's index moved (`research.index.location`): the folder set is read again. */
  affectsFolders: boolean;
  /** `research.library.*`: the libraries searched beside the workspace. */
  affectsLibraries: boolean;
}

export function onDidChangeConfig(listener: (change: ConfigChange) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(SECTION)) return;
    const touched = (key: string) => e.affectsConfiguration(`${SECTION}.${key}`);
    listener({
      config: readConfig(),
      affectsIndex:
        touched('index.include') ||
        touched('index.exclude') ||
        touched('index.ocr') ||
        touched('index.ocrLanguages') ||
        touched('index.ocrLanguageDir') ||
        touched('index.ocrMaxPages') ||
        touched('index.ocrMaxMegapixels') ||
        touched('index.maxUnzippedMb') ||
        touched('index.maxCharsPerFile') ||
        touched('index.maxPdfPages') ||
        touched('index.fileTimeoutSeconds') ||
        touched('index.workerMemoryMb') ||
        touched('index.followLinksInto') ||
        touched('embedding') ||
        touched('llm.provider') ||
        touched('llm.baseUrl') ||
        touched('models.embedding') ||
        touched('models.localEmbeddingDir') ||
        touched('models.localEmbeddingPrecision'),
      affectsModels: touched('ollama.host') || touched('models') || touched('llm') || touched('timeouts'),
      affectsWatcher: touched('index.watch') || touched('index.watchDebounceMs') || touched('index.include') || touched('index.exclude'),
      affectsFolders: touched('index.location'),
      affectsLibraries: touched('library'),
    });
  });
}

/** Set in user, workspace or folder settings (a contributed default is not the user's choice). */
function userSet(c: vscode.WorkspaceConfiguration, key: string): boolean {
  const i = c.inspect(key);
  return i !== undefined && (i.globalValue !== undefined || i.workspaceValue !== undefined || i.workspaceFolderValue !== undefined);
}

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value.trim() : fallback;
}
function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}
function num(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}
function strings(value: unknown, fallback: string[]): string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : fallback;
}
function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}
