/**
 * What the embedders that call a server share (Ollama's `/api/embed`, an OpenAI-compatible
 * `/embeddings`): batching, the task prefixes some models were trained with, and the checks on
 * what comes back. Subclasses only send one batch and translate their server's failures.
 */
import type { Embedder, EmbedderKind } from './types';
import { EmbedFailedError } from './errors';

/** nomic-embed-text was trained with task prefixes; retrieval quality drops without them. */
const PREFIXES: Record<string, { document: string; query: string }> = {
  'nomic-embed-text': { document: 'search_document: ', query: 'search_query: ' },
};

export abstract class RemoteEmbedder implements Embedder {
  abstract readonly kind: EmbedderKind;
  abstract readonly id: string;
  readonly modelDir = null;
  dimension: number | null = null;
  private readonly prefixes: { document: string; query: string };

  constructor(
    readonly model: string,
    /** Base name of the model (no `:latest`), which picks the task prefixes. */
    canonicalModel: string,
    readonly batchSize: number,
    /** "Ollama at …", "Model server at …": named when a reply is malformed. */
    private readonly server: string,
  ) {
    this.prefixes = PREFIXES[canonicalModel] ?? { document: '', query: '' };
  }

  /** One batch, one vector per text; failures already typed (EmbedderError) or aborts. */
  protected abstract send(input: string[], signal?: AbortSignal): Promise<number[][]>;

  async probe(signal?: AbortSignal): Promise<number> {
    const [vector] = await this.request(['probe'], signal);
    return vector!.length;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      signal?.throwIfAborted();
      const batch = texts.slice(i, i + this.batchSize).map((t) => this.prefixes.document + t);
      out.push(...(await this.request(batch, signal)));
    }
    return out;
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.request([this.prefixes.query + text], signal);
    return vector!;
  }

  async close(): Promise<void> {}

  private async request(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors = (await this.send(input, signal)).map((e) => Float32Array.from(e));
    if (vectors.length !== input.length) throw new EmbedFailedError(`${this.server} returned ${vectors.length} vectors for ${input.length} texts`);
    const dimension = vectors[0]?.length ?? 0;
    if (dimension === 0 || vectors.some((v) => v.length !== dimension)) throw new EmbedFailedError(`${this.server} returned vectors of inconsistent length`);
    this.dimension = dimension;
    return vectors;
  }
}
