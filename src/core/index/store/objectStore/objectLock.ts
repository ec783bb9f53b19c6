/**
 * One writer per shared index: a lock object (`writer-lock.json` under the index's prefix) with
 * its owner, start, heartbeat and expiry. There is no process to ask on another machine, so a lock
 * is alive while its heartbeat is renewed: the holder rewrites it every quarter of the time to live
 * (`RESEARCH_LOCK_TTL_SECONDS`, default 120); a writer killed or cut off stops renewing and its
 * lock expires, after which the next writer takes it over. A holder on this host can be asked:
 * when its process is gone (killed, or it failed and could not delete the lock from a store that
 * had stopped answering), the lock is taken over at once, as the local writer lock does. LanceDB's own commits stay atomic
 * either way, so a killed writer leaves the last committed version readable.
 *
 * Creating and taking over use conditional PUTs (If-None-Match / If-Match), atomic on stores that
 * honour them (AWS S3 since 2024, MinIO). Some S3-compatible servers ignore the condition (s3rver
 * does): the writer then reads the lock back and keeps it only if it holds its own token, which
 * narrows the race to two writers starting within one round trip of each other, and
 * `probeConditionalWrites` lets the caller say so once.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { IndexLockedError, isAlive, type WriterLock } from '../writerLock';
import { keyOf, type ObjectLocation } from './location';
import type { S3Client } from './s3Client';

export const LOCK_OBJECT = 'writer-lock.json';
const PROBE_PREFIX = '.probe-';
const DEFAULT_TTL_SECONDS = 120;

export interface ObjectLockOwner {
  pid: number;
  host: string;
  startedAt: string;
  heartbeatAt: string;
  expiresAt: string;
  token: string;
}

export function lockTtlMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.RESEARCH_LOCK_TTL_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TTL_SECONDS) * 1000;
}

/**
 * Takes the lock or throws IndexLockedError naming the live holder. `onLost` is called if a
 * heartbeat finds the lock taken by someone else (this run stalled past its expiry).
 */
export async function acquireObjectLock(
  client: S3Client,
  options: { ttlMs?: number; onLost?: (holder: ObjectLockOwner | null) => void } = {},
): Promise<WriterLock> {
  const ttlMs = options.ttlMs ?? lockTtlMs();
  const location = client.location;
  const key = keyOf(location, LOCK_OBJECT);
  const now = new Date();
  const owner: ObjectLockOwner = {
    pid: process.pid,
    host: hostname(),
    startedAt: now.toISOString(),
    heartbeatAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
    token: randomUUID(),
  };
  const held = await client.get(key);
  const holder = held ? parseOwner(held.body) : null;
  if (held && holder && Date.parse(holder.expiresAt) > Date.now() && isAlive(holder)) throw lockedError(location, key, holder);
  // Absent: create only if still absent. Expired (or unreadable): replace only the version we read.
  const written = await client.put(key, JSON.stringify(owner), held?.etag ? { ifMatch: held.etag } : { ifNoneMatch: '*' });
  const after = parseOwner((await client.get(key))?.body);
  if (!written || after?.token !== owner.token) throw lockedError(location, key, after);

  let stopped = false;
  const beat = async () => {
    const current = await client.get(key).catch(() => undefined);
    if (stopped || current === undefined) return; // a missed beat is retried at the next one
    const holderNow = current ? parseOwner(current.body) : null;
    if (holderNow?.token !== owner.token) {
      stopped = true;
      clearInterval(timer);
      options.onLost?.(holderNow);
      return;
    }
    const at = new Date();
    await client
      .put(
        key,
        JSON.stringify({ ...owner, heartbeatAt: at.toISOString(), expiresAt: new Date(at.getTime() + ttlMs).toISOString() }),
        current?.etag ? { ifMatch: current.etag } : {},
      )
      .catch(() => undefined);
  };
  const timer = setInterval(() => void beat(), Math.max(250, ttlMs / 4));
  timer.unref();
  return {
    path: `${location.uri}/${LOCK_OBJECT}`,
    async release() {
      stopped = true;
      clearInterval(timer);
      // A store that stopped answering keeps the lock object: the run's own failure is what the
      // user must see, and the next writer on this host takes the lock over (this process is gone).
      try {
        const current = await client.get(key);
        if (current && parseOwner(current.body)?.token === owner.token) await client.delete(key);
      } catch {
        return;
      }
    },
  };
}

/**
 * Whether the store refuses a PUT whose If-None-Match condition fails. Writes and deletes one
 * small object under the prefix; only a writer calls it (readers never write).
 */
export async function probeConditionalWrites(client: S3Client): Promise<boolean> {
  const key = keyOf(client.location, `${PROBE_PREFIX}${randomUUID()}`);
  try {
    await client.put(key, '{}', { ifNoneMatch: '*' });
    return !(await client.put(key, '{}', { ifNoneMatch: '*' }));
  } finally {
    await client.delete(key).catch(() => undefined);
  }
}

function lockedError(location: ObjectLocation, key: string, holder: ObjectLockOwner | null): IndexLockedError {
  return new IndexLockedError(location.uri, `s3://${location.bucket}/${key}`, holder, holder ? `, its lock expires ${holder.expiresAt} unless renewed` : '');
}

function parseOwner(body: Buffer | undefined): ObjectLockOwner | null {
  if (!body) return null;
  try {
    const v = JSON.parse(body.toString('utf8')) as Partial<ObjectLockOwner>;
    if (typeof v.token === 'string' && typeof v.expiresAt === 'string' && typeof v.host === 'string' && typeof v.pid === 'number') {
      return { pid: v.pid, host: v.host, startedAt: String(v.startedAt), heartbeatAt: String(v.heartbeatAt), expiresAt: v.expiresAt, token: v.token };
    }
  } catch {
    // Garbage in the lock object: treated as a lock nobody holds (it expires nothing and names nobody).
  }
  return null;
}
