import type { FileFailure } from '../../types';

/** Why a file could not be extracted; the same codes appear in `FileFailure.code`. */
export type ExtractionErrorCode =
  | 'empty'
  | 'corrupt'
  | 'encrypted'
  | 'no-text'
  | 'binary'
  | 'encoding'
  | 'unreadable'
  | 'vanished'
  | 'broken-link'
  | 'too-large'
  | 'failed'
  /** Over a limit per file on what reading it costs (../fileLimits.ts); the reason names the limit and how to raise it. */
  | 'over-limit'
  /** Its extraction thread ran out of memory (a bomb): not retried until the file or the limit changes. */
  | 'crashed'
  /** It took longer than the time limit per file: not retried until the file or the limit changes. */
  | 'timeout';

/** Failures that cost a thread or minutes: the next run skips the file until it (or the limit) changes (../failureRecord.ts). */
export const COSTLY_FAILURES: ReadonlySet<string> = new Set<ExtractionErrorCode>(['crashed', 'timeout']);

/**
 * A file that cannot be indexed, with a one-line reason a user can act on. The indexer records it
 * as a `FileFailure` and carries on with the other files; callers decide by `code`, never by text.
 */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Node's `code` on a system error (ENOENT, EACCES, ...), if there is one. */
function systemErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Maps a filesystem error (from stat/open/read) to an ExtractionError. Errors that are not about
 * the file (e.g. EMFILE, out of file handles) are returned unchanged so the caller sees them.
 */
export function fromFsError(error: unknown): unknown {
  if (error instanceof ExtractionError) return error;
  switch (systemErrorCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new ExtractionError('vanished', 'file was removed or renamed while indexing', { cause: error });
    case 'EACCES':
    case 'EPERM':
      return new ExtractionError('unreadable', 'permission denied: check its permissions', { cause: error });
    case 'EISDIR':
      return new ExtractionError('unreadable', 'is a directory, not a file', { cause: error });
    case 'ELOOP':
      return new ExtractionError('unreadable', 'symbolic link loop', { cause: error });
    case 'EIO':
      return new ExtractionError('unreadable', 'I/O error while reading the file', { cause: error });
    default:
      return error;
  }
}

/**
 * Why a symbolic link could not be followed. A link whose target is missing is not a file that
 * vanished mid-run: it was broken before indexing started, and the user has a link to fix.
 */
export function failureOfLink(path: string, error: unknown): FileFailure {
  const code = systemErrorCode(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') return { path, code: 'broken-link', reason: 'broken symlink (target missing): fix or remove the link' };
  return failureFromError(path, error);
}

/**
 * Turns any error met while extracting `path` into a FileFailure, so one bad file never stops a
 * run. Typed errors keep their code; filesystem errors are mapped; anything else is 'failed' with
 * its message, so nothing is silently lost.
 */
export function failureFromError(path: string, error: unknown): FileFailure {
  const mapped = fromFsError(error);
  if (mapped instanceof ExtractionError) return { path, code: mapped.code, reason: mapped.message };
  const detail = mapped instanceof Error ? `${mapped.name}: ${mapped.message}` : String(mapped);
  return { path, code: 'failed', reason: `unexpected error: ${firstLine(detail)}` };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
