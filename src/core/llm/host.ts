/**
 * Where Ollama runs: explicit config first, then `OLLAMA_HOST` as Ollama's own clients read it.
 * The default is 127.0.0.1 rather than localhost, because localhost may resolve to ::1 while
 * Ollama listens on IPv4 only.
 */
export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

export function resolveOllamaHost(configured?: string | null, env: NodeJS.ProcessEnv = process.env): string {
  const raw = (configured ?? '').trim() || (env.OLLAMA_HOST ?? '').trim();
  if (!raw) return DEFAULT_OLLAMA_HOST;
  return normalizeHost(raw);
}

/** Same rules as Ollama's CLI: scheme defaults to http, port to 11434 when no scheme is given. */
export function normalizeHost(raw: string): string {
  let host = raw;
  let explicitScheme = host.includes('://');
  if (host.startsWith(':')) {
    host = `http://127.0.0.1${host}`;
    explicitScheme = true;
  }
  if (!explicitScheme) host = `http://${host}`;
  const url = new URL(host);
  // 0.0.0.0 is a listen address, not one to connect to.
  const hostname = url.hostname === '0.0.0.0' ? '127.0.0.1' : url.hostname;
  const port = url.port || (explicitScheme ? (url.protocol === 'https:' ? '443' : '80') : '11434');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${hostname}:${port}${path}`;
}
