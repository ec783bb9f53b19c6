/**
 * Mocha root hooks for the unit tier: the int8 model copy that `--embed local` makes on first use
 * goes to a temporary folder, not the user's ~/.cache (58 MB a test run must not leave behind).
 * A RESEARCH_MODEL_CACHE set by the caller wins, so a developer can keep one between runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let ownCache: string | null = null;

export const mochaHooks = {
  beforeAll(): void {
    if (process.env.RESEARCH_MODEL_CACHE) return;
    ownCache = mkdtempSync(join(tmpdir(), 'lra-model-cache-'));
    process.env.RESEARCH_MODEL_CACHE = ownCache;
  },
  afterAll(): void {
    if (!ownCache) return;
    rmSync(ownCache, { recursive: true, force: true });
    delete process.env.RESEARCH_MODEL_CACHE;
    ownCache = null;
  },
};
