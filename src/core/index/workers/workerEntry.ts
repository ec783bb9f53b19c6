import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** How to start a worker thread: a bundled .js file, or (tests, tsx) the TypeScript source via tsx. */
export type WorkerScript = { path: string; eval: false } | { code: string; eval: true };

/**
 * Finds a worker's entry point. Bundled, `dir` (the caller's `__dirname`) is dist/ and the worker
 * is `bundled` there; from source (mocha, tsx) it is `source` beside the caller, loaded through
 * tsx's require hook. Undefined when neither exists, so callers fall back to the calling thread.
 */
export function findWorkerEntry(dir: string, bundled: string, source: string): WorkerScript | undefined {
  const bundledPath = join(dir, bundled);
  if (existsSync(bundledPath)) return { path: bundledPath, eval: false };
  const sourcePath = join(dir, source);
  if (!existsSync(sourcePath)) return undefined;
  try {
    // Resolved here, not in the worker: an eval'd worker resolves modules from the process cwd.
    const tsxHook = require.resolve('tsx/cjs');
    return { code: `require(${JSON.stringify(tsxHook)}); require(${JSON.stringify(sourcePath)});`, eval: true };
  } catch {
    return undefined; // running from source without tsx
  }
}
