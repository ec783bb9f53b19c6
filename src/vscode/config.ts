/**
 * The one place that reads this extension's settings. Everything else gets a plain, typed
 * `ResearchConfig` (core never sees `vscode`), and `onDidChange` tells listeners which of their
 * settings changed so e.g. the index is rebuilt only when an embedding setting moved.
 */
import * as vscode from 'vscode';
import { LIMIT_NAMES, LIMITS, type NetworkLimits } from '../core/llm/timeouts';

export const SECTION = 'research';

export type LlmProviderSetting = 'ollama' | 'vscode';
export type EmbeddingProviderSetting = 'auto' | 'ollama' | 'local' | 'none';

export interface ResearchConfig {
  llm: { provider: LlmProviderSetting };
  ollama: { host: string };
  models: { chat: string; embedding: string; localEmbeddingDir: string; localEmbeddingPrecision: 'mixed' | 'int8' | 'fp32' };
  embedding: { provider: EmbeddingProviderSetting };
  index: {
    include: string[]; exclude: string[]; autoIndex: boolean; watch: boolean; watchDebounceMs: number;
    /** OCR of scanned PDF pages: `ocr` auto|off, languages as `eng+deu`, their data folder, pages per document. */
    ocr: 'auto' | 'off'; ocrLanguages: string; ocrLanguageDir: string; ocrMaxPages: number;
    /** Empty: the extension's storage; else a folder or an object-store URI (a shared index, read-only here). */
    location: string;
    /** Seconds between a shared index's checks for new versions. */
    refreshSeconds: number;
  };
  chat: { maxClarifications: number; maxHistory: number; temperature: number; orchestratorTemperature: number; clarificationTemperature: number };
  langfuse: { enabled: boolean; host: string; publicKey: string };
  /** Network limits in ms, from the `research.timeouts.*Seconds` settings (core/llm/timeouts). */
  timeouts: NetworkLimits;
}

export const DEFAULT_CONFIG: ResearchConfig = {
  llm: { provider: 'ollama' },
  ollama: { host: '' },
  models: { chat: 'llama3.2', embedding: 'nomic-embed-text', localEmbeddingDir: '', localEmbeddingPrecision: 'mixed' },
  embedding: { provider: 'auto' },
  index: {
    include: ['**/*.pdf', '**/*.md', '**/*.markdown', '**/*.txt', '**/*.docx', '**/*.html', '**/*.htm'],
    exclude: ['**/node_modules/**', '**/.git/**', '**/dist/**', '**/out/**', '**/build/**', '**/coverage/**/*.htm?(l)', '**/_site/**/*.htm?(l)', '**/site/**/*.htm?(l)', '**/~$*'],
    autoIndex: true,
    watch: true,
    watchDebounceMs: 1500,
    ocr: 'auto',
    ocrLanguages: 'eng',
    ocrLanguageDir: '',
    ocrMaxPages: 200,
    location: '',
    refreshSeconds: 10,
  },
  chat: { maxClarifications: 2, maxHistory: 10, temperature: 0.2, orchestratorTemperature: 0.3, clarificationTemperature: 0.5 },
  langfuse: { enabled: false, host: 'https://cloud.langfuse.com', publicKey: '' },
  timeouts: Object.fromEntries(LIMIT_NAMES.map((name) => [name, LIMITS[name].defaultMs])) as NetworkLimits,
};

/** Reads the current settings; values of the wrong type fall back to the defaults. */
export function readConfig(scope?: vscode.ConfigurationScope): ResearchConfig {
  const c = vscode.workspace.getConfiguration(SECTION, scope);
  const d = DEFAULT_CONFIG;
  return {
    llm: { provider: oneOf(c.get('llm.provider'), ['ollama', 'vscode'] as const, d.llm.provider) },
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
      location: str(c.get('index.location'), d.index.location),
      refreshSeconds: num(c.get('index.refreshSeconds'), d.index.refreshSeconds, 0, 86_400),
    },
    chat: {
      maxClarifications: num(c.get('chat.maxClarifications'), d.chat.maxClarifications, 0, 5),
      maxHistory: num(c.get('chat.maxHistory'), d.chat.maxHistory, 0, 200),
      temperature: num(c.get('chat.temperature'), d.chat.temperature, 0, 2),
      orchestratorTemperature: num(c.get('chat.orchestratorTemperature'), d.chat.orchestratorTemperature, 0, 2),
      clarificationTemperature: num(c.get('chat.clarificationTemperature'), d.chat.clarificationTemperature, 0, 2),
    },
    langfuse: {
      enabled: bool(c.get('langfuse.enabled'), d.langfuse.enabled),
      host: str(c.get('langfuse.host'), d.langfuse.host) || d.langfuse.host,
      publicKey: str(c.get('langfuse.publicKey'), d.langfuse.publicKey),
    },
    timeouts: Object.fromEntries(LIMIT_NAMES.map((name) => [name, num(c.get(LIMITS[name].setting), d.timeouts[name] / 1000, 0.1, 86_400) * 1000])) as NetworkLimits,
  };
}

/** Which groups of settings a change touched. */
export interface ConfigChange {
  config: ResearchConfig;
  /** Index contents depend on these: include/exclude globs, embedding provider/model. */
  affectsIndex: boolean;
  affectsModels: boolean;
  affectsWatcher: boolean;
}

export function onDidChangeConfig(listener: (change: ConfigChange) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(SECTION)) return;
    const touched = (key: string) => e.affectsConfiguration(`${SECTION}.${key}`);
    listener({
      config: readConfig(),
      affectsIndex: touched('index.include') || touched('index.exclude') || touched('index.ocr') || touched('index.ocrLanguages') || touched('index.ocrLanguageDir') || touched('index.ocrMaxPages') || touched('embedding') || touched('models.embedding') || touched('models.localEmbeddingDir') || touched('models.localEmbeddingPrecision'),
      affectsModels: touched('ollama.host') || touched('models') || touched('llm') || touched('timeouts'),
      affectsWatcher: touched('index.watch') || touched('index.watchDebounceMs') || touched('index.include') || touched('index.exclude'),
    });
  });
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
