/**
 * `status --verify`'s check of the documents against the index: each file that still has the size
 * and modification time the index records is hashed and compared with the recorded content hash.
 * A difference means the index was not made from this file (planted, or copied from another
 * folder with the times kept); a file whose size or time changed is simply changed since the
 * last run, which `status` already reports.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hashFile } from '../contentHash';
import type { StoredDocument } from './indexStore';

export interface DocumentCheck {
  /** Documents hashed (those whose size and time match the record). */
  checked: number;
  /** Paths whose content differs from the record although size and time match. */
  differing: string[];
}

export async function checkDocumentHashes(root: string, documents: readonly StoredDocument[], signal?: AbortSignal): Promise<DocumentCheck> {
  const differing: string[] = [];
  let checked = 0;
  for (const doc of documents) {
    const file = join(root, ...doc.path.split('/'));
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size !== doc.size || info.mtimeMs !== doc.mtimeMs) continue;
    checked++;
    if ((await hashFile(file, signal)) !== doc.contentHash) differing.push(doc.path);
  }
  return { checked, differing };
}
