/**
 * Runs the bundled CLI with output pipes whose reader goes away, as `cli … | head -1` does. A
 * reader closed before the child's first write makes that write fail for certain; one closed
 * after N chunks lets the first lines through, as `head -N` does, and fails the writes after; one
 * closed once the output matches a pattern fails the writes after a known point (mid-answer).
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { cliPath } from './cli';

export interface ClosingPipes {
  /** Close stdout's reader after this many chunks (0: before the child writes anything), or once what it read matches. */
  stdoutAfter: number | RegExp;
  /** Close stderr's reader after this many chunks; absent: stderr is read to the end. */
  stderrAfter?: number;
  env?: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
}

export interface ClosedPipeResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What got through before each reader closed (all of stderr when it stayed open). */
  stdout: string;
  stderr: string;
  /** True when the timeout expired and the test killed the CLI (a hang). */
  killed: boolean;
}

export function runCliIntoClosingPipes(args: string[], pipes: ClosingPipes): Promise<ClosedPipeResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cliPath, ...args], { env: { ...process.env, FORCE_HYPERLINK: undefined, ...pipes.env } });
    const seen = { stdout: '', stderr: '' };
    const closeAfter = (stream: Readable, name: 'stdout' | 'stderr', after: number | RegExp | undefined) => {
      if (after === 0) {
        stream.destroy();
        return;
      }
      let count = 0;
      stream.on('data', (data) => {
        seen[name] += data;
        count++;
        if (typeof after === 'number' ? count >= after : after?.test(seen[name])) stream.destroy();
      });
    };
    closeAfter(child.stdout, 'stdout', pipes.stdoutAfter);
    closeAfter(child.stderr, 'stderr', pipes.stderrAfter);
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, pipes.timeoutMs ?? 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout: seen.stdout, stderr: seen.stderr, killed });
    });
    child.stdin.on('error', () => undefined); // a CLI that exits before reading its input
    child.stdin.end(pipes.input ?? '');
  });
}
