import assert from 'node:assert/strict';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashFile } from '../../../src/core/index';
import { FileHashes } from '../../../src/vscode/pure/fileHashes';
import { withTempDir } from '../../support/tempDir';

/** The real hash, counting the files it reads. */
function countingHashes() {
  const read: string[] = [];
  const hashes = new FileHashes((path) => {
    read.push(path);
    return hashFile(path);
  });
  return { hashes, read };
}

describe('citations: a PDF is re-hashed on a jump only when it may have changed', () => {
  it('reads an unchanged file once, however many citations open it', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'manual.pdf');
      await writeFile(file, '%PDF-1.5 first version');
      const { hashes, read } = countingHashes();
      const first = await hashes.of(file);
      assert.equal(await hashes.of(file), first);
      assert.equal(await hashes.of(file), first);
      assert.equal(first, await hashFile(file));
      assert.deepEqual(read, [file]);
    });
  });

  it('hashes again a file whose content changed, so the viewer still says the highlight may be stale', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'manual.pdf');
      await writeFile(file, '%PDF-1.5 first version');
      const { hashes } = countingHashes();
      const before = await hashes.of(file);
      // Same size, a later modification time: an edit that keeps the length.
      await writeFile(file, '%PDF-1.5 other version');
      const later = new Date(Date.now() + 5_000);
      await utimes(file, later, later);
      const after = await hashes.of(file);
      assert.notEqual(after, before);
      assert.equal(after, await hashFile(file));
      // A longer file, modification time set back to the first one's: the size tells.
      await writeFile(file, '%PDF-1.5 a longer third version');
      await utimes(file, later, later);
      assert.equal(await hashes.of(file), await hashFile(file));
    });
  });

  it('tries again after a failed read instead of remembering the failure', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'manual.pdf');
      await writeFile(file, '%PDF-1.5');
      let fail = true;
      const hashes = new FileHashes((path) => (fail ? Promise.reject(new Error('EIO')) : hashFile(path)));
      await assert.rejects(hashes.of(file));
      fail = false;
      assert.equal(await hashes.of(file), await hashFile(file));
    });
  });
});
