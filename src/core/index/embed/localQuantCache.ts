/**
 * The int8 copy of a local model (quantize.ts), built once and cached on disk in the layout
 * transformers.js loads with `dtype: 'q8'`: config/tokenizer files copied, and
 * onnx/model_quantized.onnx (transformers.js maps q8 to the `_quantized` file suffix).
 *
 * Never written into the source folder: it may be read-only (a shared or packaged model).
 * Where: an explicit `cacheDir`, else RESEARCH_MODEL_CACHE, else the OS's per-user cache folder
 * (XDG_CACHE_HOME or ~/.cache, ~/Library/Caches, %LOCALAPPDATA%). Per user rather than per index:
 * every index (and the editor and the CLI) shares one quantised copy, and an index folder stays
 * what it was (the vectors, no 58 MB model inside it).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { replaceFileAtomic, temporaryFileOwner, writeFileAtomic } from '../../fs/atomicWrite';
import { defaultModelCacheDir } from '../cacheDir';
import { EmbedderError } from './errors';
import { QUANTIZER_VERSION, WEIGHT_QMAX_FULL, WEIGHT_QMAX_REDUCED, quantizeModel } from './quantize';

export const QUANTIZED_MODEL_FILE = join('onnx', 'model_quantized.onnx');
const SOURCE_MODEL_FILE = join('onnx', 'model.onnx');
const MANIFEST_FILE = 'quantized.json';

/** The int8 model could not be built or cached (unreadable model, cache folder not writable). */
export class ModelQuantizeError extends EmbedderError {
  constructor(
    readonly modelDir: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(
      `could not build the int8 copy of ${modelDir} (${detail}); use --local-precision fp32 to embed with the original model`,
      'local-model-quantize',
      options,
    );
  }
}

/**
 * The weight range this CPU's int8 kernels take without overflow (see quantize.ts): full on ARM64
 * and on x86 with VNNI, 7 bits on other x86. VNNI is read from /proc/cpuinfo (Linux); where it
 * cannot be read, the safe 7 bits.
 */
export function weightQmaxForCpu(arch: string = process.arch, cpuinfo: () => string = () => readFileSync('/proc/cpuinfo', 'utf8')): number {
  if (arch === 'arm64') return WEIGHT_QMAX_FULL;
  try {
    return /^flags\s*:.*\b(avx512_vnni|avx_vnni)\b/m.test(cpuinfo()) ? WEIGHT_QMAX_FULL : WEIGHT_QMAX_REDUCED;
  } catch {
    return WEIGHT_QMAX_REDUCED;
  }
}

/** 'int8': every weight MatMul; 'mixed': all but the down-projections (quantize.ts). */
export type QuantizedVariant = 'int8' | 'mixed';

interface Manifest {
  quantizerVersion: number;
  weightQmax: number;
  /** Absent in copies made before 'mixed' existed: those are 'int8'. */
  variant?: QuantizedVariant;
  source: { modelDir: string; size: number; mtimeMs: number };
  modelBytes: number;
  quantizedNodes: number;
}

export interface QuantizedModel {
  /** Folder to load with transformers.js dtype 'q8'. */
  dir: string;
  /** False when an existing cached copy was used. */
  built: boolean;
}

/**
 * Returns the cached int8 copy of `modelDir`, building it first when it is missing, stale (the
 * source model changed, or an older quantiser made it) or incomplete. Files are written under
 * temporary names and renamed into place, the manifest last, so a killed run never leaves a
 * copy that passes the check.
 */
