/**
 * A bib file read once: what its last read gave (every entry block by the hash of its text, and
 * the file's own problems) kept in the per-user cache folder, never beside the bib (the user's
 * folder stays theirs, and a shared or read-only index needs no write). The record of a file is
 * used as it is while the file's size and times are unchanged: no read, no parse. A changed file
 * is read again and only the blocks whose text changed are parsed (./parseBib.ts `known`).
 *
 * One JSON file per bib path (its name a hash of the path); written to a temporary name and renamed,
 * so a reader never sees half of one and two processes writing at once leave one whole record.
 * Records not used for a long while are removed once the folder holds more than MAX_FILES.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../fs/atomicWrite';
import type { BibProblem, ParsedBlock } from './assembleBib';

/** Bumped when what a block's result holds changes: older records are then read afresh. */
const VERSION = 1;
const MAX_FILES = 500;

export interface BibFileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export interface CachedBib extends BibFileStamp {
  version: number;
  /** The bib file's absolute path (a hash collision is then never taken for this file). */
  path: string;
  blocks: ParsedBlock[];
  fileProblems: BibProblem[];
}

function recordPath(dir: string, bibPath: string): string {
  return join(dir, `${createHash('sha256').update(bibPath).digest('hex').slice(0, 32)}.json`);
}

export function sameStamp(a: BibFileStamp, b: BibFileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/** The record of `bibPath`'s last read, or null (none, another version, unreadable). */
export async function loadBibRecord(dir: string, bibPath: string): Promise<CachedBib | null> {
  const file = recordPath(dir, bibPath);
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as CachedBib;
    if (record.version !== VERSION || record.path !== bibPath || !Array.isArray(record.blocks)) return null;
    // Used now: the folder's clean-up keeps the records in use.
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
    return record;
  } catch {
    return null;
  }
}

/** Keeps the record of a read; a cache that cannot be written only costs the next read its speed. */
export async function saveBibRecord(dir: string, record: Omit<CachedBib, 'version'>): Promise<void> {
  const file = recordPath(dir, record.path);
  try {
    await mkdir(dir, { recursive: true });
    await writeFileAtomic(file, JSON.stringify({ version: VERSION, ...record }), { durable: false });
    await pruneRecords(dir);
  } catch {
    // not kept: the next read parses the file again
  }
}

async function pruneRecords(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  if (names.length <= MAX_FILES) return;
  const dated = await Promise.all(names.map(async (name) => ({ name, used: (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? 0 })));
  dated.sort((a, b) => a.used - b.used);
  for (const { name } of dated.slice(0, dated.length - MAX_FILES)) await rm(join(dir, name), { force: true }).catch(() => {});
}
