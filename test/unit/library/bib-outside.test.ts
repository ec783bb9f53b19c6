/**
 * Where a workspace's bib files point outside it (src/core/library/bibOutside.ts, the CLI's note),
 * on real folders: grouped by the rule the editor uses too (core/library/outsideLibraries.ts), so
 * PDFs loose in the home folder offer no library (adding home would index all of it), and PDFs in
 * a Zotero data directory's storage offer that directory.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { librariesOutside } from '../../../src/core/library';
import { withTempDir } from '../../support/tempDir';

async function touch(file: string): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, '%PDF-1.4\n');
}

describe('a bib pointing outside the workspace', () => {
  const savedHome = process.env.HOME;
  afterEach(() => {
    process.env.HOME = savedHome;
  });

  it('offers the Zotero data directory and the papers folder, never the home folder itself', () =>
    withTempDir(async (dir) => {
      const home = join(dir, 'home', 'ada');
      process.env.HOME = home;
      const workspace = join(home, 'thesis');
      const zotero = join(home, 'Zotero');
      await mkdir(zotero, { recursive: true });
      await writeFile(join(zotero, 'zotero.sqlite'), '');
      const files = [join(zotero, 'storage', 'ABCD2345', 'a.pdf'), join(home, 'papers', 'b.pdf'), join(home, 'papers', 'c.pdf')];
      for (const file of files) await touch(file);
      await mkdir(workspace, { recursive: true });
      const entry = (key: string, file: string) => `@article{${key},\n  title = {T},\n  file = {${file}}\n}\n`;
      await writeFile(join(workspace, 'refs.bib'), files.map((file, i) => entry(`k${i}`, file)).join(''));
      assert.deepEqual(await librariesOutside(workspace), [
        { root: join(home, 'papers'), kind: 'folder', pdfs: 2, bibFiles: ['refs.bib'] },
        { root: zotero, kind: 'zotero', pdfs: 1, bibFiles: ['refs.bib'] },
      ]);

      // PDFs loose in the home folder and one in papers/: the deepest common folder is home, not offered; papers/ holds most.
      await touch(join(home, 'd.pdf'));
      await writeFile(join(workspace, 'refs.bib'), entry('d', join(home, 'd.pdf')) + entry('b', files[1]!));
      assert.deepEqual(await librariesOutside(workspace), [{ root: join(home, 'papers'), kind: 'folder', pdfs: 1, bibFiles: ['refs.bib'] }]);
    }));
});
