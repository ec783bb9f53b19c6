/**
 * In-process embeddings with transformers.js (onnxruntime-node on the CPU), e.g.
 * all-MiniLM-L6-v2 from a folder: no server, no network. The model folder must hold
 * config.json, tokenizer.json (+ tokenizer_config.json) and onnx/model.onnx.
 */
import { access } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Embedder } from './embedder';
import { LocalModelMissingError } from './errors';
import { loadFeatureExtractor, runExtractor, type FeatureExtractor, type LocalWorkerData, type ModelDtype } from './localModel';
import { EmbedWorkerCrashError, LocalEmbedPool, resolveEmbedWorkerScript } from './localPool';
import { ensureQuantizedModel } from './localQuantCache';

/**
 * 'mixed': our int8 copy of the model with its down-projections (the feed-forward outputs) left in
 * fp32; 'int8': every weight MatMul in int8 (quantize.ts, both cached by localQuantCache.ts);
 * 'fp32': the model as shipped.
 */
export type LocalPrecision = 'mixed' | 'int8' | 'fp32';
export const LOCAL_PRECISIONS: readonly LocalPrecision[] = ['mixed', 'int8', 'fp32'];
/**
 * 'mixed' by default: the original model's retrieval at about 1.3x its speed. Measured in
 * docs/benchmarks.md ("Precision"), all-MiniLM-L6-v2, 8-bit weights (VNNI CPU), same host state:
 * - `bench-index --child <mode>` on the corpus (13,866 chunks): fp32 33.7 chunks/s (load 2.2),
 *   mixed 45.2 (load 1.8-2.0), int8 65.3 (load 2.6-2.2).
 * - Cosine to the fp32 vectors over 200 chunks (`scripts/bench-embed-local.ts`): mixed min 0.9952 /
 *   mean 0.9972; int8 min 0.9843 / mean 0.9933 (keeping the first and last layers in fp32
 *   instead: 0.9895 / 0.9955 at about the same cost; the last layer alone: no gain).
 * - Retrieval (`eval --json` on fresh indexes): mixed ranks like fp32 on all four question sets
 *   (dev hit@1 / hit@5 / MRR 0.778 / 1.00 / 0.847, fp32 0.778 / 1.00 / 0.844); int8 differs
 *   (dev 0.722 / 1.00 / 0.821, held-out 3 hit@1 0.81 against 0.75): the same pooled hit@1 over 60
 *   questions, but other questions. A default should answer as the model the user chose does;
 *   `--local-precision int8` (setting research.models.localEmbeddingPrecision) trades that for
 *   speed, `fp32` keeps the original weights.
 *   7-bit weights (onnxruntime's reduce_range, used on x86 without VNNI) lost more: pooled hit@1 0.59
 *   for int8 (measured when int8 was chosen; see docs/benchmarks.md).
 */
export const DEFAULT_LOCAL_PRECISION: LocalPrecision = 'mixed';

/**
 * The id recorded in the index: fp32 keeps the plain `local:<model>` of indexes built before
 * int8 existed; int8 gets its own id, so switching precision re-embeds instead of mixing vectors.
 */
export function localEmbedderId(model: string, precision: LocalPrecision): string {
  return precision === 'fp32' ? `local:${model}` : `local:${model}@${precision}`;
}

/** The model and precision of a recorded id (`local:all-MiniLM-L6-v2@mixed`); null when it is not a local model's. */
export function parseLocalEmbedderId(id: string | null | undefined): { model: string; precision: LocalPrecision } | null {
  return id?.startsWith('local:') ? parseLocalModelName(id.slice('local:'.length)) : null;
}

/** The model name and precision in a recorded `local:` id's name part (`all-MiniLM-L6-v2@mixed`). */
export function parseLocalModelName(name: string): { model: string; precision: LocalPrecision } {
  const match = /^(.*)@(int8|mixed)$/.exec(name);
  return match ? { model: match[1]!, precision: match[2] as LocalPrecision } : { model: name, precision: 'fp32' };
}

export interface LocalEmbedderOptions {
  modelDir: string;
  /** Texts per forward pass (see DEFAULT_LOCAL_BATCH). */
  batchSize?: number;
  /** onnxruntime intra-op threads per session. */
  threads?: number;
  /** Worker threads, each with its own session (see DEFAULT_LOCAL_WORKERS); 1 embeds in the calling thread. */
  workers?: number;
  /** Weights to embed with (see DEFAULT_LOCAL_PRECISION). */
  precision?: LocalPrecision;
  /** Where the int8 copy is cached (default: localQuantCache.ts defaultModelCacheDir). */
  cacheDir?: string;
}

/**
 * Measured with scripts/bench-embed-local.ts on the shared 2-core machine (64 real chunks of
 * ~800 characters, other jobs running, load 5-12): one thread, batch 1 was fastest every time
 * (10.4-11.8 chunks/s vs 6.6-10.0 for batch 8, 8.6 for batch 4); two intra-op threads were
 * slower (4.8-6.4), since the extraction workers use the other core. Batching does not pay on
 * this CPU backend, so texts go one at a time. Re-checked with truncation at 256 tokens and CPU
 * time (128 chunks, load 4.3-5.1): batch 1 61.7 / 60.0 CPU ms/chunk (in-thread / 2 workers),
 * batch 4 68.7 / 65.9, batch 8 68.4 / 79.5.
 */
