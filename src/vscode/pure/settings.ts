/**
 * The editor's settings (`research.*`) as plain data, their defaults, and the one mapping into
 * what the engine takes. Defaults come from core wherever core has one (the same model, globs,
 * OCR and network limits as the CLI); package.json's contributed defaults are checked against
 * this table by test/unit/vscode/settings.test.ts. ../settings/config.ts reads VS Code into this shape.
 */
import { DEFAULT_CHAT_MODEL, DEFAULT_KEEP_ALIVE_MINUTES, DEFAULT_MAX_CLARIFICATIONS, DEFAULT_MAX_HISTORY } from '../../core/graph/config';
import { DEFAULT_FILE_LIMITS, DEFAULT_INCLUDE, DEFAULT_OCR_SETTINGS, DEFAULT_OLLAMA_EMBED_MODEL, parseOcrLanguages } from '../../core/index';
import { LIMIT_NAMES, LIMITS, type NetworkLimits } from '../../core/llm/timeouts';
import type { EngineSettings } from '../engine/contract';

export type LlmProviderSetting = 'ollama' | 'vscode' | 'openai-compatible';
export type EmbeddingProviderSetting = 'auto' | 'ollama' | 'local' | 'none';

export interface EditorSettings {
  /** `baseUrl`: the OpenAI-compatible server's (its key is in SecretStorage, ../settings/secrets). */
  llm: { provider: LlmProviderSetting; baseUrl: string };
  ollama: { host: string };
  models: { chat: string; embedding: string; localEmbeddingDir: string; localEmbeddingPrecision: 'mixed' | 'int8' | 'fp32' };
  embedding: { provider: EmbeddingProviderSetting };
  index: {
    include: string[];
    exclude: string[];
    autoIndex: boolean;
    watch: boolean;
    watchDebounceMs: number;
    /** OCR of scanned PDF pages: `ocr` auto|off, languages as `eng+deu`, their data folder, pages per document. */
    ocr: 'auto' | 'off';
    ocrLanguages: string;
    ocrLanguageDir: string;
    ocrMaxPages: number;
    /** Pixels of one image OCR decodes, in megapixels. */
    ocrMaxMegapixels: number;
    /** What one file may cost (core/index/pipeline/fileLimits.ts), in the settings' units. */
    maxUnzippedMb: number;
    maxCharsPerFile: number;
    maxPdfPages: number;
    fileTimeoutSeconds: number;
    workerMemoryMb: number;
    /** Folders outside the workspace folder that symbolic links may lead into. */
    followLinksInto: string[];
    /** Empty: the extension's storage; else a folder or an object-store URI (a shared index, read-only here). */
    location: string;
    /** Seconds between a shared index's checks for new versions. */
    refreshSeconds: number;
  };
  chat: {
    maxClarifications: number;
    maxHistory: number;
    /**
     * Temperatures the user set (answers, the orchestrator, clarifying questions); undefined where
     * they set none: the prompt file's own temperature applies then (core/graph/config.ts).
     */
    temperature: number | undefined;
    orchestratorTemperature: number | undefined;
    clarificationTemperature: number | undefined;
    /** Minutes Ollama keeps the chat model loaded after a request (-1: until Ollama stops). */
    keepAliveMinutes: number;
  };
  langfuse: { enabled: boolean; host: string; publicKey: string };
  /**
   * Libraries outside the workspace, searched beside it in every window: Zotero data directories
   * (a folder holding zotero.sqlite) and folders of papers, `~` for the home folder. Their indexes
   * live in the user's cache folder (core/library), one per library for every workspace.
   */
  library: { folders: string[] };
  /** Network limits in ms, from the `research.timeouts.*Seconds` settings (core/llm/timeouts). */
  timeouts: NetworkLimits;
}

const MB = 1024 * 1024;

