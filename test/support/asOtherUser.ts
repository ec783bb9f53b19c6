/**
 * Permission-denied tests need a process that permissions apply to. As root (CI, these machines),
 * `chmod 000` denies nothing, so the code under test runs in a child process as `nobody`; as any
 * other user it runs in a child as that same user. Either way the EACCES comes from the real OS.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NOBODY = 65534;
const repoRoot = join(__dirname, '..', '..');

/** True when this process ignores file permissions, i.e. runs as root. */
export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Runs a TypeScript `body` (top-level `await` allowed; `print(value)` sends JSON back) in a child
 * that is not root, and returns what it printed. `dir` must be readable by that user; the script
 * is written there. Imports in `body` use paths relative to the repository root via `src(...)`.
 */
export async function runAsUnprivileged<T>(dir: string, body: string): Promise<T> {
  const script = join(dir, 'as-other-user.ts');
  await writeFile(
    script,
    [
      `const src = (p: string) => require(${JSON.stringify(repoRoot)} + '/' + p);`,
      `const print = (value: unknown) => process.stdout.write(JSON.stringify(value));`,
      `(async () => {`,
      body,
      `})().catch((error) => { console.error(error); process.exit(1); });`,
    ].join('\n'),
  );
  const tsxCli = require.resolve('tsx/cli');
  const ids = isRoot() ? { uid: NOBODY, gid: NOBODY } : {};
  const { stdout } = await run(process.execPath, [tsxCli, script], { cwd: repoRoot, ...ids });
  return JSON.parse(stdout) as T;
}
