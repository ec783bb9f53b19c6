/**
 * What the CLI does when whoever reads its output goes away (`status | head -1`, a pager quit
 * early, `2>&1 | head -2`). Node ignores SIGPIPE, so a write into a closed pipe fails with EPIPE,
 * emitted as an 'error' event on process.stdout/stderr; with no listener that is an uncaught
 * exception and a stack trace, and for `index` a run killed midway (a --rebuild left with no
 * documents and a stale lock).
 *
 * Decided here, once, for every command: the first EPIPE marks the output closed; later writes
 * go nowhere (a destroyed stream drops them); nothing is printed about it. Work whose result
 * outlives the process (`index`) goes on to its end, so the index is whole and the lock released;
 * work done only to be printed (`ask`, `chat`) listens to `outputClosedSignal` and stops early.
 * The exit code is the command's own: 0 for a run that succeeded.
 */

const closed = new AbortController();
let failure: NodeJS.ErrnoException | null = null;

/** Installs the listeners on stdout and stderr. Called once by main.ts before any command runs. */
export function guardOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      // A reader that left is a normal end; any other write error (a full disk under `> file`)
      // also means nothing more can be shown, but the run must not look successful.
      if (error.code !== 'EPIPE') failure ??= error;
      if (!closed.signal.aborted) closed.abort();
    });
  }
}

/** True once stdout or stderr could not be written. */
export function outputClosed(): boolean {
  return closed.signal.aborted;
}

/** Aborts when the output closes: for work that is only worth doing while someone reads it. */
export const outputClosedSignal: AbortSignal = closed.signal;

/** A write error other than a closed pipe (ENOSPC, EIO), which makes the exit code 1. */
export function outputFailure(): NodeJS.ErrnoException | null {
  return failure;
}
