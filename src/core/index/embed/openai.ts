/**
 * Embeddings from an OpenAI-compatible server's `/embeddings` (vLLM, llama.cpp server, LM Studio),
 * through the same transport as its chat (core/llm/openaiTransport), so the same limits and errors apply.
 * Recorded in the index as `openai:<model>`: vectors from another provider are never mixed in, and
 * switching provider re-embeds once, with the indexer's notice.
 */
import { LlmError, LlmTimeoutError, ReplyTooLargeError, isAbortError } from '../../llm/errors';
import { createOpenAiTransport, type OpenAiTransport } from '../../llm/openaiTransport';
import type { NetworkLimits } from '../../llm/timeouts';
import { RemoteEmbedder } from './remote';
import { EmbedFailedError, EmbedTimeoutError, ModelServerEmbedError } from './errors';

export interface OpenAiEmbedderOptions {
  /** Normalised base URL (core/llm/modelServer). */
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  batchSize?: number;
  limits?: Partial<NetworkLimits>;
}

export class OpenAiEmbedder extends RemoteEmbedder {
  readonly kind = 'openai' as const;
  readonly id: string;
  readonly host: string;
  private readonly transport: OpenAiTransport;

  constructor(options: OpenAiEmbedderOptions) {
    super(options.model, options.model, options.batchSize ?? 32, `Model server at ${options.baseUrl}`);
    this.id = `openai:${options.model}`;
    this.host = options.baseUrl;
    this.transport = createOpenAiTransport({ baseUrl: options.baseUrl, apiKey: options.apiKey ?? null, ...(options.limits ? { limits: options.limits } : {}) });
  }

  protected async send(input: string[], signal?: AbortSignal): Promise<number[][]> {
    try {
      return await this.transport.embed(this.model, input, signal);
    } catch (error) {
      if (isAbortError(error, signal)) throw signal?.reason ?? error;
      if (error instanceof LlmTimeoutError) throw new EmbedTimeoutError(error);
      if (error instanceof ReplyTooLargeError) throw new EmbedFailedError(`${error.message}: ${error.action}`, { cause: error });
      if (error instanceof LlmError && (error.code === 'server-unreachable' || error.code === 'key-refused' || error.code === 'served-model-missing')) {
        throw new ModelServerEmbedError(error as ConstructorParameters<typeof ModelServerEmbedError>[0]);
      }
      throw new EmbedFailedError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }
}
