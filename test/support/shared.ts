import { resolve } from 'node:path';

/**
 * The project's shared material (`../shared` beside the checkout: eval corpus scripts, the
 * MiniLM model). CI clones the repo anywhere with shared/ beside it, so never hard-code /work.
 */
export const SHARED_DIR = process.env.RESEARCH_SHARED_DIR ?? resolve(__dirname, '../../../shared');

/** all-MiniLM-L6-v2 (ONNX) for in-process embedding tests. */
export const MINILM_DIR = process.env.RESEARCH_TEST_MODEL_DIR ?? resolve(SHARED_DIR, 'models/all-MiniLM-L6-v2');
