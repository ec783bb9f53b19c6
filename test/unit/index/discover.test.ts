import assert from 'node:assert/strict';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_EXCLUDE, discoverFiles, kindOf } from '../../../src/core/index/pipeline/discover';
import type { FileFailure } from '../../../src/core/index/types';
import { runAsUnprivileged } from '../../support/asOtherUser';
import { writePdf } from '../../support/pdfs';
import { makeSymlinkTraps } from '../../support/symlinkTraps';
import { withTempDir } from '../../support/tempDir';

async function touch(root: string, relPath: string, content = 'text\n'): Promise<void> {
  const abs = join(root, ...relPath.split('/'));
  await mkdir(join(abs, '..'), { recursive: true });
  await writeFile(abs, content);
}

describe('discoverFiles', () => {
  it('finds PDFs, Markdown and text with kinds, sizes and sorted relative POSIX paths', () =>
    withTempDir(async (root) => {
      await writePdf(join(root, 'b.pdf'), ['hello']);
      await touch(root, 'notes/a.md', '# A\n');
      await touch(root, 'notes/deep/c.markdown');
      await touch(root, 'readme.txt', 'twelve bytes');
      await touch(root, 'Upper.PDF', '%PDF-1.4');
      await touch(root, 'image.png');
      await touch(root, 'code.ts');

      const { files, failures } = await discoverFiles(root);

      assert.deepEqual(failures, []);
      assert.deepEqual(
        files.map((f) => [f.path, f.kind]),
        [
          ['Upper.PDF', 'pdf'],
          ['b.pdf', 'pdf'],
          ['notes/a.md', 'markdown'],
          ['notes/deep/c.markdown', 'markdown'],
          ['readme.txt', 'text'],
        ],
      );
      const readme = files.find((f) => f.path === 'readme.txt');
      assert.equal(readme?.size, 12);
      assert.equal(readme?.absPath, join(root, 'readme.txt'));
      assert.ok((readme?.mtimeMs ?? 0) > 0);
    }));

  it('skips .git, node_modules, build output, hidden folders and the index folder by default', () =>
    withTempDir(async (root) => {
      for (const dir of ['.git', 'node_modules/pkg', 'dist', 'out', 'build', 'target', '.vscode-test', '.vscode', '.research-index', 'sub/node_modules']) {
        await touch(root, `${dir}/skipped.md`);
      }
      await touch(root, 'kept.md');
      await touch(root, 'sub/kept.md');
      await touch(root, '.hidden-file.md'); // a hidden file in a visible folder is the user's

      const { files } = await discoverFiles(root);

      assert.deepEqual(
        files.map((f) => f.path),
        ['.hidden-file.md', 'kept.md', 'sub/kept.md'],
      );
    }));

  it('honours custom include/exclude globs, skipDirs (a custom index folder) and skipFiles (its lock)', () =>
    withTempDir(async (root) => {
      await touch(root, 'docs/a.md');
      await touch(root, 'docs/drafts/b.md');
      await touch(root, 'docs/c.rst');
      await touch(root, 'my-index/d.md');
      await touch(root, 'my-index.lock.md');

      const { files } = await discoverFiles(root, {
        include: ['**/*.md', '**/*.rst'],
        exclude: [...DEFAULT_EXCLUDE, '**/drafts'],
        skipDirs: [join(root, 'my-index')],
        skipFiles: [join(root, 'my-index.lock.md')],
      });

      assert.deepEqual(
        files.map((f) => [f.path, f.kind]),
        [
          ['docs/a.md', 'markdown'],
          ['docs/c.rst', 'text'],
        ],
      );
    }));

  it('handles spaces, quotes and non-ASCII names', () =>
    withTempDir(async (root) => {
      const names = ['it\'s a "quoted" file.md', 'dossier été/résumé ü.txt', '日本語 メモ.md', 'back\\slash.md'];
      for (const name of names) await touch(root, name);

      const { files, failures } = await discoverFiles(root);

      assert.deepEqual(failures, []);
      assert.deepEqual(files.map((f) => f.path).sort(), [...names].sort());
      for (const file of files) assert.equal(file.absPath, join(root, ...file.path.split('/')));
    }));

  it('follows symlinks without looping and lists each real folder once', () =>
    withTempDir(async (root) => {
      await touch(root, 'a/doc.md');
      await symlink(join(root, 'a'), join(root, 'a', 'loop')); // a/loop -> a
      await symlink(join(root, 'a', 'doc.md'), join(root, 'linked.md'));
      await symlink(join(root, 'missing.md'), join(root, 'dangling.md'));

      const { files, failures } = await discoverFiles(root);

      assert.deepEqual(
        files.map((f) => f.path),
        ['a/doc.md', 'linked.md'],
      );
      assert.deepEqual(
        failures.map((f) => [f.path, f.code]),
        [['dangling.md', 'broken-link']],
      );
    }));

  it("throws Node's own error when the root does not exist", async () => {
    await assert.rejects(discoverFiles('/nonexistent/research-root'), { code: 'ENOENT' });
  });

  it('stops when its signal is aborted', () =>
    withTempDir(async (root) => {
      await touch(root, 'a.md');
      await assert.rejects(discoverFiles(root, { signal: AbortSignal.abort() }), { name: 'AbortError' });
    }));

  it('reports a folder it may not read as an unreadable failure and keeps the rest', () =>
    withTempDir(async (root) => {
      await chmod(root, 0o755);
      await touch(root, 'ok.md');
      await touch(root, 'locked/secret.md');
      await chmod(join(root, 'locked'), 0o000);
      try {
        const result = await runAsUnprivileged<{ files: string[]; failures: FileFailure[] }>(
          root,
          ['src/core/index/pipeline/discover'],
          `const { discoverFiles } = src('src/core/index/pipeline/discover');
           const { files, failures } = await discoverFiles(${JSON.stringify(root)});
           print({ files: files.map((f) => f.path), failures });`,
        );
        assert.deepEqual(result.files, ['ok.md']);
        assert.deepEqual(result.failures, [{ path: 'locked', code: 'unreadable', reason: 'permission denied: check its permissions' }]);
      } finally {
        await chmod(join(root, 'locked'), 0o755);
      }
    }));

  it('maps extensions to kinds case-insensitively', () => {
    assert.equal(kindOf('A/B.PDF'), 'pdf');
    assert.equal(kindOf('x.Markdown'), 'markdown');
    assert.equal(kindOf('x.txt'), 'text');
  });

  it('links out of the folder are listed, not followed (not /proc even when allowed); a linked file is the kind of its target', () =>
    withTempDir(async (base) => {
      const { root, storage } = await makeSymlinkTraps(base);
      const found = await discoverFiles(root);
      assert.deepEqual(
        found.files.map((file) => [file.path, file.kind]),
        [
          ['notes.md', 'markdown'],
          ['papers/real.pdf', 'pdf'],
          ['report.txt', 'pdf'],
        ],
      );
      // A linked file is read at the target that was checked, not through the link.
      assert.equal(found.files[2]!.absPath, join(root, 'papers', 'real.pdf'));
      assert.deepEqual(
        found.outsideLinks.map((link) => link.path),
        ['etc', 'kernel', 'secret.txt', 'up', 'zotero'],
      );
      assert.deepEqual(found.failures, []);
      const allowed = await discoverFiles(root, { followLinksInto: [storage, '/proc'] });
      assert.deepEqual(
        allowed.files.map((file) => file.path),
        ['notes.md', 'papers/real.pdf', 'report.txt', 'zotero/paper.md'],
      );
      assert.deepEqual(
        allowed.outsideLinks.map((link) => link.path),
        ['etc', 'kernel', 'secret.txt', 'up'],
      );
    }));
});
