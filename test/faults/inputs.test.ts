/**
 * Bad paths and limits a user runs into: a file that always fails, a text file over the size
 * limit, `--db` pointing at a file, a dangling symlink, `search --path` naming nothing indexed.
 * Each used to give a misleading or raw answer; each now gets one specific line.
 */
import assert from 'node:assert/strict';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { withTempDir } from '../support/tempDir';

async function folderWith(root: string, files: Record<string, string | Uint8Array>): Promise<string> {
  const docs = join(root, 'docs');
  await mkdir(docs, { recursive: true });
  for (const [name, body] of Object.entries(files)) await writeFile(join(docs, name), body);
  return docs;
}

const LAMPS = '# Lamps\n\nThe ballast warms up before the tube strikes.\n';

describe('faults: bad paths and limits', function () {
  before(() => buildOnce());

  it('status with a file that always fails: names it with its reason and says up to date, not "1 new" forever', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, { 'lamps.md': LAMPS, 'scan.md': new Uint8Array([0x78, 0, 0x79, 0, 0x7a, 0]) });
      const indexed = await runCli(['index', docs, '--embed', 'none']);
      assert.equal(indexed.code, 0, indexed.stderr);
      const status = await runCli(['status', docs]);
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /^ {2}up to date$/m);
      assert.match(status.stdout, /^ {2}not indexed: scan\.md: binary content, not text \(wrong file extension\?\) \[binary\]$/m);
      assert.doesNotMatch(status.stdout, /changed since/);
      const json = JSON.parse((await runCli(['status', docs, '--json'])).stdout);
      assert.deepEqual(json.pending, { new: 0, modified: 0, removed: 0, ocrRereads: 0 });
      assert.deepEqual(
        json.failing.map((f: { path: string; code: string }) => [f.path, f.code]),
        [['scan.md', 'binary']],
      );
    }));

  it('a text file over the limit: the message shows its real size ("61.2 MB > limit 50 MB"), and --max-text-mb indexes it', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, { 'lamps.md': LAMPS, 'big.txt': 'ballast '.repeat(64) });
      // A sparse tail: 61.2 MB on the size check without writing them (the limit is checked before reading).
      await truncate(join(docs, 'big.txt'), Math.round(61.2 * 1024 * 1024));
      const refused = await runCli(['index', docs, '--embed', 'none']);
      assert.equal(refused.code, 0, refused.stderr);
      assert.match(refused.stdout, /^ {2}big\.txt: too large \(61\.2 MB > limit 50 MB\): raise the size limit to index it \[too-large\]$/m);
      assert.match(refused.stdout, /--max-text-mb N/);

      // Just over the limit the megabytes round alike: the bytes are shown rather than "50 MB > limit 50 MB".
      await truncate(join(docs, 'big.txt'), 50 * 1024 * 1024 + 1000);
      const close = await runCli(['index', docs, '--embed', 'none']);
      assert.match(close.stdout, /too large \(52429800 bytes > limit 52428800 bytes\)/);

      // The flag moves the limit (raising past 50 MB works the same way, but indexing 50 MB of text takes
      // ~11 s here): a 2 KB file refused under 1 KB, indexed under 10 KB.
      await writeFile(join(docs, 'big.txt'), 'ballast warms up\n'.repeat(120));
      const low = await runCli(['index', docs, '--embed', 'none', '--max-text-mb', '0.001']);
      assert.match(low.stdout, /big\.txt: too large \(2040 bytes > limit 1049 bytes\)/);
      const raised = await runCli(['index', docs, '--embed', 'none', '--max-text-mb', '0.01']);
      assert.equal(raised.code, 0, raised.stderr);
      assert.match(raised.stdout, /files: 2 \(1 indexed, 1 unchanged, 0 removed, 0 failed\)/);
    }));

  it('--db pointing at a file: one line "is a file, not an index folder", no raw EEXIST/ENOTDIR', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, { 'lamps.md': LAMPS });
      const file = join(root, 'not-a-folder');
      await writeFile(file, 'x');
      for (const [args, db] of [
        [['index', docs, '--embed', 'none'], file],
        [['search', docs, 'ballast'], file],
        [['status', docs], join(file, 'index')],
      ] as const) {
        const run = await runCli([...args, '--db', db]);
        assert.equal(run.code, 2, `${args[0]}: ${run.stderr}`);
        assert.doesNotMatch(run.stderr, /EEXIST|ENOTDIR/);
        assert.equal(run.stderr.trim().split('\n').length, 1, `${args[0]}: one line, got:\n${run.stderr}`);
        assert.match(
          run.stderr,
          new RegExp(`^error: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.* is a file, not an index folder: give --db a folder$`, 'm'),
        );
      }
    }));

  it('a dangling symlink is reported as a broken symlink, not as a file that vanished while indexing', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, { 'lamps.md': LAMPS });
      await symlink(join(docs, 'moved-away.md'), join(docs, 'shortcut.md'));
      const run = await runCli(['index', docs, '--embed', 'none']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^ {2}shortcut\.md: broken symlink \(target missing\): fix or remove the link \[broken-link\]$/m);
      assert.doesNotMatch(run.stdout, /vanished|removed or renamed/);
      const status = await runCli(['status', docs]);
      assert.match(status.stdout, /not indexed: shortcut\.md: broken symlink/);
    }));

  it('search --path naming no indexed document: says so and how to list the paths, instead of a silent "no matches"', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, { 'lamps.md': LAMPS });
      assert.equal((await runCli(['index', docs, '--embed', 'none'])).code, 0);
      const wrong = await runCli(['search', docs, 'ballast', '--path', 'lamp.md']);
      assert.equal(wrong.code, 1);
      assert.equal(wrong.stdout, '');
      assert.equal(
        wrong.stderr,
        `error: --path lamp.md: no such document in the index (paths are relative to ${docs}); list them with: status ${docs} --json\n`,
      );
      // The same file typed as a path from the current folder is found.
      const fromCwd = await runCli(['search', docs, 'ballast', '--path', 'docs/lamps.md'], { cwd: root });
      assert.equal(fromCwd.code, 0, fromCwd.stderr);
      assert.match(fromCwd.stdout, /^1\. lamps\.md, line/);
    }));
});
