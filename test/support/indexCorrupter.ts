/**
 * Damages an index on disk the way a bad disk, a crashed sync tool or a stray `dd` does: bytes
 * overwritten in place, the file's size unchanged. Each target is a part of a LanceDB table a
 * query depends on. The bytes are seeded, so a test damages the same way every run.
 */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { garbageBytes } from './pdfs';

export type DamageTarget = 'data-middle' | 'manifest' | 'fts-index' | 'vector-column';

const DAMAGE_BYTES = 8192;

/** Overwrites `length` bytes at `offset` (clamped to the file) with seeded garbage; returns the file. */
export async function overwrite(file: string, offset: number, length = DAMAGE_BYTES, seed = 11): Promise<string> {
  const size = (await stat(file)).size;
  const start = Math.max(0, Math.min(offset, size - 1));
  const bytes = garbageBytes(Math.min(length, size - start), seed);
  const handle = await open(file, 'r+');
  try {
    await handle.write(bytes, 0, bytes.length, start);
  } finally {
    await handle.close();
  }
  return file;
}

/**
 * Damages one part of the chunks table of the index at `dbDir`. `vector-column` needs a vector
 * that is stored in the table (`knownVector`): its bytes are found in the data file and the
 * damage starts there, so it lands in the vector column and nowhere else.
 */
export async function damageIndex(dbDir: string, target: DamageTarget, knownVector?: ArrayLike<number>): Promise<string> {
  const table = join(dbDir, 'chunks.lance');
  switch (target) {
    case 'data-middle': {
      const file = await largestIn(join(table, 'data'));
      return overwrite(file, Math.floor((await stat(file)).size / 2) - DAMAGE_BYTES / 2);
    }
    case 'manifest': {
      const versions = join(table, '_versions');
      const manifests = (await readdir(versions)).filter((f) => f.endsWith('.manifest')).sort();
      // V2 manifest names count down: the first in name order is the newest version.
      const file = join(versions, manifests[0]!);
      return overwrite(file, Math.floor((await stat(file)).size / 4), DAMAGE_BYTES);
    }
    case 'fts-index': {
      const indices = join(table, '_indices');
      const files: string[] = [];
      for (const dir of await readdir(indices)) for (const f of await readdir(join(indices, dir))) files.push(join(indices, dir, f));
      const sizes = await Promise.all(files.map(async (f) => ({ f, size: (await stat(f)).size })));
      const largest = sizes.sort((a, b) => b.size - a.size)[0]!;
      return overwrite(largest.f, Math.floor(largest.size / 2) - DAMAGE_BYTES / 2);
    }
    case 'vector-column': {
      if (!knownVector) throw new Error('vector-column damage needs a vector stored in the table');
      const needle = Buffer.from(Float32Array.from(knownVector).buffer);
      const file = await largestIn(join(table, 'data'));
      const offset = (await readFile(file)).indexOf(needle);
      if (offset < 0) throw new Error(`the vector's bytes are not in ${file}`);
      return overwrite(file, offset);
    }
  }
}

async function largestIn(dir: string): Promise<string> {
  const files = await Promise.all((await readdir(dir)).map(async (f) => ({ f: join(dir, f), size: (await stat(join(dir, f))).size })));
  const largest = files.sort((a, b) => b.size - a.size)[0];
  if (!largest) throw new Error(`no files in ${dir}`);
  return largest.f;
}
