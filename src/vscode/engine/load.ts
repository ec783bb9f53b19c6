/**
 * Loads `dist/engine.js` on first use. It is a separate bundle on purpose: requiring it pulls in
 * LanceDB's native module and LangGraph (~0.3 s), which `activate()` must not pay for.
 */
import { join } from 'node:path';
import type { Engine } from './contract';

let engine: Engine | undefined;

export function loadEngine(): Engine {
  if (!engine) {
    process.env.LANCEDB_LOG ??= 'error';
    // A computed path keeps esbuild from inlining the engine into extension.js.
    const file = join(__dirname, 'engine.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose (see above)
    engine = (require(file) as { engine: Engine }).engine;
  }
  return engine;
}

export function engineLoaded(): boolean {
  return engine !== undefined;
}
