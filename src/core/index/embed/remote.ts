/**
 * What the embedders that call a server share (Ollama's `/api/embed`, an OpenAI-compatible
 * `/embeddings`): batching, the task prefixes some models were trained with, and the checks on
 * what comes back. Subclasses only send one batch and translate their server's failures.
 */
import type { Embedder, EmbedderKind } from './embedder';
import { EmbedFailedError } from './errors';

/**
 * No embedding model has vectors this long (the largest in use have 8,192 dimensions): a reply
 * with more is a broken or hostile server, refused before its vectors reach the index.
 */
export const MAX_DIMENSION = 65_536;

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
    const reply = await this.send(input, signal);
    if (reply.length !== input.length) throw new EmbedFailedError(`${this.server} returned ${reply.length} vectors for ${input.length} texts`);
    const dimension = reply[0]?.length ?? 0;
    if (dimension === 0 || reply.some((v) => !Array.isArray(v) || v.length !== dimension))
      throw new EmbedFailedError(`${this.server} returned vectors of inconsistent length`);
    // Every reply must match the first (the probe's), whose length the index records: one of
    // another length would be refused by the table mid-run, or worse, fixed as the index's size.
    // Checked on the lengths, before anything is converted or written.
    if (dimension > MAX_DIMENSION)
      throw new EmbedFailedError(`${this.server} returned ${dimension}-dimension vectors, more than ${MAX_DIMENSION} (no model has that many)`);
    if (this.dimension !== null && dimension !== this.dimension)
      throw new EmbedFailedError(`${this.server} returned ${dimension}-dimension vectors after ${this.dimension}-dimension ones (was the model replaced?)`);
    const vectors = reply.map((e) => Float32Array.from(e));
    if (vectors.some((v) => v.some((x) => !Number.isFinite(x)))) throw new EmbedFailedError(`${this.server} returned vectors holding NaN or infinity`);
    this.dimension = dimension;
    return vectors;
  }
}
