/** Turns the editor's settings into the plain object the engine takes. */
import type { ResearchConfig } from './config';
import type { EngineSettings } from './engine/types';
import { parseOcrLanguages } from '../core/index/ocr/settings';

export function engineSettings(config: ResearchConfig, langfuseSecretKey: string | undefined): EngineSettings {
  return {
    ollamaHost: config.ollama.host,
    chatModel: config.models.chat,
    embeddingModel: config.models.embedding,
    embeddingProvider: config.embedding.provider,
    localEmbeddingDir: config.models.localEmbeddingDir,
    localEmbeddingPrecision: config.models.localEmbeddingPrecision,
    include: config.index.include,
    exclude: config.index.exclude,
    ocr: {
      mode: config.index.ocr,
      languages: parseOcrLanguages(config.index.ocrLanguages),
      ...(config.index.ocrLanguageDir ? { languageDir: config.index.ocrLanguageDir } : {}),
      maxPagesPerDocument: config.index.ocrMaxPages,
    },
    maxClarifications: config.chat.maxClarifications,
    maxHistory: config.chat.maxHistory,
    temperature: config.chat.temperature,
    orchestratorTemperature: config.chat.orchestratorTemperature,
    clarificationTemperature: config.chat.clarificationTemperature,
    langfuse: { ...config.langfuse, ...(langfuseSecretKey ? { secretKey: langfuseSecretKey } : {}) },
    timeouts: config.timeouts,
    indexRefreshSeconds: config.index.refreshSeconds,
  };
}
