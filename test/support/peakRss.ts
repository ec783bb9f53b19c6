/**
 * The bundled CLI run as `cli.ts` runs it, with its peak memory: the child's VmHWM (the most RSS
 * it ever had, threads included) read from /proc every 25 ms until it exits. A bomb grows for
 * seconds, so the last reading before the exit holds its peak. `onStderr` sees stderr as it
 * arrives, with the child, to time a Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cliPath, type CliResult } from './cli';

export interface MeasuredRun extends CliResult {
  /** Highest RSS of the CLI process over its life, MB. */
  peakRssMb: number;
}

export function runCliMeasured(
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    onStderr?: (stderr: string, child: ChildProcess) => void;
    /** Another build of the CLI (a benchmark compares main's). */
    cli?: string;
  } = {},
): Promise<MeasuredRun> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [options.cli ?? cliPath, ...args], { env: { ...process.env, FORCE_HYPERLINK: undefined, ...options.env } });
    let stdout = '';
    let stderr = '';
    let killed = false;
    let peakKb = 0;
    const poll = setInterval(() => {
      readFile(`/proc/${child.pid}/status`, 'utf8').then(
        (status) => {
          const kb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
          peakKb = Math.max(peakKb, kb);
        },
        () => undefined, // exited between two readings
      );
    }, 25);
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      options.onStderr?.(stderr, child);
    });
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, ms: performance.now() - started, killed, peakRssMb: peakKb / 1024 });
    });
    child.stdin.end();
  });
}
