/**
 * Replacing a file whole (src/core/fs/atomicWrite.ts), on a real temporary folder: a reader never
 * sees half a file, a failed write leaves the old target and no temporary file, and writes racing
 * on one target in one process do not trip over each other's temporary files.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileAtomic, temporaryFileOwner, temporaryPathFor, writeFileAtomic, writeFileAtomicSync } from '../../../src/core/fs/atomicWrite';
import { withTempDir } from '../../support/tempDir';

describe('atomicWrite', () => {
  it('a reader polling the target sees the old content or the new, never part of either', async () => {
    await withTempDir(async (dir) => {
      const target = join(dir, 'meta.json');
      const versions = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(4 * 1024 * 1024));
      await writeFile(target, versions[0]!);
      let writing = true;
      const seen = new Set<number>();
      const reader = (async () => {
        while (writing) {
          const text = await readFile(target, 'utf8');
          const index = versions.indexOf(text);
          assert.ok(index >= 0, `read ${text.length} characters, a partial file`);
          seen.add(index);
        }
      })();
      for (const version of versions.slice(1)) await writeFileAtomic(target, version);
      writing = false;
      await reader;
      assert.equal(await readFile(target, 'utf8'), versions[3]);
      assert.ok(seen.size >= 1);
    });
  });

  it('a write that fails leaves the old target and no temporary file (async and sync)', async () => {
    await withTempDir(async (dir) => {
      const target = join(dir, 'record.json');
      await writeFile(target, 'old');
      await assert.rejects(
        replaceFileAtomic(target, async (temporary) => {
          await writeFile(temporary, 'half of the n');
          throw new Error('disk full');
        }),
        /disk full/,
      );
      assert.equal(await readFile(target, 'utf8'), 'old');
      assert.deepEqual(await readdir(dir), ['record.json']);

      // A folder in the target's place: the rename fails after the temporary file was written.
      const blocked = join(dir, 'blocked');
      await mkdir(join(blocked, 'inside'), { recursive: true });
      await assert.rejects(writeFileAtomic(blocked, 'new'));
      assert.throws(() => writeFileAtomicSync(blocked, 'new'));
      assert.deepEqual((await readdir(dir)).sort(), ['blocked', 'record.json']);
      assert.deepEqual(await readdir(blocked), ['inside']);
    });
  });

  it('writes racing on one target all succeed, the last one whole, and leave no temporary file', async () => {
    await withTempDir(async (dir) => {
      const target = join(dir, 'keys.json');
      const contents = Array.from({ length: 20 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(10_000 + i) }));
      await Promise.all(contents.map((text) => writeFileAtomic(target, text, { durable: false })));
      assert.ok(contents.includes(await readFile(target, 'utf8')));
      writeFileAtomicSync(target, contents[7]!);
      assert.equal(await readFile(target, 'utf8'), contents[7]);
      assert.deepEqual(await readdir(dir), ['keys.json']);
    });
  });

  it('names temporary files beside the target, with the owning process id', () => {
    const first = temporaryPathFor('/index/meta.json');
    const second = temporaryPathFor('/index/meta.json');
    assert.notEqual(first, second);
    assert.ok(first.startsWith('/index/meta.json.tmp-'));
    assert.equal(temporaryFileOwner(first.slice('/index/'.length)), process.pid);
    assert.equal(temporaryFileOwner('meta.json'), undefined);
  });
});
