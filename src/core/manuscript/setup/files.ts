/**
 * What finding a draft's setup reads from disk: a file's text, or the names in a folder. The
 * editor backs it with its open documents (unsaved edits count); the CLI and the tests with the
 * file system (`nodeDraftFiles`).
 */
import { readdir } from 'node:fs/promises';
import { readTextFile, UnreadableFileError } from '../../text/readTextFile';

/**
 * The most a draft, its root or a bib file it names is read to. Only regular files are read: a FIFO
 * or `/dev/zero` named by `\\addbibresource{}` or `bibliography:` must not stall or flood a check.
 */
export const DRAFT_FILE_MAX_BYTES = 32 * 1024 * 1024;

export interface DraftFiles {
  /** The file's text, or null when it does not exist or cannot be read. */
  read(path: string): Promise<string | null>;
  /**
   * Why a file that `read` gave null for cannot be read ("a FIFO (named pipe), not a regular
   * file"), or null when it does not exist. Hosts whose files are all regular leave it out.
   */
  unreadable?(path: string): Promise<string | null>;
  /** Names of the files in a folder (not recursive); empty when it does not exist. */
  list(dir: string): Promise<string[]>;
}

export const nodeDraftFiles: DraftFiles = {
  async read(path) {
    try {
      return (await readTextFile(path, DRAFT_FILE_MAX_BYTES)).text;
    } catch {
      return null;
    }
  },
  async unreadable(path) {
    try {
      await readTextFile(path, DRAFT_FILE_MAX_BYTES);
      return null;
    } catch (error) {
      return error instanceof UnreadableFileError && error.reason !== 'missing' ? error.detail : null;
    }
  },
  async list(dir) {
    try {
      return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return [];
    }
  },
};
