/** The index's meta file: small JSON, replaced atomically (write a temp file, then rename). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../fs/atomicWrite';
import { META_FILE, SCHEMA_VERSION } from './schema';
import type { IndexMeta } from './indexStore';
import { IndexCorruptError, IndexVersionError } from './errors';

export function freshMeta(): IndexMeta {
  return { schemaVersion: SCHEMA_VERSION, embeddingModel: null, dimension: null, modelDir: null, lastIndexedAt: null, createdAt: new Date().toISOString() };
}

/** Reads the meta file; null when absent. A damaged file or another schema version throws. */
export async function readMeta(dir: string): Promise<IndexMeta | null> {
  let raw: string;
  try {
    raw = await readFile(join(dir, META_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new IndexCorruptError(dir, `cannot read ${META_FILE}`, { cause: error });
  }
  return parseMeta(dir, raw);
}

/** The meta file's text as IndexMeta; damage or another schema version throws. */
export function parseMeta(dir: string, raw: string): IndexMeta {
  let parsed: Partial<IndexMeta>;
  try {
    parsed = JSON.parse(raw) as Partial<IndexMeta>;
  } catch (error) {
    throw new IndexCorruptError(dir, `${META_FILE} is not valid JSON`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null) throw new IndexCorruptError(dir, `${META_FILE} is not an object`);
  if (parsed.schemaVersion !== SCHEMA_VERSION) throw new IndexVersionError(dir, parsed.schemaVersion, SCHEMA_VERSION);
  const checksums = parsed.checksums;
  if (checksums != null && (typeof checksums !== 'object' || typeof checksums.files !== 'object' || checksums.files === null)) {
    throw new IndexCorruptError(dir, `${META_FILE} holds malformed checksums`);
  }
  return { ...freshMeta(), ...parsed };
}

export function metaText(meta: IndexMeta): string {
  return JSON.stringify(meta, null, 2) + '\n';
}

export async function writeMeta(dir: string, meta: IndexMeta): Promise<void> {
  await writeFileAtomic(join(dir, META_FILE), metaText(meta));
}
