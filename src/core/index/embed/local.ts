/**
 * In-process embeddings with transformers.js (onnxruntime-node on the CPU), e.g.
 * all-MiniLM-L6-v2 from a folder: no server, no network. The model folder must hold
 * config.json, tokenizer.json (+ tokenizer_config.json) and onnx/model.onnx.
 */
import { access } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Embedder } from './types';
import { EmbedFailedError, LocalModelMissingError } from './errors';

type FeatureExtractor = (texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<{ dims: number[]; data: Float32Array; dispose?: () => void }>;

export interface LocalEmbedderOptions {
  modelDir: string;
  /** Texts per forward pass (see DEFAULT_LOCAL_BATCH). */
  batchSize?: number;
  /** onnxruntime intra-op threads. */
  threads?: number;
}

/**
 * Measured with scripts/bench-embed-local.ts on the shared 2-core machine (64 real chunks of
 * ~800 characters, other jobs running, load 5-12): one thread, batch 1 was fastest every time
 * (10.4-11.8 chunks/s vs 6.6-10.0 for batch 8, 8.6 for batch 4); two intra-op threads were
 * slower (4.8-6.4), since the extraction workers use the other core. Batching does not pay on
 * this CPU backend, so texts go one at a time.
 */
export const DEFAULT_LOCAL_BATCH = 1;
export const DEFAULT_LOCAL_THREADS = 1;

const REQUIRED_FILES = ['config.json', 'tokenizer.json', join('onnx', 'model.onnx')];

/** Throws LocalModelMissingError unless the folder looks like a transformers.js model. */
export async function checkLocalModelDir(modelDir: string): Promise<void> {
  for (const file of REQUIRED_FILES) {
    try {
      await access(join(modelDir, file));
    } catch (error) {
      throw new LocalModelMissingError(modelDir, `${file} not found`, { cause: error });
    }
  }
}

export class LocalEmbedder implements Embedder {
  readonly kind = 'local' as const;
  readonly id: string;
  readonly model: string;
  readonly modelDir: string;
  readonly batchSize: number;
  readonly threads: number;
  dimension: number | null = null;
  private extractor: Promise<FeatureExtractor> | null = null;

  constructor(options: LocalEmbedderOptions) {
    this.modelDir = resolve(options.modelDir);
    this.model = basename(this.modelDir);
    this.id = `local:${this.model}`;
    this.batchSize = options.batchSize ?? DEFAULT_LOCAL_BATCH;
    this.threads = options.threads ?? DEFAULT_LOCAL_THREADS;
  }

  async probe(signal?: AbortSignal): Promise<number> {
    const [vector] = await this.embed(['probe'], signal);
    return vector!.length;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const extract = await this.load();
    const out = new Array<Float32Array>(texts.length);
    // A batch is padded to its longest text: batching texts of similar length wastes less work.
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      signal?.throwIfAborted();
      const indices = order.slice(start, start + this.batchSize);
      let tensor;
      try {
        tensor = await extract(indices.map((i) => texts[i]!), { pooling: 'mean', normalize: true });
      } catch (error) {
        throw new EmbedFailedError(`local model ${this.model}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      const dimension = tensor.dims[1]!;
      // Copy out of the tensor's buffer: it is released with the tensor.
      indices.forEach((textIndex, row) => (out[textIndex] = tensor.data.slice(row * dimension, (row + 1) * dimension)));
      tensor.dispose?.();
      this.dimension = dimension;
    }
    return out;
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.embed([text], signal);
    return vector!;
  }

  async close(): Promise<void> {
    const extractor = this.extractor;
    this.extractor = null;
    if (extractor) await ((await extractor.catch(() => null)) as { dispose?: () => Promise<void> } | null)?.dispose?.();
  }

  private load(): Promise<FeatureExtractor> {
    this.extractor ??= (async () => {
      await checkLocalModelDir(this.modelDir);
      // Loaded lazily: transformers.js + onnxruntime take ~0.5 s and ~100 MB to load.
      const transformers = await import('@huggingface/transformers');
      // transformers.js resolves a model id under localModelPath: point it at the parent folder.
      transformers.env.localModelPath = dirname(this.modelDir) + '/';
      transformers.env.allowRemoteModels = false;
      transformers.env.allowLocalModels = true;
      try {
        const pipe = await transformers.pipeline('feature-extraction', this.model, {
          dtype: 'fp32',
          session_options: { intraOpNumThreads: this.threads, interOpNumThreads: 1 },
        });
        return pipe as unknown as FeatureExtractor;
      } catch (error) {
        throw new LocalModelMissingError(this.modelDir, error instanceof Error ? error.message : String(error), { cause: error });
      }
    })();
    this.extractor.catch(() => {
      this.extractor = null;
    });
    return this.extractor;
  }
}
