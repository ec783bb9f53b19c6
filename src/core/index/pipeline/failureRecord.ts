/**
 * The files the last complete run could not index, kept beside the index (`failures.json`) with
 * the size and mtime they had. A file that fails is never stored, so without this record every
 * status check would count it as new ("1 new: run index") forever and never say why; with it,
 * an unchanged failing file is reported as failing, with its reason. A file whose size or mtime
 * moved is a candidate again, like any changed file.
 *
 * Most failures are cheap to meet again, and every run retries them (a fixed file, a raised size
 * limit). A file that stopped its thread (out of memory) or ran out of time cost that much on
 * every run: the next runs skip it, with the same line, until it changes or its limit is raised.
 *
 * Documents indexed but cut short by a limit (the first N pages, the first N characters, a scan
 * too large for OCR) are recorded too (code `limited`, with the limits' values): unchanged, they
 * would never be read again, so a run whose limit is higher reads them again.
 *
 * Documents indexed with pages OCR could not read for a reason not the page's own (the OCR thread
 * died or Tesseract could not start: code `ocr-retry`, with the pages) are read again by the next
 * run with OCR on; the OCR cache keeps the pages already read, so only those pages are OCR'd. A
 * page whose own image cannot be decoded is not recorded: the same bytes fail the same way, and
 * reading the file again on every run would cost time and repeat the warning for nothing.
 * A record from before this code existed has none of them: nothing to retry.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../fs/atomicWrite';
import type { IndexPlan } from './indexPlan';
import type { DiscoveredFile, ExtractedDocument, FileFailure } from '../types';
import { COSTLY_FAILURES } from './extract/errors';
import type { FileLimits } from './fileLimits';

export const FAILURES_FILE = 'failures.json';

/** A failure as recorded: discovery failures (an unreadable folder, a broken link) have no size. */
export interface RecordedFailure extends FileFailure {
  size?: number;
  mtimeMs?: number;
  /** A costly failure: the limit it ran into, as it was (a higher one retries the file). */
  limit?: number;
  /** `limited`: the limits that cut the document short, with their values then. */
  cutBy?: Partial<Record<CutLimit, number>>;
  /** `ocr-retry`: the pages OCR could not read through no fault of theirs. */
  pages?: number[];
}

/** A document of this run (or carried from an earlier one) with pages to OCR again. */
export interface OcrRetryDocument {
  path: string;
  pages: number[];
}

type CutLimit = NonNullable<ExtractedDocument['limitedBy']>[number];

/** The limits in force in a run, as `limitedBy` names them (OCR's pixel limit when OCR is on). */
export type RunLimits = FileLimits & { ocrMaxPixels?: number };

/** A document of this run (or carried from an earlier one) that a limit cut short. */
export interface LimitedDocument {
  path: string;
  cutBy: Partial<Record<CutLimit, number>>;
}

/** The code of a `limited` record: not a failure (the document is indexed). */
const LIMITED = 'limited';
/** The code of an `ocr-retry` record: not a failure either. */
const OCR_RETRY = 'ocr-retry';
const INDEXED_CODES = new Set([LIMITED, OCR_RETRY]);

/** What a document's `limitedBy` was cut by, with the values in force. */
export function limitedDocument(path: string, limitedBy: readonly CutLimit[], limits: RunLimits): LimitedDocument {
  const cutBy: LimitedDocument['cutBy'] = {};
  for (const name of limitedBy) {
    const value = limits[name];
    if (value !== undefined) cutBy[name] = value;
  }
  return { path, cutBy };
}

/** The limit each costly failure ran into. */
const LIMIT_OF: Record<string, keyof FileLimits> = { crashed: 'workerMemoryMb', timeout: 'fileTimeoutMs' };

/** Replaces the record with this run's failures (temp file and rename: never half written). */
export async function writeFailureRecord(
  dbDir: string,
  failures: FileFailure[],
  files: DiscoveredFile[],
  limits?: FileLimits,
  limited: readonly LimitedDocument[] = [],
  ocrRetries: readonly OcrRetryDocument[] = [],
): Promise<void> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const records: RecordedFailure[] = failures.map((failure) => {
    const file = byPath.get(failure.path);
    const limitName = LIMIT_OF[failure.code];
    const limit = limitName && limits ? { limit: limits[limitName] } : {};
    return file ? { ...failure, size: file.size, mtimeMs: file.mtimeMs, ...limit } : failure;
  });
  for (const { path, cutBy } of limited) {
    const file = byPath.get(path);
    if (file) records.push({ path, code: LIMITED, reason: 'indexed, cut short by a limit', size: file.size, mtimeMs: file.mtimeMs, cutBy });
  }
  for (const { path, pages } of ocrRetries) {
    const file = byPath.get(path);
    if (file) records.push({ path, code: OCR_RETRY, reason: 'indexed, pages OCR could not read', size: file.size, mtimeMs: file.mtimeMs, pages });
  }
  await writeFileAtomic(join(dbDir, FAILURES_FILE), JSON.stringify(records, null, 2) + '\n');
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
  const byPath = new Map(recorded.filter((r) => !INDEXED_CODES.has(r.code)).map((r) => [r.path, r]));
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

