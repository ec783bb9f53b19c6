/**
 * A local HTTP server standing in for Langfuse: records ingestion batches and serves prompts, so
 * tests assert on the exact payloads the real `langfuse` client sends.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LangfuseServer {
  url: string;
  /** Every event of every ingestion batch received, in order. */
  events: Array<{ type: string; body: Record<string, any> }>;
  promptRequests: string[];
  /** Prompts served by GET /api/public/v2/prompts/:name. */
  prompts: Map<string, { prompt: string; version: number; config?: unknown }>;
  close(): Promise<void>;
}

export async function startLangfuseServer(): Promise<LangfuseServer> {
  const events: LangfuseServer['events'] = [];
  const promptRequests: string[] = [];
  const prompts: LangfuseServer['prompts'] = new Map();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/api/public/ingestion') {
      for (const event of body.batch ?? []) events.push({ type: event.type, body: event.body });
      res.writeHead(207, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ successes: (body.batch ?? []).map((e: { id: string }) => ({ id: e.id, status: 201 })), errors: [] }));
      return;
    }
    const promptMatch = /^\/api\/public\/v2\/prompts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && promptMatch) {
      const name = decodeURIComponent(promptMatch[1]);
      promptRequests.push(`${name}?${url.searchParams}`);
      const prompt = prompts.get(name);
      if (!prompt) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'not found' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ name, type: 'text', labels: ['production'], tags: [], config: prompt.config ?? {}, version: prompt.version, prompt: prompt.prompt }),
      );
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    promptRequests,
    prompts,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
