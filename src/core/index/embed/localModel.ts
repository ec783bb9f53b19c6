/**
 * Loads the transformers.js feature-extraction pipeline and runs one forward pass. Shared by the
 * in-thread path of LocalEmbedder and by the embedding worker threads (localWorker.ts).
 */
import { dirname, basename } from 'node:path';
import { EmbedFailedError, LocalModelMissingError, LocalRuntimeMissingError } from './errors';
import type { EmbedWorkerData } from './localPool';

export type FeatureExtractor = ((
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean },
) => Promise<{ dims: number[]; data: Float32Array; dispose?: () => void }>) & {
  dispose?: () => Promise<void>;
};

/** transformers.js dtype: 'fp32' loads onnx/model.onnx, 'q8' onnx/model_quantized.onnx (our int8 copy, localQuantCache.ts). */
export type ModelDtype = 'fp32' | 'q8';

/**
 * What a worker thread gets (localWorker.ts): localPool's EmbedWorkerData plus the dtype. Passed
 * through the pool as it is (the pool hands `workerData` over untouched).
 */
export interface LocalWorkerData extends EmbedWorkerData {
  dtype: ModelDtype;
}

/**
 * The pipeline tokenizes with `padding: true, truncation: true`, so texts are cut at the
 * tokenizer's model_max_length (256 for all-MiniLM-L6-v2, its training length): longer chunks
 * cost no more attention than 256 tokens and embed as their first 256 tokens.
 */
export async function loadFeatureExtractor(modelDir: string, threads: number, dtype: ModelDtype = 'fp32'): Promise<FeatureExtractor> {
  // Loaded lazily: transformers.js + onnxruntime take ~0.5 s and ~100 MB to load.
  let transformers: typeof import('@huggingface/transformers');
  try {
    transformers = await import('@huggingface/transformers');
  } catch (error) {
    // Not there (the VS Code package), or there and failing to load (onnxruntime's native library).
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') throw new LocalRuntimeMissingError({ cause: error });
    throw new EmbedFailedError(`transformers.js could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  // transformers.js resolves a model id under localModelPath: point it at the parent folder.
  transformers.env.localModelPath = dirname(modelDir) + '/';
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  try {
    const pipe = await transformers.pipeline('feature-extraction', basename(modelDir), {
      dtype,
      session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 },
    });
    return pipe as unknown as FeatureExtractor;
  } catch (error) {
    throw new LocalModelMissingError(modelDir, error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** One forward pass: mean pooling + L2 normalisation, one vector per text (copied out of the tensor). */
export async function runExtractor(extract: FeatureExtractor, texts: string[], model: string): Promise<Float32Array[]> {
  let tensor;
  try {
    tensor = await extract(texts, { pooling: 'mean', normalize: true });
  } catch (error) {
    throw new EmbedFailedError(`local model ${model}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const dimension = tensor.dims[1]!;
  // Copied: the tensor's buffer is released with the tensor.
  const vectors = texts.map((_, row) => tensor.data.slice(row * dimension, (row + 1) * dimension));
  tensor.dispose?.();
  return vectors;
}
