/**
 * A question about citations read against the library's reference lists: the work it names by
 * author and year, who cites it, and a named paper narrowed to its own citations.
 */
import assert from 'node:assert/strict';
import { citationGraph } from '../../../../src/core/papers/references/graph';
import { citingPlaces, namedWorks } from '../../../../src/core/papers/references/question';
import type { PaperReferences, ReferenceEntry } from '../../../../src/core/papers/references/types';

function entry(index: number, families: string[], year: string, title: string): ReferenceEntry {
  return {
    index,
    authors: families.map((family) => ({ family, given: 'A' })),
    year,
    title,
    venue: null,
    raw: `${families.join(', ')} (${year}). ${title}`,
    page: 9,
  };
}

function list(entries: ReferenceEntry[], cited: Array<[number, number]>): PaperReferences {
  return {
    version: 1,
    section: null,
    entries,
    mentions: cited.map(([entryIndex, page]) => ({ page, text: 'x', boxes: [], entry: entryIndex, sentence: '' })),
    limits: [],
  };
}

const GRAPH = citationGraph(
  [],
  new Map([
    [
      'lmer.pdf',
      list(
        [
          entry(1, ['Pinheiro', 'Bates'], '2000', 'Mixed-Effects Models in S and S-PLUS'),
          entry(2, ['Hothorn', 'Hornik', 'Zeileis'], '2006a', 'Unbiased Recursive Partitioning'),
        ],
        [
          [1, 3],
          [1, 7],
          [2, 4],
        ],
      ),
    ],
    ['nlme.pdf', list([entry(1, ['Pinheiro', 'Bates'], '2000', 'Mixed-Effects Models in S and S-PLUS')], [[1, 2]])],
    ['mob.pdf', list([entry(1, ['Hothorn', 'Hornik', 'Zeileis'], '2006b', 'Implementing a Class of Permutation Tests')], [[1, 5]])],
  ]),
);

const places = (question: string, named: string[] = []) =>
  citingPlaces(question, GRAPH, named)?.places.map((p) => `${p.path} ${p.entry.year} ${p.mentions.map((m) => m.page).join(',')}`) ?? null;

describe('questions about citations read against the reference lists', () => {
  it('finds works named by author and year in their printed forms, and no work in a sentence that starts with a year', () => {
    assert.deepEqual(
      namedWorks('Which papers cite Pinheiro and Bates (2000), Hothorn et al. 2006b or Chaussé (2010)?').map((w) => `${w.family} ${w.year}`),
      ['Pinheiro 2000', 'Hothorn 2006b', 'Chaussé 2010'],
    );
    assert.equal(places('In 2000, which models were fitted?'), null);
  });

  it('who cites a work: every paper whose list holds it, with the pages that cite it; a year names its lettered works, a letter only itself', () => {
    assert.deepEqual(places('Which papers in my library cite Pinheiro and Bates (2000)?'), ['lmer.pdf 2000 3,7', 'nlme.pdf 2000 2']);
    assert.deepEqual(places('Who cites Hothorn et al. (2006)?'), ['lmer.pdf 2006a 4', 'mob.pdf 2006b 5']);
    assert.deepEqual(places('Who cites Hothorn et al. (2006b)?'), ['mob.pdf 2006b 5']);
  });

  it('a named paper narrows to its own citations; a question that neither asks about citing nor names a citing paper is not about citations', () => {
    assert.deepEqual(places('What does the lme4 paper say about Pinheiro and Bates (2000)?', ['lmer.pdf']), ['lmer.pdf 2000 3,7']);
    assert.equal(places('How are the models of Pinheiro and Bates (2000) estimated?'), null);
  });
});
