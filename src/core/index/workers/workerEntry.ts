import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** How to start a worker thread: a bundled .js file, or (tests, tsx) the TypeScript source via tsx. */
export type WorkerScript = { path: string; eval: false } | { code: string; eval: true };

/**
 * The index's worker threads: the bundle esbuild.mjs writes into dist/ for each, and its source
 * (relative to this folder) that mocha and tsx run instead.
 */
const WORKERS = {
  /** PDF text extraction (pipeline/extract/pool.ts). */
  extract: { bundled: 'extract-worker.js', source: '../pipeline/extract/worker.ts' },
  /** OCR of scanned pages: pdf.js renders, tesseract.js reads (pipeline/ocr/pool.ts). */
  ocr: { bundled: 'ocr-worker.js', source: '../pipeline/ocr/thread.ts' },
  /** Local embeddings, one ONNX session each (embed/localPool.ts). */
  embed: { bundled: 'embed-worker.js', source: '../embed/localWorker.ts' },
} as const;

export type WorkerName = keyof typeof WORKERS;

/**
 * Finds a worker's entry point. Bundled, `__dirname` is dist/ (every bundle that starts workers
 * lives there) and the worker is its .js beside it; from source (mocha, tsx) it is the .ts file,
 * loaded through tsx's require hook. Undefined when neither exists, so callers fall back to the
 * calling thread.
 */
export function workerScript(name: WorkerName): WorkerScript | undefined {
  const { bundled, source } = WORKERS[name];
  const bundledPath = join(__dirname, bundled);
  if (existsSync(bundledPath)) return { path: bundledPath, eval: false };
  const sourcePath = join(__dirname, source);
  if (!existsSync(sourcePath)) return undefined;
  try {
    // Resolved here, not in the worker: an eval'd worker resolves modules from the process cwd.
    const tsxHook = require.resolve('tsx/cjs');
    return { code: `require(${JSON.stringify(tsxHook)}); require(${JSON.stringify(sourcePath)});`, eval: true };
  } catch {
    return undefined; // running from source without tsx
  }
}
