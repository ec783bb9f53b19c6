import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { documentSetup } from '../../../src/core/manuscript/setup/documentSetup';
import { nodeDraftFiles } from '../../../src/core/manuscript/setup/files';
import { withTempDir } from '../../support/tempDir';

async function write(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

async function setupOf(root: string, path: string, format: 'latex' | 'markdown' = 'latex') {
  const text = (await nodeDraftFiles.read(join(root, path)))!;
  return documentSetup(join(root, path), text, format, nodeDraftFiles);
}

describe("manuscript: a draft's citation style and bibliography", () => {
  it('natbib: \\citep, and \\bibliography{refs} is refs.bib beside the file', () =>
    withTempDir(async (root) => {
      await write(root, {
        'paper.tex': '\\documentclass{article}\n\\usepackage[round]{natbib}\n\\begin{document}\nx\n\\bibliography{refs,more}\n\\end{document}\n',
        'refs.bib': '',
      });
      const setup = await setupOf(root, 'paper.tex');
      assert.equal(setup.package, 'natbib');
      assert.equal(setup.command, '\\citep');
      assert.deepEqual(setup.bibliographies, [join(root, 'refs.bib'), join(root, 'more.bib')]);
      assert.deepEqual(setup.missing, [join(root, 'more.bib')]);
      assert.equal(setup.target, join(root, 'refs.bib'));
      assert.match(setup.notes[0]!, /names the bibliography .*more\.bib, which does not exist/);
    }));

  it("biblatex: \\parencite, or \\autocite when the document uses it more; \\addbibresource's file", () =>
    withTempDir(async (root) => {
      await write(root, {
        'a.tex':
          '\\documentclass{article}\n\\usepackage[style=authoryear]{biblatex}\n\\addbibresource[location=local]{lib/papers.bib}\n\\begin{document}\n\\end{document}\n',
        'b.tex':
          '\\documentclass{article}\n\\usepackage{biblatex}\n\\addbibresource{papers.bib}\n\\begin{document}\n\\autocite{a} and \\autocite{b} but \\parencite{c}\n\\end{document}\n',
      });
      const a = await setupOf(root, 'a.tex');
      assert.deepEqual([a.package, a.command, a.bibliographies], ['biblatex', '\\parencite', [join(root, 'lib/papers.bib')]]);
      assert.equal((await setupOf(root, 'b.tex')).command, '\\autocite');
    }));

  it('plain BibTeX: \\cite; a commented-out package does not count; no bibliography is said', () =>
    withTempDir(async (root) => {
      await write(root, { 'p.tex': '\\documentclass{article}\n% \\usepackage{natbib}\n\\begin{document}\n\\cite{a}\n\\end{document}\n' });
      const setup = await setupOf(root, 'p.tex');
      assert.deepEqual([setup.package, setup.command, setup.target], ['bibtex', '\\cite', null]);
      assert.match(setup.notes[0]!, /p\.tex declares no bibliography/);
    }));

  it('multi-file LaTeX: the %!TEX root magic comment, else the file with \\documentclass that inputs this one', () =>
    withTempDir(async (root) => {
      await write(root, {
        'main.tex': '\\documentclass{jss}\n\\begin{document}\n\\input{chapters/intro}\n\\bibliography{refs}\n\\end{document}\n',
        'chapters/intro.tex': 'Some text \\cite{a}.\n',
        'chapters/methods.tex': '%!TEX root = ../thesis.tex\nMore.\n',
        'thesis.tex': '\\documentclass{book}\n\\usepackage{biblatex}\n\\addbibresource{thesis.bib}\n',
        'refs.bib': '',
        'thesis.bib': '',
      });
      const intro = await setupOf(root, 'chapters/intro.tex');
      assert.deepEqual([intro.root, intro.package, intro.command, intro.target], [join(root, 'main.tex'), 'natbib', '\\citep', join(root, 'refs.bib')]);
      const methods = await setupOf(root, 'chapters/methods.tex');
      assert.deepEqual([methods.root, methods.package, methods.target], [join(root, 'thesis.tex'), 'biblatex', join(root, 'thesis.bib')]);
    }));

  it('Markdown: YAML bibliography as a string or a list, relative to the document', () =>
    withTempDir(async (root) => {
      await write(root, {
        'drafts/a.md': '---\ntitle: A\nbibliography: ../refs.bib\n---\nText.\n',
        'drafts/b.qmd': '---\nbibliography:\n  - "mine.bib"\n  - ../refs.bib\n---\n',
        'drafts/c.Rmd': '---\nbibliography: [one.bib, two.bib]\n---\n',
        'refs.bib': '',
      });
      const a = await setupOf(root, 'drafts/a.md', 'markdown');
      assert.deepEqual([a.package, a.command, a.target], ['pandoc', '[@]', join(root, 'refs.bib')]);
      const b = await setupOf(root, 'drafts/b.qmd', 'markdown');
      assert.deepEqual(b.bibliographies, [join(root, 'drafts/mine.bib'), join(root, 'refs.bib')]);
      assert.equal(b.target, join(root, 'refs.bib'), 'the first declared bib that exists');
      assert.deepEqual((await setupOf(root, 'drafts/c.Rmd', 'markdown')).bibliographies, [join(root, 'drafts/one.bib'), join(root, 'drafts/two.bib')]);
    }));

  it("Quarto: the project's _quarto.yml bibliography when the document declares none", () =>
    withTempDir(async (root) => {
      await write(root, {
        '_quarto.yml': 'project:\n  type: manuscript\nbibliography: references.bib\n',
        'notebooks/n.qmd': '---\ntitle: N\n---\nText.\n',
        'references.bib': '',
      });
      const setup = await setupOf(root, 'notebooks/n.qmd', 'markdown');
      assert.deepEqual(setup.bibliographies, [join(root, 'references.bib')]);
      assert.deepEqual(setup.notes, []);
    }));
});
