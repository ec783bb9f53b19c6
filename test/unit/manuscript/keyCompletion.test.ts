import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { citationKeyAt, keyCompletions } from '../../../src/core/manuscript/complete/citationCompletion';
import { documentSetup } from '../../../src/core/manuscript/setup/documentSetup';
import { nodeDraftFiles } from '../../../src/core/manuscript/setup/files';
import { buildLibrary } from '../../../src/core/papers/paperLibrary';
import type { Field } from '../../../src/core/papers/record';
import { withTempDir } from '../../support/tempDir';

/** The key being typed where `|` stands: what is typed, and the text its range replaces (the line marked with `[…]`). */
function at(line: string, format: 'latex' | 'markdown') {
  const column = line.indexOf('|');
  const text = line.replace('|', '');
  const found = citationKeyAt(text, column, format);
  if (!found) return null;
  assert.equal(found.start, column - found.typed.length);
  return { typed: found.typed, range: `${text.slice(0, found.start)}[${text.slice(found.start, found.end)}]${text.slice(found.end)}` };
}

describe('manuscript: completing citation keys', () => {
  it('finds the key being typed inside \\cite{…} and its natbib/biblatex family, with the range to replace', () => {
    assert.deepEqual(at('As shown by \\cite{|', 'latex'), { typed: '', range: 'As shown by \\cite{[]' });
    assert.deepEqual(at('As shown \\citep[see][p.~3]{zeileis2004, chau|sse}.', 'latex'), {
      typed: 'chau',
      range: 'As shown \\citep[see][p.~3]{zeileis2004, [chausse]}.',
    });
    assert.deepEqual(at('\\parencite*{ab|', 'latex'), { typed: 'ab', range: '\\parencite*{[ab]' });
    assert.deepEqual(at('\\cites[p.~1]{a}[p.~2]{|', 'latex'), { typed: '', range: '\\cites[p.~1]{a}[p.~2]{[]' });
    assert.equal(at('\\cite{done} and then |', 'latex'), null);
    assert.equal(at('\\section{Intro|', 'latex'), null);
  });

  it('finds the key after [@, ; @ and an in-text @ in Markdown, but not in an e-mail address', () => {
    assert.deepEqual(at('As shown [@|', 'markdown'), { typed: '', range: 'As shown [@[]' });
    assert.deepEqual(at('As shown [see @zeileis2004, p. 3; @chau|sse]', 'markdown'), { typed: 'chau', range: 'As shown [see @zeileis2004, p. 3; @[chausse]]' });
    assert.deepEqual(at('@chau| says', 'markdown'), { typed: 'chau', range: '@[chau] says' });
    assert.equal(at('write to ada@exam|', 'markdown'), null);
    assert.equal(at('an escaped \\@|', 'markdown'), null);
  });

  it("offers the bibliography's entries and the library's papers it lacks, each findable by key, author, year and title; choosing one it lacks brings its entry", () =>
    withTempDir(async (dir) => {
      await writeFile(
        join(dir, 'refs.bib'),
        '@article{lovelace2019robust,\n  author = {Lovelace, Ada and Babbage, Charles},\n  title = {Robust {Standard} Errors},\n  year = {2019}\n}\n',
      );
      const draft = join(dir, 'paper.tex');
      const tex = '\\documentclass{article}\n\\usepackage{natbib}\n\\bibliography{refs}\n';
      const setup = await documentSetup(draft, tex, 'latex', nodeDraftFiles);
      const field = <T>(value: T): Field<T> => ({ value, source: 'page-text', confidence: 0.9 });
      const library = buildLibrary([
        {
          path: 'econometrics/chausse.pdf',
          fields: {
            title: field('Computing Generalized Method of Moments and Generalized Empirical Likelihood with R'),
            authors: field([{ family: 'Chaussé', given: 'Pierre' }]),
            year: field(2010),
          },
        },
        { path: 'papers/robust.pdf', fields: { title: field('Robust Standard Errors'), year: field(2019) } },
      ]);
      const items = await keyCompletions(setup, library, nodeDraftFiles, dir);
      assert.deepEqual(
        items.map((i) => [i.key, i.name, i.title, i.newEntry?.bibFile ?? null]),
        [
          ['lovelace2019robust', 'Lovelace & Babbage (2019)', 'Robust Standard Errors', null],
          [
            'chausse2010computing',
            'Chaussé (2010)',
            'Computing Generalized Method of Moments and Generalized Empirical Likelihood with R',
            join(dir, 'refs.bib'),
          ],
        ],
      );
      const chausse = items[1]!;
      assert.equal(chausse.filterText, 'chausse2010computing Chaussé 2010 Computing Generalized Method of Moments and Generalized Empirical Likelihood with R');
      assert.match(chausse.newEntry!.text, /^@article\{chausse2010computing,|^@misc\{chausse2010computing,/);
    }));
});
