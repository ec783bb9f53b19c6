/**
 * A minimal S3 client for the few small objects this program keeps beside a shared index (meta,
 * writer lock, failures): GET, PUT (optionally conditional), DELETE, signed with AWS Signature
 * V4. LanceDB moves the tables' bytes itself; a full SDK (megabytes) for four calls is not worth
 * it. Configuration comes from the same environment LanceDB reads: `AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN` (else the shared credentials file's profile),
 * `AWS_REGION` (or `AWS_DEFAULT_REGION`), and
 * `AWS_ENDPOINT` (or `AWS_ENDPOINT_URL`) for an S3-compatible store, addressed path-style.
 *
 * Failures are ObjectStoreError, decided by HTTP status and S3's error `Code` element, never by
 * message text.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { IndexStoreError, type IndexStoreErrorCode } from '../errors';
import type { ObjectLocation } from './location';
import { withoutCredentials } from '../../../privacy/destinations';

export class ObjectStoreError extends IndexStoreError {
  constructor(message: string, code: Extract<IndexStoreErrorCode, `store-${string}`>, uri: string, options?: { cause?: unknown }) {
    super(message, code, uri, options);
  }
}

export interface S3Config {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Longest wait for one request, connection included. */
  timeoutMs: number;
}

export interface PutOptions {
  /** `*`: create only (If-None-Match); an ETag: replace only that version (If-Match). */
  ifNoneMatch?: '*';
  ifMatch?: string;
}

