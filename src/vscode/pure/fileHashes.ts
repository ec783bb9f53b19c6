/**
 * Content hashes of the files citations open, remembered while a file's size and modification
 * time stay as they were. Every jump into a PDF asks whether the file changed since it was
 * indexed; re-reading a 6.5 MB manual for each one put tens of milliseconds before the viewer's
 * page could be handed over. A file rewritten with the same size within the same modification
 * time tick would be missed (the file system cannot tell it apart).
 */
import { stat } from 'node:fs/promises';

/** Enough for the PDFs one session cites; the oldest goes first. */
const KEPT = 64;

export class FileHashes {
  private readonly known = new Map<string, { size: number; mtimeMs: number; hash: Promise<string> }>();

  constructor(private readonly hashFile: (absPath: string) => Promise<string>) {}

  /** The file's content hash as it is now; rejects when it cannot be read. */
  async of(absPath: string): Promise<string> {
    const { size, mtimeMs } = await stat(absPath);
    const known = this.known.get(absPath);
    if (known && known.size === size && known.mtimeMs === mtimeMs) return known.hash;
    const hash = this.hashFile(absPath);
    this.known.delete(absPath);
    this.known.set(absPath, { size, mtimeMs, hash });
    // A failed read is tried again next time, not remembered.
    hash.catch(() => this.known.get(absPath)?.hash === hash && this.known.delete(absPath));
    for (const old of [...this.known.keys()].slice(0, Math.max(0, this.known.size - KEPT))) this.known.delete(old);
    return hash;
  }
}
