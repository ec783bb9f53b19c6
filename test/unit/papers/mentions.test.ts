import assert from 'node:assert/strict';
import { mentionIndex, papersNamedBy } from '../../../src/core/papers/mentions';
import type { Author, PaperRecord } from '../../../src/core/papers/record';

const f = <T>(value: T) => ({ value, source: 'bib' as const, confidence: 1 });
const people = (...names: string[]): Author[] =>
  names.map((n) => {
    const parts = n.split(' ');
    return { family: parts.at(-1)!, given: parts.slice(0, -1).join(' ') };
  });
const paper = (path: string, title: string, authors: Author[], year?: number, citekey?: string): PaperRecord => ({
  path,
  title: f(title),
  authors: f(authors),
  ...(year ? { year: f(year) } : {}),
  ...(citekey ? { citekey: f(citekey) } : {}),
});

const library = mentionIndex([
  paper(
    'gmm.pdf',
    'Computing Generalized Method of Moments and Generalized Empirical Likelihood with R',
    [{ family: 'Chaussé', given: 'Pierre' }],
    2010,
    'chausse2010computing',
  ),
  paper('sandwich.pdf', 'Econometric Computing with HC and HAC Covariance Matrix Estimators', people('Achim Zeileis'), 2004, 'zeileis2004econometric'),
  paper('sandwich-2006.pdf', 'Object-Oriented Computation of Sandwich Estimators', people('Achim Zeileis'), 2006),
  paper(
    'vvv.pdf',
    'Various Versatile Variances: An Object-Oriented Implementation of Clustered Covariances in R',
    people('Achim Zeileis', 'Susanne Köll', 'Nathaniel Graham'),
    2020,
  ),
  paper('lego.pdf', 'A Lego System for Conditional Inference', people('Torsten Hothorn', 'Kurt Hornik', 'Mark van de Wiel', 'Achim Zeileis'), 2006),
  paper('ctree.pdf', 'ctree: Conditional Inference Trees', people('Torsten Hothorn', 'Kurt Hornik', 'Achim Zeileis')),
  paper('westfall.pdf', 'Simultaneous Inference in General Parametric Models', people('Torsten Hothorn', 'Frank Bretz', 'Peter Westfall'), 2008),
  paper('tsp.pdf', 'TSP: Infrastructure for the Traveling Salesperson Problem', people('Michael Hahsler', 'Kurt Hornik'), 2007),
  paper(
    'seriation.pdf',
    'Getting Things in Order: An Introduction to the R Package seriation',
    people('Michael Hahsler', 'Kurt Hornik', 'Christian Buchta'),
    2008,
  ),
  paper('rcppeigen.pdf', 'Fast and Elegant Numerical Linear Algebra Using the RcppEigen Package', people('Douglas Bates', 'Dirk Eddelbuettel'), 2013),
  paper('brms-2017.pdf', 'brms: An R Package for Bayesian Multilevel Models Using Stan', people('Paul Bürkner'), 2017),
  paper('brms-2018.pdf', 'Advanced Bayesian Multilevel Modeling with the R Package brms', people('Paul Bürkner'), 2018),
  paper('forecast.pdf', 'Automatic Time Series Forecasting: The forecast Package for R', people('Rob Hyndman', 'Yeasmin Khandakar'), 2008),
  paper('mob.pdf', 'Parties, Models, Mobsters: A New Implementation of Model-Based Recursive Partitioning in R', people('Achim Zeileis', 'Torsten Hothorn')),
  paper('R-intro.pdf', 'An Introduction to R', []),
  paper('kernlab.pdf', 'kernlab – An S4 Package for Kernel Methods in R', people('Alexandros Karatzoglou', 'Alex Smola'), 2004),
]);

const named = (question: string) => papersNamedBy(question, library).map((m) => [m.path, m.kind]);

