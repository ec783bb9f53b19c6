/** sha256 of a file's bytes: the identity of a document's content across runs. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export async function hashFile(absPath: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(absPath, { signal, highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