/**
 * Takes out of the plan's candidates the files whose last failure was costly (COSTLY_FAILURES),
 * unchanged since and with their limit no higher than then, and returns those failures: the run
 * reports them without reading the files again.
 */
export function skipCostlyFailures(plan: IndexPlan, recorded: RecordedFailure[], limits: FileLimits): FileFailure[] {
  const byPath = new Map(recorded.filter((r) => COSTLY_FAILURES.has(r.code)).map((r) => [r.path, r]));
  const skipped: FileFailure[] = [];
  plan.candidates = plan.candidates.filter(({ file }) => {
    const record = byPath.get(file.path);
    if (!record || record.size !== file.size || record.mtimeMs !== file.mtimeMs) return true;
    const limitName = LIMIT_OF[record.code];
    if (limitName && record.limit !== undefined && limits[limitName] > record.limit) return true;
    skipped.push({ path: record.path, code: record.code, reason: record.reason });
    return false;
  });
  return skipped;
}

/**
 * Moves to the plan's candidates (read again) the unchanged documents that a limit cut short and
 * that limit is now higher; returns how many moved and the records of the others, which the run
 * writes again.
 */
export function rereadRaisedLimits(plan: IndexPlan, recorded: RecordedFailure[], limits: RunLimits): { moved: number; carried: LimitedDocument[] } {
  const byPath = new Map(recorded.filter((r) => r.code === LIMITED && r.cutBy).map((r) => [r.path, r]));
  const carried: LimitedDocument[] = [];
  let moved = 0;
  plan.unchanged = plan.unchanged.filter((file) => {
    const record = byPath.get(file.path);
    if (!record || record.size !== file.size || record.mtimeMs !== file.mtimeMs) return true;
    const cutBy = record.cutBy ?? {};
    const raised = (Object.keys(cutBy) as CutLimit[]).some((name) => {
      const now = limits[name];
      return now !== undefined && now > (cutBy[name] ?? Number.POSITIVE_INFINITY);
    });
    if (!raised) {
      carried.push({ path: file.path, cutBy });
      return true;
    }
    plan.candidates.push({ file, stored: plan.storedByPath.get(file.path) ?? null, reread: true });
    moved++;
    return false;
  });
  return { moved, carried };
}

/**
 * Moves to the plan's candidates (read again) the unchanged documents with pages OCR could not
 * read last run through no fault of theirs; with OCR off this run they are carried, for a run
 * with OCR on. Returns how many moved and the carried records, which the run writes again.
 */
export function rereadOcrRetries(plan: IndexPlan, recorded: RecordedFailure[], ocrOn: boolean): { moved: number; carried: OcrRetryDocument[] } {
  const byPath = new Map(recorded.filter((r) => r.code === OCR_RETRY && r.pages?.length).map((r) => [r.path, r]));
  const carried: OcrRetryDocument[] = [];
  let moved = 0;
  // A file touched since (same bytes, new mtime) would only be touched, its pages left unread.
  for (const candidate of plan.candidates) if (ocrOn && byPath.has(candidate.file.path)) candidate.reread = true;
  plan.unchanged = plan.unchanged.filter((file) => {
    const record = byPath.get(file.path);
    if (!record || record.size !== file.size || record.mtimeMs !== file.mtimeMs) return true;
    if (!ocrOn) {
      carried.push({ path: file.path, pages: record.pages ?? [] });
      return true;
    }
    plan.candidates.push({ file, stored: plan.storedByPath.get(file.path) ?? null, reread: true });
    moved++;
    return false;
  });
  return { moved, carried };
}

function isRecordedFailure(value: unknown): value is RecordedFailure {
  const v = value as Partial<RecordedFailure> | null;
  return typeof v?.path === 'string' && typeof v.code === 'string' && typeof v.reason === 'string';
}
