/**
 * Every file under a folder with its modification time and sha256: two fingerprints are equal
 * only when nothing was written, touched, added or removed there (a Zotero data directory must
 * stay as the user has it).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else
        out[relative(dir, path)] = `${(await stat(path)).mtimeMs}:${createHash('sha256')
          .update(await readFile(path))
          .digest('hex')}`;
    }
  };
  await walk(dir);
  return out;
}
