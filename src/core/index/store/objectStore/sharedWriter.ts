/**
 * What an index run does differently when its index is on object storage: the writer lock is an
 * object (objectLock.ts), the store is probed for conditional writes (a warning when it ignores
 * them), the user is told once that document text leaves the machine, and the OCR cache, which
 * is this machine's work, stays in the user's cache folder.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { appCacheDir } from '../../cacheDir';
import type { Logger } from '../../../ports';
import { acquireObjectLock, probeConditionalWrites } from './objectLock';
import { parseObjectLocation } from './location';
import { S3Client } from './s3Client';
import type { WriterLock } from '../writerLock';

/** Takes the shared index's lock; warnings go to `logger`, the once-only privacy notice to `notices`. */
export async function acquireSharedWriterLock(uri: string, logger: Logger, notices: string[]): Promise<WriterLock> {
  const client = new S3Client(parseObjectLocation(uri));
  const endpoint = client.shownEndpoint;
  // First request to the store: wrong credentials, a missing bucket or no connection fail here.
  if (!(await probeConditionalWrites(client))) {
    logger.warn(
      `the object store at ${endpoint} ignores conditional writes: two index runs started at the same moment could both write ${uri}; run one writer at a time (a CI job, one server)`,
    );
  }
  const lock = await acquireObjectLock(client, {
    onLost: (holder) =>
      logger.warn(
        `lost the writer lock of ${uri}${holder ? ` to process ${holder.pid} on ${holder.host}` : ''} (this run stalled past the lock's expiry): stop this run and index again`,
      ),
  });
  if (await firstTimeFor(uri)) {
    notices.push(
      `the text of your documents is stored in ${uri} (object store at ${endpoint}): it leaves this machine, and anyone who can read that bucket can read it`,
    );
  }
  return lock;
}

/** A local stand-in for the index folder, under which the OCR cache is kept (ocr/cache.ts). */
export function localShadowOf(uri: string): string {
  return join(appCacheDir(), 'shared-indexes', createHash('sha256').update(uri).digest('hex').slice(0, 16));
}

/** True the first time this user writes to `uri` (recorded in the user's cache folder). */
async function firstTimeFor(uri: string): Promise<boolean> {
  const file = join(appCacheDir(), 'object-stores-told.json');
  let told: string[] = [];
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (Array.isArray(parsed)) told = parsed.filter((u): u is string => typeof u === 'string');
  } catch {
    // No record yet (or unreadable): tell.
  }
  if (told.includes(uri)) return false;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify([...told, uri], null, 2) + '\n');
  } catch {
    // A cache folder that cannot be written means being told again next time: harmless.
  }
  return true;
}
