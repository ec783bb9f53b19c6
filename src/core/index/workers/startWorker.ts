import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { WorkerScript } from './workerEntry';

export interface WorkerHandlers<Response> {
  message(response: Response): void;
  died(error: Error): void;
  /**
   * Each line the thread (or a thread it starts, such as Tesseract's) prints. Given, the lines
   * come here instead of the terminal: a library's raw diagnostics are the log's, not the user's.
   */
  output?(line: string): void;
}

/**
 * Starts one thread of a pool and wires its events: each message to `message`, and a crash or an
 * exit (whatever the code: pools terminate their threads only after forgetting them) to `died`.
 */
export function startWorker<Response>(
  script: WorkerScript,
  label: string,
  handlers: WorkerHandlers<Response>,
  options: Omit<WorkerOptions, 'eval' | 'stdout' | 'stderr'> = {},
): Worker {
  const captured = handlers.output ? { stdout: true, stderr: true } : {};
  const all = { ...options, ...captured };
  const worker = script.eval ? new Worker(script.code, { ...all, eval: true }) : new Worker(script.path, all);
  worker.on('message', (response: Response) => handlers.message(response));
  worker.on('error', (error) => handlers.died(error));
  worker.on('exit', (code) => handlers.died(new Error(`${label} worker exited with code ${code}`)));
  if (handlers.output) {
    for (const stream of [worker.stdout, worker.stderr]) forwardLines(stream, handlers.output);
  }
  return worker;
}

/** Reads a stream to its end line by line; a captured stream must be read, or the thread's writes pile up. */
function forwardLines(stream: NodeJS.ReadableStream, output: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') output(line);
  });
  stream.on('end', () => {
    if (pending.trim() !== '') output(pending);
  });
}
