import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { WorkerScript } from './workerEntry';

/**
 * Starts one thread of a pool and wires its events: each message to `message`, and a crash or an
 * exit (whatever the code: pools terminate their threads only after forgetting them) to `died`.
 */
export function startWorker<Response>(
  script: WorkerScript,
  label: string,
  handlers: { message(response: Response): void; died(error: Error): void },
  options: Omit<WorkerOptions, 'eval'> = {},
): Worker {
  const worker = script.eval ? new Worker(script.code, { ...options, eval: true }) : new Worker(script.path, options);
  worker.on('message', (response: Response) => handlers.message(response));
  worker.on('error', (error) => handlers.died(error));
  worker.on('exit', (code) => handlers.died(new Error(`${label} worker exited with code ${code}`)));
  return worker;
}
