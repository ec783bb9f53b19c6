/**
 * Runs the bundled CLI (dist/cli.js) as a user does: a child process with its own stdio, so exit
 * codes, what reaches stdout/stderr and signals are what a terminal would see.
 */
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './bundle';

export const cliPath = join(repoRoot, 'dist', 'cli.js');

export interface CliResult {
  /** Exit code; null when the process was killed (see `signal`). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit (ms). */
  ms: number;
  /** True when `timeoutMs` expired and the test killed the process (a hang). */
  killed: boolean;
}

export interface CliRunOptions {
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Kill the CLI after this long and report `killed` (default 60 s). */
  timeoutMs?: number;
  cwd?: string;
}

/** Builds dist/ once per process (esbuild.mjs, development settings). */
let built: Promise<unknown> | undefined;
export function buildOnce(): Promise<unknown> {
  built ??= promisify(execFile)(process.execPath, [join(repoRoot, 'esbuild.mjs')], { cwd: repoRoot });
  return built;
}

export function runCli(args: string[], options: CliRunOptions = {}): Promise<CliResult> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: options.cwd,
      env: { ...process.env, FORCE_HYPERLINK: undefined, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, ms: performance.now() - started, killed });
    });
    child.stdin.end(options.input ?? '');
  });
}
