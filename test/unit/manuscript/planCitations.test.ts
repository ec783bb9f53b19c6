import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { answerText } from '../../../src/core/manuscript/insert/answerText';
import { citationText } from '../../../src/core/manuscript/insert/citationText';
import { planCitations } from '../../../src/core/manuscript/insert/plan';
import { documentSetup } from '../../../src/core/manuscript/setup/documentSetup';
import { nodeDraftFiles } from '../../../src/core/manuscript/setup/files';
import { buildLibrary } from '../../../src/core/papers/paperLibrary';
import type { Field, PaperFields } from '../../../src/core/papers/record';
import { withTempDir } from '../../support/tempDir';

const page = <T>(value: T, from = 'page 1'): Field<T> => ({ value, source: 'page-text', confidence: 0.9, from });

/** Three papers as their PDFs describe them: a journal article with page labels, a vignette of a published article, one more article. */
const documents = [
  {
    path: 'papers/article.pdf',
    fields: {
      title: page('Robust Standard Errors in Small Samples'),
      authors: page([{ family: 'Lovelace', given: 'Ada' }]),
      year: page(2019, 'journal header, page 1'),
      venue: page('Journal of Applied Statistics', 'journal header, page 1'),
    } satisfies PaperFields,
    pageLabels: ['253', '254', '255'],
  },
  {
    path: 'papers/sandwich.pdf',
    fields: {
      title: page('Econometric Computing with HC and HAC Covariance Matrix Estimators'),
      authors: page([{ family: 'Zeileis', given: 'Achim' }]),
      year: page(2004, 'citation note, page 1'),
      venue: page('Journal of Statistical Software', 'citation note, page 1'),
    } satisfies PaperFields,
  },
  {
    path: 'papers/chausse.pdf',
    fields: {
      title: page('Computing Generalized Method of Moments and Generalized Empirical Likelihood with R'),
      authors: page([{ family: 'Chaussé', given: 'Pierre' }]),
      year: page(2010, 'journal header, page 1'),
    } satisfies PaperFields,
  },
  { path: 'notes/reading.md', fields: null },
];

/** The user's bibliography: the article (by its title, under the user's key), in the user's style. */
const REFS = `@Article{lovelace2019robust,
  author = {Ada Lovelace},
  title  = {Robust Standard Errors in Small Samples},
  year   = {2019},
}
`;

