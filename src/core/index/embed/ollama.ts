/**
 * Embeddings from an Ollama server through the `ollama` npm client's batched `/api/embed`
 * (one request for many chunks is >2x faster than one per chunk).
 */
import { Ollama } from 'ollama';
import { LlmRequestError, LlmTimeoutError, ReplyTooLargeError } from '../../llm/errors';
import { resolveOllamaHost } from '../../llm/host';
import { isUnreachable } from '../../llm/networkErrors';
import { timedFetch, type PhaseLimits } from '../../llm/timedFetch';
import { resolveLimits, resolveReplyLimits, type NetworkLimits } from '../../llm/timeouts';
import { RemoteEmbedder } from './remote';
import { withoutCredentials } from '../../privacy/destinations';
import { EmbedFailedError, EmbeddingModelMissingError, EmbedTimeoutError, OllamaUnreachableError } from './errors';

export const DEFAULT_OLLAMA_EMBED_MODEL = 'nomic-embed-text';
/**
 * Ollama reads `name` as `name:latest`: both spell one model. Ids are recorded without the tag so
 * that picking `nomic-embed-text:latest` in a model list never looks like a model change.
 */
export function canonicalOllamaModel(name: string): string {
  return name.replace(/:latest$/, '');
}

/**
 * Whether two recorded embedder ids name the same vectors. Only Ollama's implicit `:latest` is
 * forgiven: an index recorded before ids were canonical must not be re-embedded for it.
 */
export function sameEmbedderId(a: string | null, b: string | null): boolean {
  const canonical = (id: string | null) => (id?.startsWith('ollama:') ? `ollama:${canonicalOllamaModel(id.slice('ollama:'.length))}` : id);
  return canonical(a) === canonical(b);
}

export interface OllamaEmbedderOptions {
  host?: string | null;
  model?: string;
  batchSize?: number;
  /** Network limits (ms); what is left out comes from the environment or the defaults (core/llm/timeouts). */
  limits?: Partial<NetworkLimits>;
}

export class OllamaEmbedder extends RemoteEmbedder {
  readonly kind = 'ollama' as const;
  readonly id: string;
  /** Where requests go, as messages name it (without any `user:password@`). */
  readonly host: string;
  /** Where requests go, credentials included (a proxy in OLLAMA_HOST may need them). */
  private readonly endpoint: string;
  private readonly phases: PhaseLimits;
  private readonly maxReplyBytes: number;

  constructor(options: OllamaEmbedderOptions = {}) {
    const model = options.model ?? DEFAULT_OLLAMA_EMBED_MODEL;
    const endpoint = resolveOllamaHost(options.host);
    const host = withoutCredentials(endpoint);
    super(model, canonicalOllamaModel(model), options.batchSize ?? 32, `Ollama at ${host}`);
    this.id = `ollama:${canonicalOllamaModel(model)}`;
    this.host = host;
    this.endpoint = endpoint;
    const limits = resolveLimits(options.limits);
    this.maxReplyBytes = resolveReplyLimits().embedReplyBytes;
    this.phases = { connect: { limit: 'connectMs', ms: limits.connectMs }, total: { limit: 'embedMs', ms: limits.embedMs } };
  }

  protected async send(input: string[], signal?: AbortSignal): Promise<number[][]> {
    // A non-streamed call has no signal option: the fetch carries ours to the request, with the limits.
    const client = new Ollama({
      host: this.endpoint,
      fetch: timedFetch({
        host: this.host,
        phases: this.phases,
        maxBytes: { limit: 'embedReplyBytes', bytes: this.maxReplyBytes },
        ...(signal ? { signal } : {}),
      }),
    });
    try {
      return (await client.embed({ model: this.model, input, truncate: true })).embeddings;
    } catch (error) {
      throw this.translate(error, signal);
    }
  }

  private translate(error: unknown, signal?: AbortSignal): unknown {
    if (signal?.aborted) return signal.reason ?? error;
    const status = (error as { status_code?: unknown })?.status_code;
    if (status === 404) return new EmbeddingModelMissingError(this.model, this.host, { cause: error });
    if (error instanceof LlmTimeoutError) return new EmbedTimeoutError(error);
    if (error instanceof ReplyTooLargeError) return new EmbedFailedError(`${error.message}: ${error.action}`, { cause: error });
    if (isUnreachable(error)) return new OllamaUnreachableError(this.host, { cause: error });
    if (error instanceof SyntaxError) return new EmbedFailedError(`Ollama at ${this.host} sent a reply that is not JSON`, { cause: error });
    if (typeof status === 'number')
      return new EmbedFailedError(`Ollama at ${this.host} answered HTTP ${status}: ${(error as Error).message}`, { cause: error });
    if (error instanceof LlmRequestError) return new EmbedFailedError(error.message, { cause: error });
    return new EmbedFailedError(`Ollama at ${this.host}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
