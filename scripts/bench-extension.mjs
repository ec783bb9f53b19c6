// Benchmark of the extension in a real VS Code (code-server) extension host: activate() time,
// first load of the heavy engine, and time to the first streamed answer token with the scripted
// Ollama-protocol server. Prints the numbers; asserts nothing. `npm run bench:extension`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, repoRoot, runInExtensionHost } from './vscode-host/host.mjs';

const outDir = join(repoRoot, 'dist/test');
await bundle([join(repoRoot, 'scripts/bench-extension/suite.ts'), join(repoRoot, 'test/integration/workspace.ts')], outDir);
const workspace = mkdtempSync(join(tmpdir(), 'lra-bench-'));
const out = join(workspace, '..', `lra-bench-${process.pid}.json`);
try {
  await createRequire(import.meta.url)(join(outDir, 'integration/workspace.js')).makeWorkspace(workspace);
  const code = await runInExtensionHost({
    // outbase is test/: esbuild places a bundle from outside it under _.._/
    suiteIndex: join(outDir, '_.._/scripts/bench-extension/suite.js'),
    folder: workspace,
    env: { LRA_BENCH_OUT: out },
    userSettings: { 'research.index.autoIndex': false },
    onLog: (line) => line.startsWith('BENCH ') && console.log(line),
  });
  if (code !== 0) throw new Error(`benchmark suite exited with ${code}`);
  const r = JSON.parse(readFileSync(out, 'utf8'));
  console.log(`activate():                         ${r.activateMs} ms (engine loaded at activation: ${r.engineAlreadyLoadedAtActivation})`);
  console.log(`first load of dist/engine.js:        ${r.engineFirstLoadMs} ms (LanceDB + LangGraph, on first use)`);
  console.log(`first streamed token, first turn:    ${r.firstTokenMsFirstTurn} ms`);
  console.log(`first streamed token, median of ${r.turns - 1}:  ${r.firstTokenMsMedian} ms (scripted server, no model latency)`);
  console.log(`whole turn, median:                  ${r.turnMsMedian} ms`);
} finally {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(out, { force: true });
}
