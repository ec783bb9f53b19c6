/**
 * An HTTP reverse proxy in front of a local server that waits `delayMs` before forwarding each
 * request and counts requests by method: a stand-in for a store across a network (and a way to
 * see who writes). Headers pass unchanged, so S3 signatures made for the proxy's host still hold.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DelayProxy {
  url: string;
  /** Requests forwarded so far, by HTTP method. */
  counts(): Record<string, number>;
  total(): number;
  /** Requests so far by what they touched: a table's `data`, `_indices`, `_versions` folder, or `other` (listings, our own objects). */
  byFolder(): Record<string, number>;
  reset(): void;
  close(): Promise<void>;
}

export async function startDelayProxy(target: string, delayMs: number): Promise<DelayProxy> {
  const upstream = new URL(target);
  let counts: Record<string, number> = {};
  let folders: Record<string, number> = {};
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    counts[method] = (counts[method] ?? 0) + 1;
    const folder = /\.lance\/(data|_indices|_versions|_deletions|_transactions)\//.exec(req.url ?? '')?.[1] ?? 'other';
    folders[folder] = (folders[folder] ?? 0) + 1;
    setTimeout(() => {
      const up = request({ host: upstream.hostname, port: upstream.port, path: req.url, method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    }, delayMs);
  };
  const server = createServer(forward);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts }),
    total: () => Object.values(counts).reduce((a, b) => a + b, 0),
    byFolder: () => ({ ...folders }),
    reset: () => {
      counts = {};
      folders = {};
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
