/**
 * Permission-denied tests need a process that permissions apply to. As root (CI, these machines),
 * `chmod 000` denies nothing, so the code under test runs in a child process as `nobody`; as any
 * other user it runs in a child as that same user. Either way the EACCES comes from the real OS.
 *
 * The child runs an esbuild bundle written into the test's temp folder, so it needs no access to
 * the repository (a CI checkout may sit in a folder `nobody` cannot enter), only to the Node binary.
 */
import { execFile } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';

const run = promisify(execFile);
const NOBODY = 65534;
const repoRoot = join(__dirname, '..', '..');

/** True when this process ignores file permissions, i.e. runs as root. */
export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Runs a TypeScript `body` (top-level `await` allowed) in a child that is not root and returns
 * the JSON it passes to `print(value)`. `modules` are repository-relative paths the body reaches
 * with `src('src/core/...')`. `dir` must be readable by that user; the bundle is written there.
 */
export async function runAsUnprivileged<T>(dir: string, modules: string[], body: string): Promise<T> {
  const entry = join(dir, 'as-other-user.ts');
  await writeFile(
    entry,
    [
      'const modules: Record<string, any> = {',
      ...modules.map((path) => `  ${JSON.stringify(path)}: require(${JSON.stringify(join(repoRoot, path))}),`),
      '};',
      'const src = (path: string) => modules[path];',
      'const print = (value: unknown) => process.stdout.write(JSON.stringify(value));',
      '(async () => {',
      body,
      '})().catch((error) => { console.error(error); process.exit(1); });',
    ].join('\n'),
  );
  const bundle = join(dir, 'as-other-user.js');
  await esbuild.build({ entryPoints: [entry], outfile: bundle, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'silent' });
  await chmod(bundle, 0o644);
  const ids = isRoot() ? { uid: NOBODY, gid: NOBODY } : {};
  const { stdout } = await run(process.execPath, [bundle], { cwd: dir, ...ids });
  return JSON.parse(stdout) as T;
}
