/**
 * Whether anything leaves this machine, and where to. The product is local by default; a model
 * server on another host, Langfuse tracing to another host, or an index kept outside a local
 * folder each send documents or questions away. Hosts tell the user once per destination: the
 * CLI one stderr line per run, the editor one notice per destination, remembered.
 *
 * Hosts describe what they use; this decides what is remote. Loopback (127.0.0.0/8, ::1,
 * localhost) is this machine; every other host name or address is not, private networks
 * included: a GPU box on the LAN is still another machine.
 */

export type DestinationKind = 'model-server' | 'langfuse' | 'index';

export interface Destination {
  kind: DestinationKind;
  /** Where to, as configured (a URL or an index location). */
  url: string;
  /** Stable key for "already told" (the editor remembers it). */
  key: string;
  /** One line for the user: what goes where. */
  message: string;
}

export interface DestinationInput {
  /**
   * Servers that receive questions with passages (chat), document text (indexing) or questions
   * (query embeddings); `name` as the message says it ("Ollama", "the model server").
   */
  modelServers?: ReadonlyArray<{ url: string; name: string; /** 'questions and document passages', 'document text', … */ sends: string }>;
  /** Tracing, when on (keys set, or the editor's setting). */
  langfuse?: { enabled: boolean; host?: string | null } | null;
  /** Index locations (a local folder, or an object-store URI such as s3://bucket/prefix). */
  indexLocations?: readonly string[];
}

const LANGFUSE_DEFAULT_HOST = 'https://cloud.langfuse.com';

/** Each remote destination once, in input order. */
export function remoteDestinations(input: DestinationInput): Destination[] {
  const out = new Map<string, Destination>();
  const add = (kind: DestinationKind, url: string, message: string) => {
    const key = `${kind}:${url}`;
    if (!out.has(key)) out.set(key, { kind, url, key, message });
  };
  for (const server of input.modelServers ?? []) {
    if (!isLoopbackUrl(server.url)) add('model-server', server.url, `${server.sends} go to ${server.name} at ${server.url}, which is not this machine`);
  }
  if (input.langfuse?.enabled) {
    const host = input.langfuse.host || LANGFUSE_DEFAULT_HOST;
    if (!isLoopbackUrl(host)) add('langfuse', host, `questions, passages and answers are traced to Langfuse at ${host}, which is not this machine`);
  }
  for (const location of input.indexLocations ?? []) {
    if (!isLocalLocation(location)) add('index', location, `the index (document text and vectors) is kept at ${location}, not on this machine`);
  }
  return [...out.values()];
}

/** A URL whose host is this machine. Anything unparsable counts as remote: better one line too many. */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url.includes('://') ? url : `http://${url}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  hostname = hostname.replace(/^\[|\]$/g, '');
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '::1' || hostname === '0.0.0.0') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || /^::ffff:127\./.test(hostname);
}

/**
 * An index location on this machine: a plain path or a file: URI. Any other scheme (s3://, gs://,
 * az://, …) is an object store somewhere else. A Windows drive letter (C:\) is a path, not a scheme.
 */
export function isLocalLocation(location: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]+):\/\//i.exec(location)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'file';
}

/**
 * A URL as it may be printed: without the `user:password@` some endpoints carry (an S3-compatible
 * store's AWS_ENDPOINT, a proxy in OLLAMA_HOST). Requests keep using the URL as given; every
 * note, warning and error names it through this. Text that is not a URL is returned as it is,
 * less anything up to an `@` before the host.
 */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    const shown = parsed.toString();
    return url.endsWith('/') ? shown : shown.replace(/\/$/, '');
  } catch {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
  }
}