export const DEFAULT_SETTINGS: EditorSettings = {
  llm: { provider: 'ollama', baseUrl: '' },
  ollama: { host: '' },
  models: { chat: DEFAULT_CHAT_MODEL, embedding: DEFAULT_OLLAMA_EMBED_MODEL, localEmbeddingDir: '', localEmbeddingPrecision: 'mixed' },
  embedding: { provider: 'auto' },
  index: {
    include: DEFAULT_INCLUDE,
    // Not the CLI's list: the editor's index lives in workspace storage, and hidden folders are the user's to exclude.
    exclude: [
      '**/node_modules/**',
      '**/.git/**',
      '**/dist/**',
      '**/out/**',
      '**/build/**',
      '**/coverage/**/*.htm?(l)',
      '**/_site/**/*.htm?(l)',
      '**/site/**/*.htm?(l)',
      '**/~$*',
    ],
    autoIndex: true,
    watch: true,
    watchDebounceMs: 1500,
    ocr: DEFAULT_OCR_SETTINGS.mode,
    ocrLanguages: DEFAULT_OCR_SETTINGS.languages.join('+'),
    ocrLanguageDir: '',
    ocrMaxPages: DEFAULT_OCR_SETTINGS.maxPagesPerDocument,
    ocrMaxMegapixels: DEFAULT_OCR_SETTINGS.maxImagePixels / 1_000_000,
    maxUnzippedMb: DEFAULT_FILE_LIMITS.maxUnzippedBytes / MB,
    maxCharsPerFile: DEFAULT_FILE_LIMITS.maxChars,
    maxPdfPages: DEFAULT_FILE_LIMITS.maxPages,
    fileTimeoutSeconds: DEFAULT_FILE_LIMITS.fileTimeoutMs / 1000,
    workerMemoryMb: DEFAULT_FILE_LIMITS.workerMemoryMb,
    followLinksInto: [],
    location: '',
    refreshSeconds: 10,
  },
  chat: {
    maxClarifications: DEFAULT_MAX_CLARIFICATIONS,
    maxHistory: DEFAULT_MAX_HISTORY,
    temperature: undefined,
    orchestratorTemperature: undefined,
    clarificationTemperature: undefined,
    keepAliveMinutes: DEFAULT_KEEP_ALIVE_MINUTES,
  },
  langfuse: { enabled: false, host: 'https://cloud.langfuse.com', publicKey: '' },
  library: { folders: [] },
  timeouts: Object.fromEntries(LIMIT_NAMES.map((name) => [name, LIMITS[name].defaultMs])) as NetworkLimits,
};

/** Keys from SecretStorage (../settings/secrets), held in memory only. */
export interface EngineKeys {
  langfuseSecretKey: string | undefined;
  modelServerKey: string | undefined;
}

/**
 * The editor's settings as core's session takes them (core/session/settings.ts), plus the shared
 * indexes' refresh. The keys come from SecretStorage and stay in memory: EngineSettings is never
 * logged or written.
 */
export function engineSettings(settings: EditorSettings, keys: EngineKeys): EngineSettings {
  const { langfuseSecretKey, modelServerKey } = keys;
  const { chat, langfuse } = settings;
  const temperatures = { synthesis: chat.temperature, orchestrator: chat.orchestratorTemperature, clarification: chat.clarificationTemperature };
  return {
    // `vscode`: the chat participant hands in the chat's model each turn; Ollama still embeds.
    model:
      settings.llm.provider === 'openai-compatible'
        ? { kind: 'server', baseUrl: settings.llm.baseUrl, ...(modelServerKey ? { apiKey: modelServerKey } : {}) }
        : { kind: 'ollama' },
    ollamaHost: settings.ollama.host || null,
    limits: settings.timeouts,
    chat: {
      model: settings.models.chat,
      temperatures: Object.fromEntries(Object.entries(temperatures).filter(([, t]) => t !== undefined)),
      maxClarifications: chat.maxClarifications,
      maxHistory: Math.max(1, chat.maxHistory),
      keepAliveMinutes: chat.keepAliveMinutes,
      langfuse: langfuse.enabled
        ? {
            baseUrl: langfuse.host,
            ...(langfuse.publicKey ? { publicKey: langfuse.publicKey } : {}),
            ...(langfuseSecretKey ? { secretKey: langfuseSecretKey } : {}),
          }
        : {},
      // Off means off, whatever LANGFUSE_* variables the editor inherited.
      tracing: langfuse.enabled,
    },
    embedding: {
      mode: settings.embedding.provider,
      ollamaModel: settings.models.embedding || null,
      modelDir: settings.models.localEmbeddingDir || null,
      localPrecision: settings.models.localEmbeddingPrecision,
    },
    index: {
      include: settings.index.include,
      exclude: settings.index.exclude,
      ocr: {
        mode: settings.index.ocr,
        languages: parseOcrLanguages(settings.index.ocrLanguages),
        ...(settings.index.ocrLanguageDir ? { languageDir: settings.index.ocrLanguageDir } : {}),
        maxPagesPerDocument: settings.index.ocrMaxPages,
        maxImagePixels: Math.round(settings.index.ocrMaxMegapixels * 1_000_000),
      },
      limits: {
        maxUnzippedBytes: Math.round(settings.index.maxUnzippedMb * MB),
        maxChars: settings.index.maxCharsPerFile,
        maxPages: settings.index.maxPdfPages,
        fileTimeoutMs: Math.round(settings.index.fileTimeoutSeconds * 1000),
        workerMemoryMb: settings.index.workerMemoryMb,
      },
      followLinksInto: settings.index.followLinksInto,
    },
    indexRefreshSeconds: settings.index.refreshSeconds,
  };
}
