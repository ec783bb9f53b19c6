/**
 * The files the last complete run could not index, kept beside the index (`failures.json`) with
 * the size and mtime they had. A file that fails is never stored, so without this record every
 * status check would count it as new ("1 new: run index") forever and never say why; with it,
 * an unchanged failing file is reported as failing, with its reason. A file whose size or mtime
 * moved is a candidate again, like any changed file.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexPlan } from './indexPlan';
import type { DiscoveredFile, FileFailure } from '../types';

export const FAILURES_FILE = 'failures.json';

/** A failure as recorded: discovery failures (an unreadable folder, a broken link) have no size. */
export interface RecordedFailure extends FileFailure {
  size?: number;
  mtimeMs?: number;
}

/** Replaces the record with this run's failures (temp file and rename: never half written). */
export async function writeFailureRecord(dbDir: string, failures: FileFailure[], files: DiscoveredFile[]): Promise<void> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const records: RecordedFailure[] = failures.map((failure) => {
    const file = byPath.get(failure.path);
    return file ? { ...failure, size: file.size, mtimeMs: file.mtimeMs } : failure;
  });
  const target = join(dbDir, FAILURES_FILE);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(records, null, 2) + '\n');
  await rename(temp, target);
}

/** The last run's failures; empty when there is no record or it cannot be read (it is only a hint). */
export async function readFailureRecord(dbDir: string): Promise<RecordedFailure[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dbDir, FAILURES_FILE), 'utf8'));
    return Array.isArray(parsed) ? parsed.filter(isRecordedFailure) : [];
  } catch {
    return [];
  }
}

/**
 * Splits a plan's candidates into files that still fail (unchanged since they failed, with the
 * recorded reason) and real changes. Discovery failures found now fail whatever the record says.
 */
export function separateKnownFailures(
  plan: IndexPlan,
  recorded: RecordedFailure[],
  discoveryFailures: FileFailure[],
): { failing: FileFailure[]; changed: IndexPlan['candidates'] } {
  const byPath = new Map(recorded.map((r) => [r.path, r]));
  const failing: FileFailure[] = discoveryFailures.map(({ path, code, reason }) => ({ path, code, reason }));
  const changed: IndexPlan['candidates'] = [];
  for (const candidate of plan.candidates) {
    const record = byPath.get(candidate.file.path);
    if (record && record.size === candidate.file.size && record.mtimeMs === candidate.file.mtimeMs) {
      failing.push({ path: record.path, code: record.code, reason: record.reason });
    } else {
      changed.push(candidate);
    }
  }
  failing.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { failing, changed };
}

function isRecordedFailure(value: unknown): value is RecordedFailure {
  const v = value as Partial<RecordedFailure> | null;
  return typeof v?.path === 'string' && typeof v.code === 'string' && typeof v.reason === 'string';
}
