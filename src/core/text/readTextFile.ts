/**
 * A text file a user named or a folder holds (a draft, a bib file, a `_quarto.yml`), read the way
 * that cannot stall or flood: only a regular file is read (a FIFO would block the read forever,
 * `/dev/zero` never ends, `/proc` files lie about their size), checked on the open descriptor
 * itself (no window between a check and the open), opened non-blocking so that opening a FIFO
 * returns at once; at most `maxBytes` are read whatever the file claims. The bytes are decoded by
 * what they are: UTF-8 (a BOM dropped), UTF-16 with a BOM or without one (every other byte zero,
 * as Windows tools save), else Windows-1252, which is named so the caller can say so.
 */
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface TextFile {
  text: string;
  encoding: TextEncodingName;
}

export type UnreadableReason = 'missing' | 'not-a-file' | 'system-file' | 'too-large' | 'unreadable';

/** Why a text file was not read, as a person reads it ("a FIFO (named pipe), not a regular file"). */
export class UnreadableFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: UnreadableReason,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${detail}`, options);
    this.name = 'UnreadableFileError';
  }
}

/** Folders whose files describe the running system, not a user's text (sizes lie, reads may not end). */
const SYSTEM_ROOTS = ['/proc/', '/sys/'];

export async function readTextFile(path: string, maxBytes: number): Promise<TextFile> {
  const real = await realpath(path).catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableFileError(path, error.code === 'ENOENT' || error.code === 'ENOTDIR' ? 'missing' : 'unreadable', describeCode(error), { cause: error });
  });
  if (SYSTEM_ROOTS.some((root) => `${real}/`.startsWith(root))) throw new UnreadableFileError(path, 'system-file', `a system file (${real}), not a document`);
  const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY).catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableFileError(path, 'unreadable', describeCode(error), { cause: error });
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnreadableFileError(path, 'not-a-file', `${kindOf(info)}, not a regular file`);
    if (info.size > maxBytes) throw new UnreadableFileError(path, 'too-large', `${megabytes(info.size)}, over the ${megabytes(maxBytes)} this reads`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      // A file that grows while it is read, or claims a size it does not have.
      if (total > maxBytes) throw new UnreadableFileError(path, 'too-large', `over the ${megabytes(maxBytes)} this reads`);
    }
    return decodeText(Buffer.concat(chunks, total));
  } finally {
    await handle.close();
  }
}

/** Bytes as text, by their byte-order mark or, without one, by what they look like. */
export function decodeText(bytes: Buffer): TextFile {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** ASCII text saved as UTF-16 without a mark: most of the first bytes' odd (LE) or even (BE) positions are zero. */
function utf16WithoutMark(bytes: Buffer): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(bytes.length, 4096) & ~1;
  if (sample < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = sample / 2;
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

function kindOf(info: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  if (info.isDirectory()) return 'a folder';
  return 'a special file';
}

function describeCode(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return 'no such file';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  return `cannot be read (${error.code ?? error.message})`;
}

function megabytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(bytes >= 10 << 20 ? 0 : 1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
