/**
 * What the extraction pool (pool.ts) keeps per file: its tasks and parts, its deadline, how far it
 * is read; how its parts become a document; the lines for a file that ran out of time or memory.
 */
import type { DiscoveredFile, ExtractedDocument } from '../../types';
import { raiseFileLimit } from '../fileLimits';
import { ExtractionError } from './errors';
import { pdfDocument, type ExtractOptions } from './extractFile';
import { assemblePdfText, type PdfPart } from './pdf';
import { assembleOptions } from './pdfRead';
import type { ExtractRequest } from './protocol';

export interface WorkerPoolOptions {
  /**
   * Split each PDF into one part per worker, read in parallel (default true). Off, a large PDF
   * near the end of a run keeps one core busy while the other idles.
   */
  splitPdfs?: boolean;
  /** Wall time for one file from the moment a thread starts on it (default FILE_LIMITS). */
  fileTimeoutMs?: number;
  /** JavaScript heap of each thread, MB (default FILE_LIMITS). */
  workerMemoryMb?: number;
  /** Told, at most once a second per file, how far a PDF is read. */
  onProgress?: (progress: FileProgress) => void;
  /** What the threads print (a library's console): the log's, never the terminal's. */
  onOutput?: (line: string) => void;
}

/** How far a long PDF is read: pages done of the pages it will read. */
export interface FileProgress {
  path: string;
  pages: number;
  total: number;
}

/** One file the caller is waiting for, done by one task (whole file) or one task per part. */
export interface FileJob {
  file: DiscoveredFile;
  /** Parts the file may be split into; 1: read whole. */
  partCount: number;
  /** Its other parts are out (or there are none): set once the page count is known. */
  expanded: boolean;
  tasks: Task[];
  parts: PdfPart[];
  resolve(document: ExtractedDocument): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
  /** Set when its first task reaches a thread. */
  deadline?: NodeJS.Timeout;
  /** Its time limit as a `Date.now()` time, which a PDF's readers check after every page. */
  stopAt?: number;
  /** Its time limit came: a PDF's parts were told to stop and answer with what they read. */
  stopped: boolean;
  /** Pages to read (from 'opened') and pages read so far, per task. */
  total: number;
  pagesByTask: Map<number, number>;
  reported: number;
}

export interface Task {
  request: ExtractRequest;
  job: FileJob;
  /** Its thread has the document open (a PDF part's 'opened'). */
  opened?: boolean;
}

export function newJob(
  file: DiscoveredFile,
  partCount: number,
  resolve: (document: ExtractedDocument) => void,
  reject: (error: unknown) => void,
  signal: AbortSignal | undefined,
): FileJob {
  return {
    file,
    partCount,
    expanded: partCount === 1,
    tasks: [],
    parts: [],
    resolve,
    reject,
    signal,
    settled: false,
    stopped: false,
    total: 0,
    pagesByTask: new Map(),
    // The first report after a second of reading: a short file says nothing.
    reported: performance.now(),
  };
}

/** A task's pages so far; the file's progress when the last report is a second old. */
export function jobProgress(job: FileJob, taskId: number, pages: number): FileProgress | undefined {
  job.pagesByTask.set(taskId, pages);
  const now = performance.now();
  if (job.settled || now - job.reported < 1000) return undefined;
  job.reported = now;
  let done = 0;
  for (const count of job.pagesByTask.values()) done += count;
  return { path: job.file.path, pages: done, total: job.total };
}

/** A split PDF's parts joined into its document (throws the file's ExtractionError). */
export function assembleJob(job: FileJob, limits: Omit<ExtractOptions, 'signal'>): ExtractedDocument {
  const read = { findOcrCandidates: limits.leaveTextlessToOcr, ...limits };
  return pdfDocument(job.file, assemblePdfText(job.parts, { ...assembleOptions(read), partial: job.stopped }));
}

export function timeoutError(fileTimeoutMs: number): ExtractionError {
  const seconds = Math.round(fileTimeoutMs / 100) / 10;
  return new ExtractionError(
    'timeout',
    `took longer than ${seconds} s to read (time limit per file: ${raiseFileLimit('fileTimeoutMs')}); not retried until it changes`,
  );
}

/** Node's code for a thread stopped at its `resourceLimits`. */
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * Why a thread died, as its file's failure. Out of memory, the file is to blame (`crashed`, not
 * retried until it changes); any other death may mean threads cannot run here at all.
 */
export function threadDeath(error: Error, workerMemoryMb: number): { failure: ExtractionError; fileToBlame: boolean } {
  if ((error as { code?: unknown }).code !== OUT_OF_MEMORY) {
    return { failure: new ExtractionError('failed', 'extraction crashed (out of memory?)', { cause: error }), fileToBlame: false };
  }
  const failure = new ExtractionError(
    'crashed',
    `ran out of memory (limit ${workerMemoryMb} MB per extraction thread: ${raiseFileLimit('workerMemoryMb')}); not retried until it changes`,
    { cause: error },
  );
  return { failure, fileToBlame: true };
}
