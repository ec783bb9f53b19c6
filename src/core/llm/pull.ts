/**
 * Pulling a model onto the configured Ollama server through its REST API (`POST /api/pull`,
 * streamed progress), not the `ollama` CLI: the server may be on another machine, and the CLI
 * may not be installed where the editor runs.
 */
import { Ollama } from 'ollama';
import { isAbortError, LlmTimeoutError, ModelPullError, OllamaUnreachableError } from './errors';
import { resolveOllamaHost } from './host';
import { isUnreachable } from './networkErrors';
import { timedFetch } from './timedFetch';
import { resolveLimits, type NetworkLimits } from './timeouts';

/** One streamed line of /api/pull: a status, and for a layer being downloaded its digest and sizes. */
export interface PullProgress {
  status: string;
  digest?: string;
  total?: number;
  completed?: number;
}

export interface PullOptions {
  host?: string | null;
  model: string;
  signal?: AbortSignal;
  /** Network limits (ms); a download has no deadline, only a longest silence between progress lines. */
  limits?: Partial<NetworkLimits>;
}

/** Yields the server's progress lines until it reports success; throws typed errors. */
export async function* pullOllamaModel(options: PullOptions): AsyncGenerator<PullProgress, void> {
  const host = resolveOllamaHost(options.host);
  const { signal } = options;
  const limits = resolveLimits(options.limits);
  const idle = { limit: 'pullIdleMs', ms: limits.pullIdleMs } as const;
  const phases = { connect: { limit: 'connectMs', ms: limits.connectMs } as const, firstByte: idle, idle };
  const client = new Ollama({ host, fetch: timedFetch({ host, phases, ndjson: true, ...(signal ? { signal } : {}) }) });
  try {
    for await (const line of await client.pull({ model: options.model, stream: true })) {
      yield {
        status: line.status,
        ...(line.digest ? { digest: line.digest } : {}),
        ...(line.total ? { total: line.total } : {}),
        ...(line.completed ? { completed: line.completed } : {}),
      };
    }
  } catch (error) {
    if (isAbortError(error, signal) || error instanceof LlmTimeoutError) throw error;
    if (isUnreachable(error)) throw new OllamaUnreachableError(host, { cause: error });
    const status = (error as { status_code?: unknown }).status_code;
    // The server's own words (e.g. "pull model manifest: file does not exist") are shown, never parsed.
    throw new ModelPullError(options.model, host, error instanceof Error ? error.message : String(error), typeof status === 'number' ? status : undefined, {
      cause: error,
    });
  }
}

/** Turns progress lines into one overall fraction (all layers' bytes) and a line to show. */
export class PullTracker {
  private readonly layers = new Map<string, { total: number; completed: number }>();

  update(p: PullProgress): { fraction: number | null; message: string } {
    if (p.digest && p.total) this.layers.set(p.digest, { total: p.total, completed: Math.min(p.completed ?? 0, p.total) });
    let total = 0;
    let completed = 0;
    for (const layer of this.layers.values()) {
      total += layer.total;
      completed += layer.completed;
    }
    const fraction = total > 0 ? completed / total : null;
    if (p.digest && p.total) return { fraction, message: `downloading: ${bytes(completed)} of ${bytes(total)}` };
    return { fraction, message: p.status };
  }
}

function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}