export interface S3Response {
  status: number;
  body: Buffer;
  etag: string | null;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config {
  const profile = env.AWS_ACCESS_KEY_ID ? {} : sharedCredentials(env);
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  const endpoint = (env.AWS_ENDPOINT || env.AWS_ENDPOINT_URL || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  const seconds = Number(env.RESEARCH_STORE_TIMEOUT);
  return {
    endpoint,
    region,
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? profile.aws_access_key_id ?? '',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? profile.aws_secret_access_key ?? '',
    sessionToken: env.AWS_SESSION_TOKEN || profile.aws_session_token || undefined,
    timeoutMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_TIMEOUT_MS,
  };
}

/**
 * The keys of the profile (`AWS_PROFILE`, else `default`) in the shared credentials file
 * (`AWS_SHARED_CREDENTIALS_FILE`, else `~/.aws/credentials`), as LanceDB's AWS credential chain
 * reads them; empty when there is none. SSO and role profiles are not resolved here.
 */
function sharedCredentials(env: NodeJS.ProcessEnv): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(env.AWS_SHARED_CREDENTIALS_FILE || join(homedir(), '.aws', 'credentials'), 'utf8');
  } catch {
    return {};
  }
  const wanted = env.AWS_PROFILE || 'default';
  const keys: Record<string, string> = {};
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[\s*(.+?)\s*\]$/.exec(line);
    if (header) section = header[1]!;
    else if (section === wanted && /^[\w]+\s*=/.test(line)) {
      const at = line.indexOf('=');
      keys[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return keys;
}

export class S3Client {
  /** The endpoint as every message names it: without the `user:password@` an AWS_ENDPOINT may carry. */
  readonly shownEndpoint: string;

  constructor(
    readonly location: ObjectLocation,
    readonly config: S3Config = s3ConfigFromEnv(),
  ) {
    this.shownEndpoint = withoutCredentials(config.endpoint);
  }

  /** The object's bytes and ETag, or null when there is no such key. */
  async get(key: string): Promise<{ body: Buffer; etag: string | null } | null> {
    const response = await this.send('GET', key);
    if (response.status === 404 && errorCode(response.body) !== 'NoSuchBucket') return null;
    this.check(response, 'read', key);
    return { body: response.body, etag: response.etag };
  }

  /** Writes the object; false when a condition failed (412: someone else wrote first). */
  async put(key: string, body: string | Buffer, options: PutOptions = {}): Promise<boolean> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
    if (options.ifMatch) headers['if-match'] = options.ifMatch;
    const response = await this.send('PUT', key, Buffer.from(body), headers);
    if (response.status === 412 || response.status === 409) return false;
    this.check(response, 'write', key);
    return true;
  }

  /**
   * True when some key starts with `prefix` (one ListObjectsV2 request; keep the prefix narrow: no
   * max-keys, which s3rver answers with an InternalError when the listing would be truncated).
   */
  async hasKeysUnder(prefix: string): Promise<boolean> {
    const response = await this.send('GET', '', undefined, {}, { 'list-type': '2', prefix });
    this.check(response, 'list', prefix);
    return /<Key>/.test(response.body.toString('utf8'));
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (response.status === 404 && errorCode(response.body) !== 'NoSuchBucket') return;
    this.check(response, 'delete', key);
  }

  private check(response: S3Response, action: string, key: string): void {
    if (response.status >= 200 && response.status < 300) return;
    const code = errorCode(response.body);
    const { uri } = this.location;
    const where = `the object store at ${this.shownEndpoint}`;
    if (response.status === 404 && code === 'NoSuchBucket') {
      throw new ObjectStoreError(
        `no bucket '${this.location.bucket}' at ${this.shownEndpoint}: create it, or correct the bucket in ${uri}`,
        'store-bucket',
        uri,
      );
    }
    if (response.status === 403 || response.status === 401) {
      throw new ObjectStoreError(
        `${where} refused the credentials for ${uri} (${code ?? `HTTP ${response.status}`}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and that they may ${action} in bucket '${this.location.bucket}'`,
        'store-auth',
        uri,
      );
    }
    throw new ObjectStoreError(
      `${where} could not ${action} ${key} (${code ?? `HTTP ${response.status}`}): check the store and run again`,
      'store-failed',
      uri,
    );
  }

  /**
   * One request; a read (GET, HEAD) that the store answers with a server error (500 InternalError,
   * 503 SlowDown) is asked again after a short wait, as S3's own clients do: stores fail such
   * requests now and then (s3rver when a read meets a write of the same object). Writes are not
   * repeated: a conditional PUT that did land would come back refused, as if another writer held
   * the lock.
   */
  private async send(
    method: string,
    key: string,
    body: Buffer = Buffer.alloc(0),
    extra: Record<string, string> = {},
    query: Record<string, string> = {},
  ): Promise<S3Response> {
    const once = () => this.sendOnce(method, key, body, extra, query);
    const retries = method === 'GET' || method === 'HEAD' ? READ_RETRY_MS : [];
    for (const waitMs of retries) {
      const response = await once();
      if (response.status < 500) return response;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    return once();
  }

  private sendOnce(method: string, key: string, body: Buffer, extra: Record<string, string>, query: Record<string, string>): Promise<S3Response> {
    const path = key ? `/${key.split('/').map(encodeSegment).join('/')}` : '';
    const url = new URL(`${this.config.endpoint}/${this.location.bucket}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const headers = signV4(method, url, body, extra, this.config);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const { uri } = this.location;
    return new Promise((resolve, reject) => {
      const unreachable = (reason: string, cause?: unknown) =>
        new ObjectStoreError(
          `cannot reach the object store at ${this.shownEndpoint} for ${uri} (${reason}): check AWS_ENDPOINT and that the store is up`,
          'store-unreachable',
          uri,
          { cause },
        );
      const req = send(url, { method, headers, timeout: this.config.timeoutMs }, (res: IncomingMessage) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts), etag: (res.headers.etag as string | undefined) ?? null }));
        res.on('error', (error) => reject(unreachable('connection lost', error)));
      });
      req.on('timeout', () => req.destroy(unreachable(`no answer within ${this.config.timeoutMs / 1000} s`)));
      req.on('error', (error: NodeJS.ErrnoException) => reject(error instanceof ObjectStoreError ? error : unreachable(error.code ?? 'network error', error)));
      req.end(body);
    });
  }
}

/** Waits before each repeat of a read the store failed with a server error (then the last answer stands). */
const READ_RETRY_MS = [100, 400];

/** S3's `<Code>` element of an error body, if any. */
function errorCode(body: Buffer): string | null {
  return /<Code>([^<]+)<\/Code>/.exec(body.toString('utf8'))?.[1] ?? null;
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** The request's headers with AWS Signature Version 4 added (host, date, payload hash, Authorization). */
function signV4(method: string, url: URL, body: Buffer, extra: Record<string, string>, config: S3Config): Record<string, string> {
  const amzDate = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  const date = amzDate.slice(0, 8);
  const payloadHash = sha256(body);
  const headers: Record<string, string> = {
    ...extra,
    host: url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': payloadHash,
    'content-length': String(body.length),
  };
  if (config.sessionToken) headers['x-amz-security-token'] = config.sessionToken;
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${config.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, date), config.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