describe('papers: which papers a question names', () => {
  it('author and year, with or without accents, parentheses or "et al."', () => {
    assert.deepEqual(named('Chaussé (2010): which kernel does gmm use?'), [['gmm.pdf', 'author-year']]);
    assert.deepEqual(named('chausse 2010 kernel'), [['gmm.pdf', 'author-year']]);
    assert.deepEqual(named('How many bootstrap samples in Zeileis et al. 2020?'), [['vvv.pdf', 'author-year']]);
    assert.deepEqual(named('What does Zeileis (2004) recommend?'), [['sandwich.pdf', 'author-year']]);
  });

  it('one name with several years names each of its papers: "Zeileis (2004 and 2006)", "Zeileis 2004, 2006"', () => {
    const both = [
      ['sandwich.pdf', 'author-year'],
      ['sandwich-2006.pdf', 'author-year'],
    ];
    assert.deepEqual(named('According to the two sandwich papers by Zeileis (2004 and 2006), which HC type is the default?').sort(), both.sort());
    assert.deepEqual(named('Zeileis 2004, 2006: what meat does sandwich() use?').sort(), both.sort());
    // A year after the list's end is no part of it.
    assert.deepEqual(named('What does Zeileis (2004) recommend for the 2006 data?'), [['sandwich.pdf', 'author-year']]);
  });

  it('"Newey and West (1987)" names no paper of the library: whole names, first author only', () => {
    assert.deepEqual(named('What weights did Newey and West (1987) propose?'), []);
  });

  it('co-authors the record lacks rule it out: "Hahsler, Hornik & Buchta" is not the TSP paper', () => {
    assert.deepEqual(named("Which method was slowest in Hahsler, Hornik & Buchta's table?"), [['seriation.pdf', 'author']]);
  });

  it('a year the record contradicts rules it out; a record with no year stays a weaker candidate', () => {
    const found = papersNamedBy('What did Hothorn et al. (2006) propose?', library);
    assert.deepEqual(
      found.map((m) => [m.path, m.kind]),
      [
        ['lego.pdf', 'author-year'],
        ['ctree.pdf', 'author'],
      ],
    );
    assert.ok(found[0]!.strength > found[1]!.strength);
  });

  it('a citekey, with or without @', () => {
    assert.deepEqual(named('In @zeileis2004econometric, which HC type is the default?'), [['sandwich.pdf', 'citekey']]);
    assert.deepEqual(named('chausse2010computing: the kernel?'), [['gmm.pdf', 'citekey']]);
  });

  it('a citekey in any case, as a whole word only, also with letters that fold onto ASCII ones', () => {
    assert.deepEqual(named('In @Zeileis2004Econometric, which HC type is the default?'), [['sandwich.pdf', 'citekey']]);
    // The long s and the Kelvin sign fold onto "s" and "k" in a case-insensitive match.
    assert.deepEqual(named('chau\u017f\u017fe2010computing: the kernel?'), [['gmm.pdf', 'citekey']]);
    assert.deepEqual(named('xzeileis2004econometric, which HC type?'), []);
    const keyed = mentionIndex([
      paper('m.pdf', 'Ein Titel', people('Jonas Müller'), 2019, 'Müller2019titel'),
      paper('caret.pdf', 'Building Predictive Models', people('Max Kuhn'), 2008, 'kuhn2008building'),
    ]);
    const kinds = (question: string) => papersNamedBy(question, keyed).map((m) => [m.path, m.kind]);
    assert.deepEqual(kinds('what does MÜLLER2019TITEL say?'), [['m.pdf', 'citekey']]);
    assert.deepEqual(kinds('what does \u212auhn2008building say?'), [['caret.pdf', 'citekey']]);
  });

  it('a quoted title, a title spelt like code, most of a title', () => {
    assert.deepEqual(named('In "Parties, Models, Mobsters", which groups are found?'), [['mob.pdf', 'title']]);
    assert.deepEqual(named('What does the RcppEigen paper say about solvers?'), [['rcppeigen.pdf', 'title']]);
    // The word before a title's colon or dash is its name.
    assert.deepEqual(named('How does the kernlab paper choose sigma?'), [['kernlab.pdf', 'title']]);
    assert.deepEqual(named('the lego system for conditional inference: what is it?')[0], ['lego.pdf', 'title']);
  });

  it('a title of common words written out in full, as a title', () => {
    const found = papersNamedBy('According to An Introduction to R, what happens to vectors of different lengths?', library);
    assert.deepEqual(
      found.map((m) => [m.path, m.kind]),
      [['R-intro.pdf', 'title']],
    );
    assert.ok(found[0]!.words.includes('introduction') && found[0]!.words.includes('r'));
    // In running text the same words name no book.
    assert.deepEqual(named('is there an introduction to r for beginners?'), []);
  });

  it('the package a title presents names it when the question calls it a paper or a package', () => {
    assert.deepEqual(named('Which packages do the two brms papers compare brms against?').sort(), [
      ['brms-2017.pdf', 'title'],
      ['brms-2018.pdf', 'title'],
    ]);
    assert.deepEqual(named('What does the forecast package do with seasonal series?'), [['forecast.pdf', 'title']]);
    // Alone, the word is a word: it names nothing.
    assert.deepEqual(named('How does auto.arima forecast seasonal series?'), []);
  });

  it('the words that named the paper are reported, for search to leave out', () => {
    const [m] = papersNamedBy('Chaussé (2010): which kernel?', library);
    assert.ok(m!.words.includes('chaussé') && m!.words.includes('chausse') && m!.words.includes('2010'));
    assert.ok(!m!.words.includes('kernel'));
  });

  it('a family name that is also a word names nothing unless it reads as a name', () => {
    const words = mentionIndex([paper('young.pdf', 'Mixture Models', people('Derek Young'), 2009)]);
    assert.deepEqual(papersNamedBy('what happens to young trees?', words), []);
    assert.deepEqual(
      papersNamedBy('what does Young (2009) say?', words).map((m) => m.path),
      ['young.pdf'],
    );
  });
});