export async function ensureQuantizedModel(
  modelDir: string,
  cacheDir: string = defaultModelCacheDir(),
  weightQmax: number = weightQmaxForCpu(),
  variant: QuantizedVariant = 'int8',
): Promise<QuantizedModel> {
  const sourceDir = resolve(modelDir);
  const sourceFile = join(sourceDir, SOURCE_MODEL_FILE);
  let info;
  try {
    info = await stat(sourceFile);
  } catch (error) {
    throw new ModelQuantizeError(sourceDir, `${SOURCE_MODEL_FILE} not readable`, { cause: error });
  }
  const source = { modelDir: sourceDir, size: info.size, mtimeMs: info.mtimeMs };
  // Keyed by path, size, mtime, weight range and variant: a changed model gets a new folder; the manifest re-checks all.
  const key = createHash('sha256')
    .update(JSON.stringify({ ...source, QUANTIZER_VERSION, weightQmax, variant }))
    .digest('hex')
    .slice(0, 16);
  const dir = join(cacheDir, `${basename(sourceDir)}-${variant}-${key}`);
  if (await isComplete(dir, source, weightQmax, variant)) return { dir, built: false };

  try {
    await mkdir(join(dir, 'onnx'), { recursive: true });
    await removeLeftovers(dir);
    for (const entry of await readdir(sourceDir, { withFileTypes: true })) {
      // config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json, vocab.txt...
      if (entry.isFile() && /\.(json|txt)$/.test(entry.name))
        await replaceFileAtomic(join(dir, entry.name), (tmp) => copyFile(join(sourceDir, entry.name), tmp));
    }
    const { model, quantizedNodes } = quantizeModel(await readFile(sourceFile), weightQmax, { keepDownProjections: variant === 'mixed' });
    await writeFileAtomic(join(dir, QUANTIZED_MODEL_FILE), model);
    const manifest: Manifest = { quantizerVersion: QUANTIZER_VERSION, weightQmax, variant, source, modelBytes: model.length, quantizedNodes };
    await writeFileAtomic(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    await removeOlderCopies(cacheDir, dir, sourceDir, variant);
  } catch (error) {
    if (error instanceof EmbedderError) throw error;
    throw new ModelQuantizeError(sourceDir, error instanceof Error ? error.message : String(error), { cause: error });
  }
  return { dir, built: true };
}

/**
 * Copies of the same source folder made before it changed (or by an older quantiser) are never
 * used again: removed so the cache holds one 58 MB copy per model, not one per version.
 */
async function removeOlderCopies(cacheDir: string, current: string, sourceDir: string, variant: QuantizedVariant): Promise<void> {
  const prefix = `${basename(sourceDir)}-${variant}-`;
  for (const name of await readdir(cacheDir)) {
    const dir = join(cacheDir, name);
    if (!name.startsWith(prefix) || dir === current) continue;
    try {
      const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
      if (manifest.source?.modelDir === sourceDir) await rm(dir, { recursive: true, force: true });
    } catch {
      // No manifest (another model of the same name, or being written) or in use: leave it.
    }
  }
}

/** The manifest matches the source and the model file has the size it recorded. */
async function isComplete(dir: string, source: Manifest['source'], weightQmax: number, variant: QuantizedVariant): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    const model = await stat(join(dir, QUANTIZED_MODEL_FILE));
    await Promise.all(['config.json', 'tokenizer.json'].map((file) => stat(join(dir, file))));
    return (
      manifest.quantizerVersion === QUANTIZER_VERSION &&
      manifest.weightQmax === weightQmax &&
      (manifest.variant ?? 'int8') === variant &&
      manifest.source?.modelDir === source.modelDir &&
      manifest.source.size === source.size &&
      manifest.source.mtimeMs === source.mtimeMs &&
      manifest.modelBytes === model.size
    );
  } catch {
    return false; // missing or unreadable: rebuild
  }
}

/** Temporary files a killed run left behind (never read, only taking space); not those of a live process. */
async function removeLeftovers(dir: string): Promise<void> {
  for (const sub of [dir, join(dir, 'onnx')]) {
    for (const name of await readdir(sub)) {
      const pid = temporaryFileOwner(name);
      if (pid !== undefined && !isAlive(pid)) await rm(join(sub, name), { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