describe('manuscript: planning the citations an answer inserts', () => {
  it("uses the bibliography's key and the printed page label, generates one entry for a paper the bibliography lacks, and notes versions and non-papers", () =>
    withTempDir(async (dir) => {
      await writeFile(join(dir, 'refs.bib'), REFS);
      const draftPath = join(dir, 'draft.md');
      const draft = '---\nbibliography: refs.bib\n---\n\nSome text.\n';
      const setup = await documentSetup(draftPath, draft, 'markdown', nodeDraftFiles);
      const library = buildLibrary(documents);
      const plan = await planCitations(
        setup,
        [
          { path: 'papers/article.pdf', page: 2 },
          { path: 'papers/chausse.pdf', page: 14 },
          { path: 'notes/reading.md' },
          { path: 'papers/chausse.pdf', page: 15, pageEnd: 16 },
          { path: 'papers/sandwich.pdf', page: 3 },
        ],
        library,
        nodeDraftFiles,
        { pdfPathOf: (path) => join(dir, path) },
      );
      assert.deepEqual(plan.requests.get(0), { key: 'lovelace2019robust', page: '254' });
      assert.deepEqual(plan.requests.get(1), { key: 'chausse2010computing', page: '14' });
      assert.equal(plan.requests.has(2), false, 'a note is not a paper to cite');
      assert.deepEqual(plan.requests.get(3), { key: 'chausse2010computing', page: '15', lastPage: '16' });
      assert.deepEqual(plan.requests.get(4), { key: 'zeileis2004econometric', page: '3' });
      // One edit to refs.bib holding each new paper once, in the user's style, after one blank line.
      assert.equal(plan.bibEdits.length, 1);
      const edit = plan.bibEdits[0]!;
      assert.equal(edit.file, join(dir, 'refs.bib'));
      assert.deepEqual(
        edit.entries.map((e) => e.key),
        ['chausse2010computing', 'zeileis2004econometric'],
      );
      const after = REFS.slice(0, edit.start) + edit.text + REFS.slice(edit.end);
      assert.match(after, /^@Article\{lovelace2019robust,[\s\S]*\}\n\n@Misc\{chausse2010computing,\n {2}author = \{Chauss\{\\'e\}, Pierre\},/m);
      assert.equal((after.match(/@\w+\{chausse2010computing,/g) ?? []).length, 1);
      assert.ok(after.endsWith('}\n') && !after.endsWith('\n\n'), JSON.stringify(after.slice(-20)));
      assert.deepEqual(plan.notes, [
        'notes/reading.md is not a paper of the library (no title or authors known): it is not cited',
        "papers/sandwich.pdf is a version of the article in Journal of Statistical Software (2004): its page numbers are the PDF's, not the published article's",
      ]);
      const inserted = answerText(setup, 'Small samples need HC3 [1], and GMM has kernels [2].', new Map([...plan.requests].map(([i, r]) => [i + 1, r])));
      assert.equal(inserted.text, 'Small samples need HC3 [@lovelace2019robust, p. 254], and GMM has kernels [@chausse2010computing, p. 14].');
    }));

  it('a key the bibliography already has is used as it is, and nothing is added (never a duplicate)', () =>
    withTempDir(async (dir) => {
      await writeFile(join(dir, 'refs.bib'), REFS);
      const tex = '\\documentclass{article}\n\\usepackage[round]{natbib}\n\\begin{document}\n\\bibliography{refs}\n\\end{document}\n';
      const setup = await documentSetup(join(dir, 'paper.tex'), tex, 'latex', nodeDraftFiles);
      const plan = await planCitations(setup, [{ path: 'papers/article.pdf', page: 1 }], buildLibrary(documents), nodeDraftFiles);
      assert.deepEqual(plan.bibEdits, []);
      assert.equal(citationText(setup, [...plan.requests.values()]), '\\citep[p.~253]{lovelace2019robust}');
    }));

  it("the folder's key for a paper wins when the draft's bibliography has that key, whatever its entry's title says", () =>
    withTempDir(async (dir) => {
      await writeFile(join(dir, 'refs.bib'), '@article{chausse2010,\n  title = {GMM and GEL in R}\n}\n');
      const draft = '---\nbibliography: refs.bib\n---\n';
      const setup = await documentSetup(join(dir, 'draft.md'), draft, 'markdown', nodeDraftFiles);
      const folderBib = { key: 'chausse2010', type: 'article', bibFile: 'library.bib', line: 1, files: ['papers/chausse.pdf'] };
      const library = buildLibrary(documents, [{ entries: [folderBib], problems: [] }]);
      const plan = await planCitations(setup, [{ path: 'papers/chausse.pdf', page: 3 }], library, nodeDraftFiles);
      assert.deepEqual(plan.requests.get(0), { key: 'chausse2010', page: '3' });
      assert.deepEqual(plan.bibEdits, []);
    }));

  it('a bibliography that does not exist yet is created by the edit, and said so', () =>
    withTempDir(async (dir) => {
      const tex = '\\documentclass{article}\n\\usepackage{biblatex}\n\\addbibresource{library.bib}\n\\begin{document}\n\\end{document}\n';
      const setup = await documentSetup(join(dir, 'paper.tex'), tex, 'latex', nodeDraftFiles);
      const plan = await planCitations(setup, [{ path: 'papers/chausse.pdf', page: 14 }], buildLibrary(documents), nodeDraftFiles);
      assert.equal(plan.bibEdits[0]?.exists, false);
      assert.match(plan.bibEdits[0]!.text, /^@misc\{chausse2010computing,/);
      assert.ok(
        plan.notes.some((n) => n === `${join(dir, 'library.bib')} does not exist yet: accepting the entry creates it`),
        plan.notes.join('\n'),
      );
      assert.equal(citationText(setup, [...plan.requests.values()]), '\\parencite[p.~14]{chausse2010computing}');
    }));
});
