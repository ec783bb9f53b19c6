/**
 * Where Ollama runs, for every client here (chat, embeddings, model lists, pulls): the explicit
 * setting first, then `OLLAMA_HOST`, read by the rules of Ollama's own CLI (envconfig.Host), so a
 * value that works for `ollama run` works for us too. The default is 127.0.0.1 rather than
 * localhost, because localhost may resolve to ::1 while Ollama listens on IPv4 only.
 */
export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

/** A host setting that no rule turns into an address; the message names the value and the fix. */
export class InvalidOllamaHostError extends Error {
  constructor(
    readonly value: string,
    readonly source: 'setting' | 'OLLAMA_HOST',
  ) {
    const where = source === 'OLLAMA_HOST' ? 'The environment variable OLLAMA_HOST' : 'The Ollama host setting';
    super(`${where} is "${value}", which is not an address Ollama can be reached at: write it as host, host:port, :port or http(s)://host[:port].`);
    this.name = 'InvalidOllamaHostError';
  }
}

export function resolveOllamaHost(configured?: string | null, env: NodeJS.ProcessEnv = process.env): string {
  const setting = unquote(configured ?? '');
  if (setting) return normalizeHost(setting, 'setting');
  const fromEnv = unquote(env.OLLAMA_HOST ?? '');
  return fromEnv ? normalizeHost(fromEnv, 'OLLAMA_HOST') : DEFAULT_OLLAMA_HOST;
}

/** Ollama trims spaces and quotes around the value (`OLLAMA_HOST="1.2.3.4"` in a unit file). */
function unquote(raw: string): string {
  return raw
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .trim();
}

/**
 * Ollama's rules: no scheme means http on port 11434; `http://` without a port means 80 and
 * `https://` 443; `:port` alone is this machine; a bare IPv6 address gets its brackets; a port
 * out of range falls back to the default. Unlike Ollama, a listen-only address (0.0.0.0, ::) is
 * reached on the loopback of its family, because not every platform connects to it.
 */
export function normalizeHost(raw: string, source: 'setting' | 'OLLAMA_HOST' = 'setting'): string {
  const cut = raw.indexOf('://');
  const scheme = cut < 0 ? 'http' : raw.slice(0, cut).toLowerCase();
  const rest = cut < 0 ? raw : raw.slice(cut + 3);
  const defaultPort = cut < 0 ? '11434' : scheme === 'https' ? '443' : '80';
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? '' : rest.slice(slash).replace(/\/+$/, '');
  const at = authority.lastIndexOf('@');
  const credentials = at < 0 ? '' : authority.slice(0, at + 1);
  const { host, port } = splitHostPort(authority.slice(at + 1), defaultPort);
  try {
    const url = new URL(`${scheme}://${credentials}${reachable(host)}:${port}${path}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`scheme ${url.protocol}`);
    // URL drops a scheme's default port; messages and ids keep it, as Ollama prints it.
    return `${url.protocol}//${credentials}${url.hostname}:${port}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    throw new InvalidOllamaHostError(raw, source);
  }
}

/** Go's net.SplitHostPort, and Ollama's fallback when it fails: the whole text is the host. */
function splitHostPort(hostport: string, defaultPort: string): { host: string; port: string } {
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(hostport);
  let host: string;
  let port: string | undefined;
  if (bracketed) [host, port] = [bracketed[1]!, bracketed[2]];
  else if ((hostport.match(/:/g) ?? []).length === 1) [host, port] = hostport.split(':') as [string, string];
  else host = hostport; // a bare name, or an IPv6 address without brackets (no port then)
  const portNumber = port === undefined ? NaN : Number(port);
  const validPort = port !== undefined && /^\d+$/.test(port) && portNumber <= 65535;
  return { host: host === '' ? '127.0.0.1' : host, port: validPort ? String(portNumber) : defaultPort };
}

function reachable(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host.includes(':')) return host === '::' ? '[::1]' : `[${host}]`;
  return host;
}
