/**
 * The editor's libraries without the editor (src/vscode/pure/libraries.ts): the setting's folders
 * made absolute and labelled beside the workspace's, and where a bib's PDFs outside the workspace
 * are, as Better BibTeX, JabRef and Mendeley write `file` fields: the Zotero data directory they
 * are stored in, else the folder that holds them.
 */
import assert from 'node:assert/strict';
import { bibFilePaths, configuredLibraries, expandHome, librariesOutside } from '../../../src/vscode/pure/libraries';

const HOME = '/home/ada';
const zoteroDirs = new Set(['/home/ada/Zotero', '/mnt/data/zotero']);
const isZotero = (root: string) => zoteroDirs.has(root);

describe('libraries outside the workspace (editor, pure)', () => {
  it("reads the setting's folders with ~ as the home folder, once each, a Zotero data directory told from a folder of papers, labels unique beside the workspace's", () => {
    assert.equal(expandHome('~', HOME), HOME);
    assert.equal(expandHome('~/papers/', HOME), '/home/ada/papers');
    assert.equal(expandHome('papers', HOME), '/home/ada/papers');
    assert.deepEqual(configuredLibraries(['~/Zotero', '/home/ada/Zotero', '', '~/papers', '/srv/papers'], HOME, isZotero, ['papers']), [
      { root: '/home/ada/Zotero', kind: 'zotero', label: 'Zotero' },
      { root: '/home/ada/papers', kind: 'folder', label: 'papers-2' },
      { root: '/srv/papers', kind: 'folder', label: 'papers-3' },
    ]);
  });

  it('finds the PDFs of file fields as Better BibTeX (several per entry), JabRef and Mendeley write them', () => {
    const bib = [
      '@article{a, title = {A}, file = {/home/ada/Zotero/storage/ABCD2345/A - 2010.pdf;/home/ada/Zotero/storage/EFGH6789/A supplement.pdf}}',
      '@article{b, file = {:papers/b.pdf:PDF}}',
      '@article{c,\n  File = {:C$\\backslash$:/Users/ada/c.pdf:pdf}\n}',
      '@article{d, profile = {not a file}}',
    ].join('\n');
    assert.deepEqual(bibFilePaths(bib), [
      '/home/ada/Zotero/storage/ABCD2345/A - 2010.pdf',
      '/home/ada/Zotero/storage/EFGH6789/A supplement.pdf',
      'papers/b.pdf',
      'C:/Users/ada/c.pdf',
    ]);
  });

  it("names the Zotero data directory a bib's PDFs are stored in, and the folder holding the others; PDFs inside the workspace or an added library do not count", () => {
    const paths = [
      '/home/ada/Zotero/storage/ABCD2345/a.pdf',
      '/home/ada/Zotero/storage/EFGH6789/b.pdf',
      '/home/ada/papers/ml/c.pdf',
      '/home/ada/papers/stats/d.pdf',
      'figures/e.pdf',
      '/home/ada/thesis/refs/f.pdf',
      '/mnt/data/zotero/storage/IJKL2345/g.pdf',
      '/home/ada/Zotero/storage/ABCD2345/notes.txt',
    ];
    const context = { bibDir: '/home/ada/thesis', home: HOME, workspace: ['/home/ada/thesis'], libraries: ['/mnt/data/zotero'] };
    assert.deepEqual(librariesOutside(paths, context, isZotero), [
      { root: '/home/ada/Zotero', kind: 'zotero', pdfs: 2 },
      { root: '/home/ada/papers', kind: 'folder', pdfs: 2 },
    ]);
    assert.deepEqual(librariesOutside(['/home/ada/thesis/a.pdf'], context, isZotero), [], 'all inside: nothing to say');
  });

  it('a storage-like path outside a Zotero data directory is a folder of papers; PDFs with nothing in common but / name the folder holding most; /, /home and the home folder are never offered', () => {
    const context = { bibDir: '/w', home: HOME, workspace: ['/w'], libraries: [] };
    assert.deepEqual(librariesOutside(['/backup/storage/ABCD2345/a.pdf'], context, isZotero), [{ root: '/backup/storage/ABCD2345', kind: 'folder', pdfs: 1 }]);
    assert.deepEqual(librariesOutside(['/srv/papers/a.pdf', '/srv/papers/b.pdf', '/opt/x/c.pdf'], context, isZotero), [
      { root: '/srv/papers', kind: 'folder', pdfs: 2 },
    ]);
    assert.deepEqual(librariesOutside(['/a.pdf', '/home/c.pdf'], context, isZotero), []);
    assert.deepEqual(librariesOutside(['/home/ada/Downloads/a.pdf', '/home/ada/papers/b.pdf', '/home/ada/papers/c.pdf'], context, isZotero), [
      { root: '/home/ada/papers', kind: 'folder', pdfs: 2 },
    ]);
  });
});
