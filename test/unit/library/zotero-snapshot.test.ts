/**
 * Reading Zotero while it runs: a second process holds the database as Zotero does
 * (locking_mode=EXCLUSIVE; WAL as Zotero 10 writes, a rollback journal as Zotero 7-9). What it
 * committed is seen, what it has not is not, a torn copy is taken again, and the data directory
 * is byte-for-byte as it was, with nothing created in it.
 */
import { strict as assert } from 'node:assert';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readSnapshot, readZoteroLibrary } from '../../../src/core/library/zotero';
import { applyWal } from '../../../src/core/library/zotero/wal';
import { withTempDir } from '../../support/tempDir';
import { HeldDatabase, writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';
import { fingerprint } from '../../support/fingerprint';

const library = (zotero: 10 | 7): ZoteroFixture => ({
  zotero,
  items: Array.from({ length: 40 }, (_, i) => ({
    key: `ITEM${String(i).padStart(4, '0')}`,
    title: `Paper number ${i} about kernels`,
    creators: [['Ada', `Author${i}`]] as Array<[string, string]>,
    date: String(1990 + (i % 30)),
    attachments: i === 0 ? [{ key: 'PDF00000', file: 'a.pdf', pdf: ['first page'] }] : [],
  })),
});

/** More pages than the cache holds: SQLite writes the transaction's pages out before it commits. */
const SPILL = "INSERT INTO settings VALUES ('test', 'spill', randomblob(400000));";

const title = async (dataDir: string, key = 'ITEM0001') => (await readZoteroLibrary(dataDir)).items.find((i) => i.key === key)?.title;

describe('Zotero snapshot: current, consistent, read-only', () => {
  it('Zotero 10: a change still in the WAL of a database held with an exclusive lock is seen; an uncommitted one is not', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      await writeZoteroLibrary(dataDir, library(10));
      const held = await HeldDatabase.open(join(dataDir, 'zotero.sqlite'));
      try {
        await held.exec("UPDATE itemDataValues SET value = 'Renamed while Zotero runs' WHERE value = 'Paper number 1 about kernels';");
        const wal = await stat(join(dataDir, 'zotero.sqlite-wal'));
        assert.ok(wal.size > 0, 'the change sits in the WAL');
        assert.equal(await title(dataDir), 'Renamed while Zotero runs');
        // A transaction under way (its pages spilled into the WAL without a commit frame) is not seen.
        const committed = (await stat(join(dataDir, 'zotero.sqlite-wal'))).size;
        await held.exec(`PRAGMA cache_size = 10; BEGIN; UPDATE itemDataValues SET value = value || ' (draft)'; ${SPILL}`);
        assert.ok((await stat(join(dataDir, 'zotero.sqlite-wal'))).size > committed, 'the transaction spilled into the WAL');
        assert.equal(await title(dataDir), 'Renamed while Zotero runs');
        assert.equal(await title(dataDir, 'ITEM0002'), 'Paper number 2 about kernels');
        await held.exec('COMMIT;');
        assert.equal(await title(dataDir, 'ITEM0002'), 'Paper number 2 about kernels (draft)');
      } finally {
        await held.kill();
      }
      // Zotero gone without a checkpoint (a crash): the WAL is still read.
      assert.equal(await title(dataDir), 'Renamed while Zotero runs (draft)');
    });
  });

  it('Zotero 7-9: a rollback-journal database held exclusively reads its last commit, also mid-transaction (hot journal)', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      await writeZoteroLibrary(dataDir, library(7));
      const held = await HeldDatabase.open(join(dataDir, 'zotero.sqlite'), { wal: false });
      try {
        await held.exec("UPDATE itemDataValues SET value = 'Committed in Zotero 7' WHERE value = 'Paper number 1 about kernels';");
        assert.equal(await title(dataDir), 'Committed in Zotero 7');
        // A small cache spills the transaction's pages into the database file before the commit: the journal is hot.
        await held.exec(`PRAGMA cache_size = 10; BEGIN; UPDATE itemDataValues SET value = value || ' (half-written)'; ${SPILL}`);
        const journal = await readFile(join(dataDir, 'zotero.sqlite-journal'));
        assert.equal(journal.subarray(0, 8).toString('hex'), 'd9d505f920a163d7', 'a hot journal');
        const snapshot = await readSnapshot(join(dataDir, 'zotero.sqlite'));
        assert.ok(snapshot.journalPages > 0);
        snapshot.db.close();
        assert.equal(await title(dataDir), 'Committed in Zotero 7');
        await held.exec('ROLLBACK;');
      } finally {
        await held.kill();
      }
    });
  });

  it('leaves the data directory byte-for-byte as it was and creates nothing in it, while Zotero holds it and after', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      await writeZoteroLibrary(dataDir, { ...library(10), betterBibtex: { ITEM0001: 'author1key' } });
      const held = await HeldDatabase.open(join(dataDir, 'zotero.sqlite'));
      try {
        await held.exec("UPDATE itemDataValues SET value = 'In the WAL' WHERE value = 'Paper number 3 about kernels';");
        const before = await fingerprint(dataDir);
        const read = await readZoteroLibrary(dataDir);
        assert.equal(read.items.find((i) => i.key === 'ITEM0001')!.citationKey, 'author1key');
        await readZoteroLibrary(dataDir);
        assert.deepEqual(await fingerprint(dataDir), before);
      } finally {
        await held.close();
      }
      const closed = await fingerprint(dataDir);
      await readZoteroLibrary(dataDir);
      assert.deepEqual(await fingerprint(dataDir), closed);
    });
  });

  it('takes a torn copy again', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      await writeZoteroLibrary(dataDir, library(10));
      let reads = 0;
      const snapshot = await readSnapshot(join(dataDir, 'zotero.sqlite'), {
        retryDelayMs: () => 1,
        read: async (path) => {
          const bytes = await readFile(path).catch(() => null);
          // The first copy of the database is torn: its second half is another page's bytes.
          if (bytes && path.endsWith('zotero.sqlite') && reads++ === 0) bytes.fill(0x41, 4096 * 3, bytes.length);
          return bytes;
        },
      });
      assert.equal(snapshot.attempts, 2);
      snapshot.db.close();
    });
  });

  it('applies only frames whose salts and cumulative checksum check out, up to the last commit', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      await writeZoteroLibrary(dataDir, library(10));
      const held = await HeldDatabase.open(join(dataDir, 'zotero.sqlite'));
      try {
        await held.exec("UPDATE itemDataValues SET value = 'first' WHERE value = 'Paper number 1 about kernels';");
        await held.exec("UPDATE itemDataValues SET value = 'second' WHERE value = 'Paper number 2 about kernels';");
        const db = await readFile(join(dataDir, 'zotero.sqlite'));
        const wal = await readFile(join(dataDir, 'zotero.sqlite-wal'));
        const whole = applyWal(db, wal);
        assert.ok(whole.frames >= 2);
        // A damaged byte in the last frame's page ends the log before it: the second transaction is not applied.
        const damaged = Buffer.from(wal);
        damaged[damaged.length - 10]! ^= 0xff;
        const cut = applyWal(db, damaged);
        assert.ok(cut.frames < whole.frames && cut.frames > 0);
      } finally {
        await held.kill();
      }
    });
  });
});
