import assert from 'node:assert/strict';
import { scanBib } from '../../../src/core/manuscript/bib/bibScan';
import { bibEntryFor, withEntry } from '../../../src/core/manuscript/bib/generateEntry';
import { fromLatex, toLatex } from '../../../src/core/manuscript/bib/latexText';
import type { Author, Field, PaperRecord } from '../../../src/core/papers/record';

const field = <T>(value: T): Field<T> => ({ value, source: 'page-text', confidence: 0.9 });
const record = (title: string, authors: Author[], year?: number, extra: Partial<PaperRecord> = {}): PaperRecord => ({
  path: 'papers/x.pdf',
  title: field(title),
  authors: field(authors),
  ...(year === undefined ? {} : { year: field(year) }),
  ...extra,
});
const gmm = record('Computing Generalized Method of Moments with R', [{ family: 'Chaussé', given: 'Pierre' }], 2010, {
  venue: field('Journal of Statistical Software'),
});

/** A bib whose keys follow one pattern, entries written the given way. */
function bibOf(keys: Array<[string, string, string, string]>, title = (t: string) => t): string {
  return keys.map(([key, author, year, t]) => `@article{${key},\n  author = {${author}},\n  title = {${title(t)}},\n  year = {${year}}\n}\n`).join('\n');
}
const library: Array<[string, string, string, string]> = [
  ['', 'Zeileis, Achim', '2004', 'Econometric Computing with {HC} and {HAC} Covariance Matrix Estimators'],
  ['', 'Hothorn, Torsten and Hornik, Kurt', '2006', 'A Lego System for Conditional Inference'],
  ['', 'B{\\"u}rkner, Paul-Christian', '2017', 'brms: An {R} Package for {Bayesian} Multilevel Models using {Stan}'],
];
const keyed = (keys: string[]) => library.map(([, a, y, t], i) => [keys[i]!, a, y, t] as [string, string, string, string]);

