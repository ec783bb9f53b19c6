/** Typed failures of embedding backends. Callers branch on `code` / `instanceof`, never on message text. */

export class EmbedderError extends Error {
  constructor(
    message: string,
    readonly code: 'ollama-unreachable' | 'model-missing' | 'local-model-missing' | 'local-model-quantize' | 'embed-failed',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class OllamaUnreachableError extends EmbedderError {
  constructor(readonly host: string, options?: { cause?: unknown }) {
    super(`Ollama is not reachable at ${host}: start it (\`ollama serve\`) or set OLLAMA_HOST`, 'ollama-unreachable', options);
  }
}

export class EmbeddingModelMissingError extends EmbedderError {
  constructor(readonly model: string, readonly host: string, options?: { cause?: unknown }) {
    super(`embedding model '${model}' is not installed in Ollama at ${host}: run \`ollama pull ${model}\``, 'model-missing', options);
  }
}

export class LocalModelMissingError extends EmbedderError {
  constructor(readonly modelDir: string, detail: string, options?: { cause?: unknown }) {
    super(`no usable embedding model in ${modelDir} (${detail}): it needs config.json, tokenizer.json and onnx/model.onnx`, 'local-model-missing', options);
  }
}

export class EmbedFailedError extends EmbedderError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`embedding failed: ${detail}`, 'embed-failed', options);
  }
}
