/**
 * A SQLite database image with what its write-ahead log committed applied, made in memory from the
 * bytes of `zotero.sqlite` and `zotero.sqlite-wal` (https://sqlite.org/fileformat2.html#walformat).
 * Zotero 10 writes in WAL mode and holds its database with locking_mode=EXCLUSIVE, so its newest
 * changes sit in the WAL until a checkpoint and no other process may open the file through SQLite;
 * reading the two files' bytes and replaying the log here sees exactly what Zotero last committed.
 *
 * The log: a 32-byte header (magic, version, page size, checkpoint sequence, two salts, a checksum),
 * then frames of a 24-byte header (page number, the database size in pages for a commit frame,
 * the salts, a cumulative checksum) and one page. A frame counts only while its salts match the
 * header's and the running checksum matches; frames after the last valid commit frame belong to a
 * transaction still being written and are left out, as SQLite's own recovery does.
 */

const WAL_MAGIC_LE = 0x377f0682;
const WAL_MAGIC_BE = 0x377f0683;
const WAL_HEADER = 32;
const FRAME_HEADER = 24;

export interface WalReplay {
  /** The database image with the committed frames applied (unchanged when the log adds nothing). */
  image: Uint8Array;
  /** Frames applied (those of committed transactions). */
  frames: number;
  /** Frames found after the last commit (a transaction being written): not applied. */
  uncommitted: number;
}

/** The page size a database header records (bytes 16-17; 1 means 65536), or null for a file too short to have one. */
export function headerPageSize(db: Uint8Array): number | null {
  if (db.length < 100) return null;
  const raw = (db[16]! << 8) | db[17]!;
  return raw === 1 ? 65536 : raw;
}

/** SQLite's WAL checksum over `data` (a multiple of 8 bytes), seeded with `s`, words in the log's byte order. */
function checksum(view: DataView, offset: number, length: number, bigEndian: boolean, s: [number, number]): [number, number] {
  let s0 = s[0];
  let s1 = s[1];
  for (let i = offset; i < offset + length; i += 8) {
    s0 = (s0 + view.getUint32(i, !bigEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, !bigEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

/**
 * Applies the committed frames of `wal` to `db`. An empty, short or foreign log (a header that
 * does not check out) adds nothing: SQLite treats it the same way.
 */
export function applyWal(db: Uint8Array, wal: Uint8Array): WalReplay {
  const none: WalReplay = { image: db, frames: 0, uncommitted: 0 };
  if (wal.length < WAL_HEADER) return none;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if (magic !== WAL_MAGIC_LE && magic !== WAL_MAGIC_BE) return none;
  const bigEndian = magic === WAL_MAGIC_BE;
  const pageSize = view.getUint32(8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return none;
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  let sum = checksum(view, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== view.getUint32(24) || sum[1] !== view.getUint32(28)) return none;
  const dbPageSize = headerPageSize(db);
  if (dbPageSize !== null && dbPageSize !== pageSize) return none;

  // Walk the frames: pages of committed transactions are kept in order, the last write of a page wins.
  const committed = new Map<number, number>();
  const pending = new Map<number, number>();
  let dbPages = 0;
  let frames = 0;
  let pendingFrames = 0;
  for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= wal.length; at += FRAME_HEADER + pageSize) {
    const page = view.getUint32(at);
    const commitSize = view.getUint32(at + 4);
    if (page === 0 || view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) break;
    sum = checksum(view, at, 8, bigEndian, sum);
    sum = checksum(view, at + FRAME_HEADER, pageSize, bigEndian, sum);
    if (sum[0] !== view.getUint32(at + 16) || sum[1] !== view.getUint32(at + 20)) break;
    pending.set(page, at + FRAME_HEADER);
    pendingFrames++;
    if (commitSize > 0) {
      for (const [p, offset] of pending) committed.set(p, offset);
      frames += pendingFrames;
      pending.clear();
      pendingFrames = 0;
      dbPages = commitSize;
    }
  }
  if (frames === 0) return { ...none, uncommitted: pendingFrames };

  const image = new Uint8Array(dbPages * pageSize);
  image.set(db.subarray(0, Math.min(db.length, image.length)));
  for (const [page, offset] of committed) {
    if (page <= dbPages) image.set(wal.subarray(offset, offset + pageSize), (page - 1) * pageSize);
  }
  return { image: asRollbackImage(image, dbPages), frames, uncommitted: pendingFrames };
}

/**
 * Marks an image as a rollback-journal database of `pages` pages, so an in-memory SQLite reads it
 * without looking for a log: read/write versions 1 (bytes 18-19), the in-header size (28-31) made
 * valid by matching the version-valid-for number (92-95) to the change counter (24-27).
 */
export function asRollbackImage(image: Uint8Array, pages: number): Uint8Array {
  if (image.length < 100) return image;
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  image[18] = 1;
  image[19] = 1;
  view.setUint32(28, pages);
  view.setUint32(92, view.getUint32(24));
  return image;
}
