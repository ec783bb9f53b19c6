/** An http:// URL on loopback where nothing listens (a port just opened and closed): a stopped Ollama. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function deadHost(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
