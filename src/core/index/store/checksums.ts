/**
 * Our own checksums of the index's files. LanceDB's data files carry none: bytes overwritten in
 * place (a bad disk, a sync tool, a stray `dd`) read back as other numbers or as a native panic
 * mid-query. Every file Lance writes for a table version (data, manifest, deletion and index
 * files) is written once and never changed, so its size and sha256 at commit describe it for
 * good; only `latest_version_hint.json` and the transaction log are rewritten or pruned, and are
 * left out.
 *
 * Two checks:
 * - `quickCheck` (every open): sizes of the recorded files, and a hash only for a file whose
 *   modification time moved (written to since, or copied without keeping times). Cheap: one
 *   `stat` per file, about a dozen files per table after an index run compacts it.
 * - `verifyChecksums` (`status --verify`, "Verify Index"): every recorded file hashed.
 * A recorded file that is gone counts as damage only while no newer file exists: a later run (one
 * going on, or one killed before it recorded) prunes old files legitimately.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hashFile } from '../contentHash';
import { CHUNKS_TABLE, DOCUMENTS_TABLE } from './schema';
import { SENTENCES_TABLE } from './sentenceVectorTable';
import { PAPER_FIELDS_TABLE } from './paperFieldTable';
import { PAPER_REFERENCES_TABLE } from './paperReferenceTable';

/** One immutable file as it was committed. */
export interface FileChecksum {
  size: number;
  mtimeMs: number;
  sha256: string;
}

/** Checksums of an index's files, by path relative to the index folder (POSIX separators). */
export interface IndexChecksums {
  recordedAt: string;
  files: Record<string, FileChecksum>;
}

/** A file that does not match its record. */
export interface ChecksumMismatch {
  path: string;
  problem: 'missing' | 'size' | 'content';
}

export interface VerifyReport {
  /** Files compared with their record. */
  checked: number;
  bytes: number;
  mismatches: ChecksumMismatch[];
  /**
   * Files there that the record does not name: written after it (a run stopped between a commit
   * and its record, or one going on). No record vouches for them: they are read through the index.
   */
  unrecorded: string[];
}

/**
 * Every table of an index, by folder name. A new table is added here and nowhere else: its files
 * are then recorded, checked at open and verified like the others.
 */
export const CHECKSUMMED_TABLES: readonly string[] = [CHUNKS_TABLE, DOCUMENTS_TABLE, SENTENCES_TABLE, PAPER_FIELDS_TABLE, PAPER_REFERENCES_TABLE];
const TABLES = CHECKSUMMED_TABLES.map((name) => `${name}.lance`);
/** Table subfolders whose files Lance never rewrites (the Lance table format's layout). */
const IMMUTABLE_DIRS = ['data', '_versions', '_deletions', '_indices'];

/** The index's immutable files, relative to `dir`. */
export async function listImmutableFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of TABLES) {
    for (const sub of IMMUTABLE_DIRS) await walk(dir, `${table}/${sub}`, found);
  }
  return found.filter((path) => !path.endsWith('/latest_version_hint.json') && !path.endsWith('/_latest.manifest')).sort();
}

async function walk(root: string, relative: string, found: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = `${relative}/${entry.name}`;
    if (entry.isDirectory()) await walk(root, path, found);
    else if (entry.isFile()) found.push(path);
  }
}

/**
 * Checksums of the index's files now. A file recorded before with the same size and
 * modification time keeps its hash (it is immutable), so a run that changed nothing hashes
 * nothing; a recorded file whose time moved is hashed again and must still match.
 */
export async function recordChecksums(
  dir: string,
  previous: IndexChecksums | null | undefined,
): Promise<{ checksums: IndexChecksums; mismatches: ChecksumMismatch[] }> {
  const files: Record<string, FileChecksum> = {};
  const mismatches: ChecksumMismatch[] = [];
  for (const path of await listImmutableFiles(dir)) {
    const info = await stat(join(dir, path));
    const before = previous?.files[path];
    if (before && before.size === info.size && before.mtimeMs === info.mtimeMs) {
      files[path] = before;
      continue;
    }
    const sha256 = await hashFile(join(dir, path));
    if (before && (before.size !== info.size || before.sha256 !== sha256)) mismatches.push({ path, problem: before.size !== info.size ? 'size' : 'content' });
    files[path] = { size: info.size, mtimeMs: info.mtimeMs, sha256 };
  }
  return { checksums: { recordedAt: new Date().toISOString(), files }, mismatches };
}

/** The open-time check: see the file comment. Returns the first mismatch, or null. */
export async function quickCheck(dir: string, checksums: IndexChecksums): Promise<ChecksumMismatch | null> {
  let missing: ChecksumMismatch | null = null;
  for (const [path, record] of Object.entries(checksums.files)) {
    const info = await stat(join(dir, path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!info) {
      missing ??= { path, problem: 'missing' };
      continue;
    }
    if (info.size !== record.size) return { path, problem: 'size' };
    if (info.mtimeMs !== record.mtimeMs && (await hashFile(join(dir, path))) !== record.sha256) return { path, problem: 'content' };
  }
  if (missing && !(await hasUnrecordedFiles(dir, checksums))) return missing;
  return null;
}

/** Hashes every recorded file. */
export async function verifyChecksums(dir: string, checksums: IndexChecksums): Promise<VerifyReport> {
  const mismatches: ChecksumMismatch[] = [];
  let bytes = 0;
  const unrecorded = await unrecordedFiles(dir, checksums);
  const newerFiles = unrecorded.length > 0;
  for (const [path, record] of Object.entries(checksums.files)) {
    const info = await stat(join(dir, path)).catch(() => null);
    if (!info) {
      if (!newerFiles) mismatches.push({ path, problem: 'missing' });
      continue;
    }
    bytes += info.size;
    if (info.size !== record.size) mismatches.push({ path, problem: 'size' });
    else if ((await hashFile(join(dir, path))) !== record.sha256) mismatches.push({ path, problem: 'content' });
  }
  return { checked: Object.keys(checksums.files).length, bytes, mismatches, unrecorded };
}

async function unrecordedFiles(dir: string, checksums: IndexChecksums): Promise<string[]> {
  return (await listImmutableFiles(dir)).filter((path) => !(path in checksums.files));
}

async function hasUnrecordedFiles(dir: string, checksums: IndexChecksums): Promise<boolean> {
  return (await unrecordedFiles(dir, checksums)).length > 0;
}

/**
 * True when a table has a version (a manifest) the record does not name: the record is behind
 * what queries read. A writer records after each of its commits, so this is a run killed in the
 * instant between a commit and its record, or a writer at work now; either way no checksum vouches
 * for that version's files, and the next writer reads them all before it records them.
 */
export async function recordIsBehind(dir: string, checksums: IndexChecksums): Promise<boolean> {
  for (const table of TABLES) {
    const found: string[] = [];
    await walk(dir, `${table}/_versions`, found);
    if (found.some((path) => path.endsWith('.manifest') && !path.endsWith('/_latest.manifest') && !(path in checksums.files))) return true;
  }
  return false;
}

/** A mismatch in words, for the damaged-index message. */
export function describeMismatch(m: ChecksumMismatch): string {
  const what = m.problem === 'missing' ? 'is missing' : m.problem === 'size' ? 'has changed size' : 'no longer matches its checksum';
  return `${m.path} ${what}`;
}
