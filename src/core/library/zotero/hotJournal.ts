/**
 * A rollback journal replayed in memory (https://sqlite.org/fileformat2.html#rollbackjournal).
 * Zotero 7-9 write in rollback mode: while a transaction commits, `zotero.sqlite` holds some new
 * pages and `zotero.sqlite-journal` the old ones. A copy taken then is torn; putting the journal's
 * pages back gives the last committed state, as SQLite's own recovery of a hot journal does. A
 * journal whose header is zeroed (the commit finished; in exclusive locking mode the file stays)
 * is not hot and changes nothing.
 *
 * The journal: segments, each a header padded to the sector size (magic, record count, checksum
 * nonce, the database size in pages before the transaction, sector size, page size), then records
 * of a page number, the original page and a checksum. A record whose checksum fails ends the
 * replay: it was being written when the copy was taken, and so was not yet in the database.
 */

const JOURNAL_MAGIC = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];

export interface JournalReplay {
  image: Uint8Array;
  /** Pages put back from the journal (0: no hot journal). */
  pages: number;
}

function isMagic(bytes: Uint8Array, at: number): boolean {
  return JOURNAL_MAGIC.every((b, i) => bytes[at + i] === b);
}

/** True when `journal` starts with a valid header: a transaction was under way (or crashed). */
export function isHotJournal(journal: Uint8Array): boolean {
  return journal.length >= 28 && isMagic(journal, 0);
}

/** Puts the original pages of a hot journal back into `db` and cuts it to its size before the transaction. */
export function rollBackJournal(db: Uint8Array, journal: Uint8Array): JournalReplay {
  if (!isHotJournal(journal)) return { image: db, pages: 0 };
  const view = new DataView(journal.buffer, journal.byteOffset, journal.byteLength);
  const restored = new Map<number, number>();
  let originalPages: number | null = null;
  let pageSize = 0;
  let at = 0;
  segments: while (at + 28 <= journal.length && isMagic(journal, at)) {
    let records = view.getUint32(at + 8);
    const nonce = view.getUint32(at + 12);
    const initialPages = view.getUint32(at + 16);
    const sectorSize = view.getUint32(at + 20) || 512;
    pageSize = view.getUint32(at + 24) || pageSize;
    if (pageSize < 512 || pageSize > 65536) break;
    originalPages ??= initialPages;
    const recordSize = 4 + pageSize + 4;
    let offset = at + sectorSize;
    // 0xffffffff: the count was never written (no-sync mode); the records run to the end of the file.
    if (records === 0xffffffff) records = Math.floor((journal.length - offset) / recordSize);
    for (let r = 0; r < records; r++, offset += recordSize) {
      if (offset + recordSize > journal.length) break segments;
      const page = view.getUint32(offset);
      const data = offset + 4;
      let sum = nonce;
      for (let i = pageSize - 200; i > 0; i -= 200) sum = (sum + journal[data + i]!) >>> 0;
      if (sum !== view.getUint32(data + pageSize)) break segments;
      // The first copy of a page is its state before the transaction.
      if (page > 0 && !restored.has(page)) restored.set(page, data);
    }
    at = Math.ceil(offset / sectorSize) * sectorSize;
  }
  if (originalPages === null || pageSize === 0) return { image: db, pages: 0 };
  const image = new Uint8Array(originalPages * pageSize);
  image.set(db.subarray(0, Math.min(db.length, image.length)));
  for (const [page, data] of restored) {
    if (page <= originalPages) image.set(journal.subarray(data, data + pageSize), (page - 1) * pageSize);
  }
  return { image, pages: restored.size };
}
