/**
 * Reference entries linked to the library: by DOI, then title with authors that agree, then the
 * whole author list and year; a link only when exactly one library paper fits.
 */
import assert from 'node:assert/strict';
import { citationGraph } from '../../../../src/core/papers/references/graph';
import { libraryIndex } from '../../../../src/core/papers/references/link';
import type { PaperRecord } from '../../../../src/core/papers/record';
import type { PaperReferences, ReferenceEntry } from '../../../../src/core/papers/references/types';

function record(path: string, title: string, families: string[], year?: number, doi?: string): PaperRecord {
  const field = <T>(value: T) => ({ value, source: 'page-text' as const, confidence: 0.9 });
  return {
    path,
    title: field(title),
    authors: field(families.map((family) => ({ family, given: '' }))),
    ...(year ? { year: field(year) } : {}),
    ...(doi ? { doi: field(doi) } : {}),
  };
}

function entry(index: number, families: string[], year: string, title: string | null, extra: Partial<ReferenceEntry> = {}): ReferenceEntry {
  return {
    index,
    authors: families.map((family) => ({ family, given: 'A' })),
    year,
    title,
    venue: null,
    raw: `${families.join(', ')} (${year}). ${title ?? ''}`,
    page: 9,
    ...extra,
  };
}

const LIBRARY = [
  record('sandwich.pdf', 'Econometric Computing with HC and HAC Covariance Matrix Estimators', ['Zeileis'], 2004, '10.18637/jss.v011.i10'),
  record('oop.pdf', 'Object-Oriented Computation of Sandwich Estimators', ['Zeileis'], 2006),
  record('party.pdf', 'party: A Laboratory for Recursive Partytioning', ['Hothorn', 'Hornik', 'Zeileis']),
  record('copy-a.pdf', 'Regression Models for Count Data in R', ['Zeileis', 'Kleiber', 'Jackman'], 2008),
  record('copy-b.pdf', 'Regression Models for Count Data in R', ['Zeileis', 'Kleiber', 'Jackman'], 2008),
];

describe('reference entries linked to the library', () => {
  const index = libraryIndex(LIBRARY);

  it('links by DOI even when the title was misread', () => {
    assert.equal(index.linkOf(entry(1, ['Zeileis'], '2004', 'Econometric Computing', { doi: '10.18637/jss.v011.i10' })), 'sandwich.pdf');
  });

  it('links by title up to case and punctuation when the authors agree, in any order', () => {
    assert.equal(index.linkOf(entry(1, ['Zeileis'], '2006b', 'Object-oriented computation of sandwich estimators')), 'oop.pdf');
    assert.equal(index.linkOf(entry(2, ['Hothorn', 'Hornik', 'Strobl', 'Zeileis'], '2015', 'party: A Laboratory for Recursive Partytioning')), 'party.pdf');
  });

  it('does not link a title whose authors disagree, nor a DOI of another work', () => {
    assert.equal(index.linkOf(entry(1, ['Smith'], '2006', 'Object-Oriented Computation of Sandwich Estimators')), null);
    assert.equal(
      index.linkOf(entry(1, ['Zeileis'], '2004', 'Econometric Computing with HC and HAC Covariance Matrix Estimators', { doi: '10.1000/other' })),
      null,
    );
  });

  it('links neither of two library papers with the same title, authors and year', () => {
    assert.equal(index.linkOf(entry(1, ['Zeileis', 'Kleiber', 'Jackman'], '2008', 'Regression Models for Count Data in R')), null);
  });

  it('links an entry whose title was not read by its whole author list, year and the title words in its text', () => {
    const misread = entry(1, ['Zeileis'], '2006', null, { raw: 'Zeileis A (2006). Object-Oriented Computation of Sandwich Estimators JSS 16(9)' });
    assert.equal(index.linkOf(misread), 'oop.pdf');
    assert.equal(index.linkOf({ ...misread, year: '2005' }), null, 'another year');
  });

  it('a paper that cites itself links to itself, and is not among the papers that cite it', () => {
    const refs: PaperReferences = {
      version: 1,
      section: { heading: 'References', firstPage: 9, lastPage: 9 },
      entries: [
        entry(1, ['Zeileis'], '2004', 'Econometric Computing with HC and HAC Covariance Matrix Estimators'),
        entry(2, ['Zeileis'], '2006', 'Object-Oriented Computation of Sandwich Estimators'),
      ],
      mentions: [{ page: 2, text: 'Zeileis (2006)', boxes: [], entry: 2, sentence: 'As in Zeileis (2006).' }],
      limits: [],
    };
    const graph = citationGraph(LIBRARY, new Map([['sandwich.pdf', refs]]));
    assert.equal(graph.papers.get('sandwich.pdf')![0]!.library, 'sandwich.pdf');
    assert.deepEqual(graph.citedBy('sandwich.pdf'), []);
    assert.deepEqual(
      graph.citedBy('oop.pdf').map((c) => `${c.path} p${c.entry.mentions[0]!.page}`),
      ['sandwich.pdf p2'],
    );
    assert.deepEqual(
      graph.cites('sandwich.pdf').map((e) => e.library),
      ['oop.pdf'],
    );
  });

  it('lists works two or more papers cite that the library lacks, with who cites them', () => {
    const missing = (title: string) => ({
      version: 1,
      section: null,
      entries: [entry(1, ['Andrews'], '1991', title)],
      mentions: [{ page: 3, text: 'Andrews (1991)', boxes: [], entry: 1, sentence: '' }],
      limits: [],
    });
    const graph = citationGraph(
      LIBRARY,
      new Map<string, PaperReferences>([
        ['a.pdf', missing('Heteroskedasticity and Autocorrelation Consistent Covariance Matrix Estimation')],
        ['b.pdf', missing('Heteroskedasticity and autocorrelation consistent covariance matrix estimation.')],
        ['c.pdf', missing('Something Cited Once')],
      ]),
    );
    assert.deepEqual(
      graph.citedOftenMissing().map((w) => `${w.entry.title}: ${w.citedBy.map((c) => c.path).join(', ')}`),
      ['Heteroskedasticity and Autocorrelation Consistent Covariance Matrix Estimation: a.pdf, b.pdf'],
    );
  });
});