export const DEFAULT_LOCAL_BATCH = 1;
export const DEFAULT_LOCAL_THREADS = 1;
/**
 * Two single-threaded sessions on worker threads (see localPool.ts); one on a single-core machine.
 * Measured with scripts/bench-embed-local.ts (300 real chunks, mean 757 chars, median 215 tokens; A/B
 * alternated, another job using ~1 core, load 3.7-4.3): 2 workers 17.2/18.0/17.7 chunks/s vs
 * in-thread 12.7/15.1/15.9. CPU cost is the same either way (56-65 CPU ms/chunk; a 215-token
 * pass is ~5 GFLOP, about what one core does in fp32 in that time), so an idle 2-core machine tops out near 33 chunks/s.
 * Texts are already cut at 256 tokens by the tokenizer (see localModel.ts).
 */
export const DEFAULT_LOCAL_WORKERS = Math.min(2, availableParallelism());

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

interface LoadTarget {
  dir: string;
  dtype: ModelDtype;
}

export class LocalEmbedder implements Embedder {
  readonly kind = 'local' as const;
  readonly id: string;
  readonly model: string;
  readonly modelDir: string;
  readonly batchSize: number;
  readonly threads: number;
  readonly workers: number;
  readonly precision: LocalPrecision;
  readonly cacheDir: string | undefined;
  dimension: number | null = null;
  private extractor: Promise<FeatureExtractor> | null = null;
  private pool: LocalEmbedPool | null = null;
  private prepared: Promise<LoadTarget> | null = null;

  constructor(options: LocalEmbedderOptions) {
    this.modelDir = resolve(options.modelDir);
    this.model = basename(this.modelDir);
    this.precision = options.precision ?? DEFAULT_LOCAL_PRECISION;
    this.cacheDir = options.cacheDir;
    this.id = localEmbedderId(this.model, this.precision);
    this.batchSize = options.batchSize ?? DEFAULT_LOCAL_BATCH;
    this.threads = options.threads ?? DEFAULT_LOCAL_THREADS;
    this.workers = options.workers ?? DEFAULT_LOCAL_WORKERS;
  }

  /** True while batches go to worker threads (false: in this thread, e.g. no worker script found). */
  get usesWorkers(): boolean {
    return this.pool !== null && !this.pool.crashed;
  }

  async probe(signal?: AbortSignal): Promise<number> {
    const [vector] = await this.embed(['probe'], signal);
    return vector!.length;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const target = await this.prepare();
    const out = new Array<Float32Array>(texts.length);
    // A batch is padded to its longest text: batching texts of similar length wastes less work.
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const batches: number[][] = [];
    for (let start = 0; start < order.length; start += this.batchSize) batches.push(order.slice(start, start + this.batchSize));
    const store = (indices: number[], vectors: Float32Array[]) => {
      indices.forEach((textIndex, row) => (out[textIndex] = vectors[row]!));
      this.dimension = vectors[0]!.length;
    };

    const pool = this.startPool(target);
    if (pool) {
      try {
        // All batches queued at once: the pool keeps every worker busy.
        await Promise.all(
          batches.map((indices) =>
            pool
              .run(
                indices.map((i) => texts[i]!),
                signal,
              )
              .then((vectors) => store(indices, vectors)),
          ),
        );
        return out;
      } catch (error) {
        if (!(error instanceof EmbedWorkerCrashError)) throw error;
        // A worker died (cannot start here, out of memory?): finish in this thread.
      }
    }
    const extract = await this.load(target);
    for (const indices of batches) {
      signal?.throwIfAborted();
      store(
        indices,
        await runExtractor(
          extract,
          indices.map((i) => texts[i]!),
          this.model,
        ),
      );
    }
    return out;
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.embed([text], signal);
    return vector!;
  }

  async close(): Promise<void> {
    const extractor = this.extractor;
    const pool = this.pool;
    this.extractor = null;
    this.pool = null;
    await pool?.close();
    if (extractor) await (await extractor.catch(() => null))?.dispose?.();
  }

  /** Checks the model folder and, for int8, builds or finds the cached int8 copy: the folder to load. */
  private prepare(): Promise<LoadTarget> {
    this.prepared ??= (async (): Promise<LoadTarget> => {
      await checkLocalModelDir(this.modelDir);
      if (this.precision === 'fp32') return { dir: this.modelDir, dtype: 'fp32' };
      const { dir } = await ensureQuantizedModel(this.modelDir, this.cacheDir, undefined, this.precision);
      return { dir, dtype: 'q8' };
    })();
    this.prepared.catch(() => (this.prepared = null));
    return this.prepared;
  }

  /** The worker pool, or null to embed in this thread (one worker asked for, no worker script, or a crash). */
  private startPool(target: LoadTarget): LocalEmbedPool | null {
    if (this.pool) return this.pool.crashed ? null : this.pool;
    if (this.workers < 2) return null;
    const script = resolveEmbedWorkerScript();
    if (!script) return null;
    const data: LocalWorkerData = { modelDir: target.dir, model: this.model, threads: this.threads, dtype: target.dtype };
    this.pool = new LocalEmbedPool(this.workers, script, data);
    return this.pool;
  }

  private load(target: LoadTarget): Promise<FeatureExtractor> {
    this.extractor ??= loadFeatureExtractor(target.dir, this.threads, target.dtype);
    this.extractor.catch(() => {
      this.extractor = null;
    });
    return this.extractor;
  }
}
