import { execFile } from 'node:child_process';
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { pdfjsPatchPlugin } from '../../scripts/pdfjsPatch.mjs';

const run = promisify(execFile);
export const repoRoot = join(__dirname, '..', '..');

/**
 * Builds the shipped layout in `dir` (esbuild.mjs's settings): `dist/entry.js` from `entrySource`
 * and a worker bundle beside it, then runs the entry and parses what it printed as JSON. Workers
 * that only work from source (under tsx) fail here, as they would in dist/.
 */
export async function runBundled<T>(dir: string, options: { worker: { in: string; out: string }; entrySource: string; external?: string[] }): Promise<T> {
  const entry = join(dir, 'entry.ts');
  await writeFile(entry, options.entrySource);
  await esbuild.build({
    entryPoints: [
      { in: join(repoRoot, options.worker.in), out: options.worker.out },
      { in: entry, out: 'entry' },
    ],
    outdir: join(dir, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'silent',
    external: options.external ?? [],
    plugins: [pdfjsPatchPlugin()],
  });
  // Externals resolve from node_modules above the bundle, as in the repo's dist/.
  if (options.external?.length) await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const { stdout } = await run(process.execPath, [join(dir, 'dist', 'entry.js')]);
  return JSON.parse(stdout) as T;
}