describe('manuscript: a BibTeX entry for a paper the bib lacks', () => {
  it("keys it the way the user's keys look", () => {
    const cases: Array<[string[], string]> = [
      [['zeileis2004econometric', 'hothorn2006lego', 'burkner2017brms'], 'chausse2010computing'],
      [['Zeileis2004', 'Hothorn2006', 'Burkner2017'], 'Chausse2010'],
      [['zeileis:2004', 'hothorn:2006', 'burkner:2017'], 'chausse:2010'],
      [['zeileisEconometricComputingHC2004', 'hothornLegoSystemConditional2006', 'burknerBrmsPackageBayesian2017'], 'chausseComputingGeneralizedMethod2010'],
      [['paper-one', 'paper-two', 'misc3'], 'chausse2010computing'],
    ];
    for (const [keys, expected] of cases) {
      const result = bibEntryFor(gmm, scanBib(bibOf(keyed(keys))).entries);
      assert.equal(result.kind === 'new' && result.key, expected, keys.join(' '));
    }
  });

  it('makes the key unique against existing keys, case-insensitively', () => {
    const bib = bibOf([
      ...keyed(['zeileis2004econometric', 'hothorn2006lego', 'burkner2017brms']),
      ['Chausse2010computing', 'Other, A', '2010', 'Computing things'],
    ]);
    const result = bibEntryFor(gmm, scanBib(bib).entries);
    assert.equal(result.kind === 'new' && result.key, 'chausse2010computinga');
  });

  it('never duplicates: the same DOI or the same title and year means the existing key', () => {
    const bib = `@article{theirs,\n  title = {Computing {G}eneralized Method of Moments with {R}},\n  year = 2010,\n  doi = {https://doi.org/10.18637/JSS.V034.I11}\n}\n`;
    assert.deepEqual(bibEntryFor({ ...gmm, doi: field('10.18637/jss.v034.i11') }, scanBib(bib).entries), {
      kind: 'existing',
      key: 'theirs',
      line: 1,
      matchedBy: 'doi',
    });
    assert.deepEqual(bibEntryFor(gmm, scanBib(bib).entries), { kind: 'existing', key: 'theirs', line: 1, matchedBy: 'title' });
    const laterEdition = bibEntryFor({ ...gmm, year: field(2019) }, scanBib(bib).entries);
    assert.equal(laterEdition.kind, 'new');
  });

  it('writes the entry as the user writes theirs: alignment, type case, and case protection only if they use it', () => {
    const aligned =
      '@Article{zeileis2004econometric,\n  author  = {Zeileis, Achim},\n  title   = {Econometric Computing with {HC} and {HAC} Covariance Matrix Estimators},\n  journal = {Journal of Statistical Software},\n  year    = {2004},\n  file    = {:econometrics/sandwich.pdf:PDF}\n}\n';
    const result = bibEntryFor(
      {
        ...gmm,
        authors: field([
          { family: 'Chaussé', given: 'Pierre' },
          { family: 'Grün', given: 'Bettina' },
        ]),
      },
      scanBib(aligned).entries,
      {
        pdfFromBib: 'econometrics/chausse-2010-gmm-gel.pdf',
      },
    );
    assert.equal(
      result.kind === 'new' && result.text,
      '@Article{chausse2010computing,\n  author  = {Chauss{\\\'e}, Pierre and Gr{\\"u}n, Bettina},\n  title   = {Computing Generalized Method of Moments with {R}},\n  journal = {Journal of Statistical Software},\n  year    = {2010},\n  file    = {:econometrics/chausse-2010-gmm-gel.pdf:PDF}\n}\n',
    );
    const unprotected = bibOf(keyed(['zeileis2004econometric', 'hothorn2006lego', 'burkner2017brms']), (t) => t.replace(/[{}]/g, ''));
    const plainResult = bibEntryFor(record('GMM & GEL in R: 50% faster', [{ family: 'Chaussé', given: 'Pierre' }], 2010), scanBib(unprotected).entries);
    assert.equal(
      plainResult.kind === 'new' && plainResult.text,
      "@misc{chausse2010gmm,\n  author = {Chauss{\\'e}, Pierre},\n  title = {GMM \\& GEL in R: 50\\% faster},\n  year = {2010}\n}\n",
    );
  });

  it('chooses the entry type from the venue', () => {
    const types = [
      'Journal of Statistical Software',
      'Proceedings of the useR! Conference',
      'PhD thesis, University of Vienna',
      'Technical Report 42, WU Wien',
      'package vignette',
    ].map((venue) => {
      const result = bibEntryFor(record('A Title', [{ family: 'Doe', given: 'J' }], 2001, { venue: field(venue) }), []);
      return result.kind === 'new'
        ? /^@(\w+)\{[^\n]*\n(?:.*\n)*?\s*(journal|booktitle|school|institution|howpublished)/.exec(result.text)!.slice(1).join(' ')
        : '';
    });
    assert.deepEqual(types, ['article journal', 'inproceedings booktitle', 'phdthesis school', 'techreport institution', 'misc howpublished']);
  });

  it('appends after one blank line, and says when a record has no title', () => {
    assert.equal(withEntry('@misc{a}\n\n\n', '@misc{b}\n'), '@misc{a}\n\n@misc{b}\n');
    assert.deepEqual(bibEntryFor({ path: 'scan.pdf' }, []), { kind: 'no-title', path: 'scan.pdf' });
  });
});

describe('manuscript: reading a .bib as written', () => {
  it('reads keys, raw fields, @string concatenation and parenthesised entries; reports an entry never closed and reads the rest', () => {
    const bib =
      '@string{jss = "Journal of Statistical Software"}\n@article{a,\n  title = "A {B} c",\n  journal = jss # { 11},\n  year = 2004,\n}\n@book(b, title = {Paren})\n@article{broken,\n  title = {Never closed\n@misc{c, title={Still read}}\n';
    const scan = scanBib(bib);
    assert.deepEqual(
      scan.entries.map((e) => [e.key, e.line, e.fields]),
      [
        ['a', 2, { title: 'A {B} c', journal: 'jss 11', year: '2004' }],
        ['b', 7, { title: 'Paren' }],
        ['c', 10, { title: 'Still read' }],
      ],
    );
    assert.deepEqual(scan.problems, [{ line: 8, message: '@article entry is never closed with }: it is skipped' }]);
  });

  it('escapes text for LaTeX and reads it back', () => {
    assert.equal(toLatex('Chaussé, Grün & Køll: 50% of $x_1$ – “ok”'), "Chauss{\\'e}, Gr{\\\"u}n \\& K{\\o}ll: 50\\% of \\$x\\_1\\$ -- ``ok''");
    assert.equal(fromLatex('Chauss{\\\'e} and Fran{\\c{c}}ois, K{\\o}ll, \\"{u}ber'), 'Chaussé and François, Køll, über');
  });
});
