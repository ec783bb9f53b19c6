import assert from 'node:assert/strict';
import { BODY, fieldsOf, titlePage } from './paperPdf';

const AUTHORS = [
  { name: 'Torsten Hothorn', affiliation: 'Universität Zürich' },
  { name: 'Kurt Hornik', affiliation: 'WU Wien' },
  { name: 'Achim Zeileis', affiliation: 'Universität Innsbruck' },
];
const families = (fields: Awaited<ReturnType<typeof fieldsOf>>) => fields.authors?.value.map((author) => author.family);

describe('a PDF paper record: title and authors from page 1', function () {
  this.timeout(30_000);

  it('the title is the largest text near the top, joined across its lines; a journal banner above it is not the title', async () => {
    const fields = await fieldsOf([
      titlePage({
        header: [
          { text: 'Research report 2008/3 of the Department of Econometrics', size: 9, y: 60, x: 81 },
          { text: 'JSS', size: 10.9, y: 120, x: 81 },
          { text: 'Journal of Statistical Software', size: 27.9, y: 115, x: 202 },
          { text: 'July 2008, Volume 27, Issue 3.', size: 10, y: 137, x: 188 },
        ],
        title: ['Automatic Time Series Forecasting:', 'the forecast Package for R'],
        authors: [
          { name: 'Rob J Hyndman', affiliation: 'Monash University' },
          { name: 'Yeasmin Khandakar', affiliation: 'Monash University' },
        ],
        abstract: ['Automatic forecasts of large numbers of univariate time series are often needed.'],
      }),
    ]);
    assert.equal(fields.title?.value, 'Automatic Time Series Forecasting: the forecast Package for R');
    assert.equal(fields.title?.from, 'page 1');
    assert.equal(fields.venue?.value, 'Journal of Statistical Software');
    assert.deepEqual(fields.authors?.value, [
      { family: 'Hyndman', given: 'Rob J' },
      { family: 'Khandakar', given: 'Yeasmin' },
    ]);
  });

  it('authors are the names between the title and the abstract, in the page order; affiliations and e-mail addresses are not names; particles stay with the family name', async () => {
    const fields = await fieldsOf([
      titlePage({
        // Three capitalised words read like a name: the title is not part of the front matter.
        title: ['Regularized Cox Regression'],
        authors: [
          { name: 'Paul-Christian Bürkner', affiliation: 'Aalto University' },
          { name: 'Mark A. van de Wiel', affiliation: 'Vrije Universiteit Amsterdam' },
          { name: 'Pierre Chauss´e', affiliation: 'University of Waterloo' },
        ],
        // A second row: a name, and an institution set in the names' font and size.
        secondRow: [{ name: 'Rob J Hyndman', affiliation: 'Monash University' }, { name: 'Debian Project' }],
        // In the names' size: an affiliation and an address.
        under: ['R Core Team', 'Mark.vandeWiel@example.org'],
        abstract: ['The R package coin implements a unified approach to permutation tests.'],
      }),
    ]);
    assert.deepEqual(fields.authors?.value, [
      { family: 'Bürkner', given: 'Paul-Christian' },
      { family: 'van de Wiel', given: 'Mark A.' },
      // OT1 sets the accent before its letter ("Chauss´e"): one letter again.
      { family: 'Chaussé', given: 'Pierre' },
      { family: 'Hyndman', given: 'Rob J' },
    ]);
    assert.equal(fields.authors?.from, 'page 1');
  });

  it('an Info title that drops a word (mixtools) does not replace the page title; one that agrees raises its confidence', async () => {
    const page = titlePage({
      title: ['mixtools: An R Package for Analyzing Finite', 'Mixture Models'],
      authors: [{ name: 'Tatiana Benaglia', affiliation: 'Pennsylvania State University' }],
      abstract: ['The mixtools package for R provides a set of functions for analyzing mixture models.'],
    });
    const stale = await fieldsOf([page], { title: 'mixtools: An R Package for Analyzing Mixture Models' });
    assert.equal(stale.title?.value, 'mixtools: An R Package for Analyzing Finite Mixture Models');
    assert.equal(stale.title?.source, 'page-text');
    const agreeing = await fieldsOf([page], { title: 'mixtools: An R Package for Analyzing Finite Mixture Models' });
    assert.ok(agreeing.title!.confidence > stale.title!.confidence, `${agreeing.title?.confidence} > ${stale.title?.confidence}`);
  });

  it('Info authors in another order (party) do not reorder the page: the page order is kept, confirmed by Info', async () => {
    const fields = await fieldsOf([titlePage({ title: ['party: A Laboratory for Recursive Partytioning'], authors: AUTHORS, abstract: BODY.slice(0, 1) })], {
      info: { author: 'Achim Zeileis, Torsten Hothorn, Kurt Hornik' },
    });
    assert.deepEqual(families(fields), ['Hothorn', 'Hornik', 'Zeileis']);
    assert.equal(fields.authors?.source, 'page-text');
    assert.equal(fields.authors?.confidence, 0.95);
  });

  it('a junk Info title ("Microsoft Word - draft3.doc") is ignored; a plausible one fills in when the page has no recognisable title', async () => {
    const noTitle = { placed: BODY.map((text, index) => ({ text, size: 10.9, y: 80 + index * 13.6, x: 50 })) };
    const junk = await fieldsOf([noTitle], { title: 'Microsoft Word - draft3.doc', info: { author: 'jdoe' } });
    assert.equal(junk.title, undefined);
    assert.equal(junk.authors, undefined);
    const plausible = await fieldsOf([noTitle], { title: 'Conditional Inference Trees in Practice' });
    assert.deepEqual(plausible.title, { value: 'Conditional Inference Trees in Practice', source: 'pdf-metadata', confidence: 0.6, from: 'Info Title' });
  });

  it('a page of body text with no title set apart gets no title, not its first line', async () => {
    const fields = await fieldsOf([{ placed: [...BODY, ...BODY].map((text, index) => ({ text, size: 10.9, y: 80 + index * 13.6, x: 50 })) }]);
    assert.equal(fields.title, undefined);
    assert.equal(fields.authors, undefined);
  });

  it('a title in capitals no larger than the body (an old report) is still found, and read in title case', async () => {
    const fields = await fieldsOf([
      {
        placed: [
          { text: 'QUANTILE REGRESSION IN R: A VIGNETTE', size: 10, y: 158, x: 'centre' },
          { text: 'ROGER KOENKER', size: 8, y: 188, x: 'centre' },
          ...BODY.map((text, index) => ({ text, size: 10, y: 300 + index * 12, x: 50 })),
        ],
      },
    ]);
    assert.equal(fields.title?.value, 'Quantile Regression in R: A Vignette');
    assert.deepEqual(fields.authors?.value, [{ family: 'Koenker', given: 'Roger' }]);
  });

  it('a short line right under the title, larger than the body and not names, is its subtitle', async () => {
    const fields = await fieldsOf([
      {
        placed: [
          { text: 'Support Vector Machines', size: 17.2, y: 178, x: 'centre', bold: true },
          { text: '*', size: 12, y: 171, x: 390 },
          { text: 'The Interface to libsvm in package e1071', size: 12, y: 192, x: 'centre' },
          { text: 'by David Meyer', size: 12, y: 220, x: 'centre' },
          { text: 'FH Technikum Wien, Austria', size: 12, y: 234, x: 'centre' },
          ...BODY.map((text, index) => ({ text, size: 10, y: 300 + index * 12, x: 50 })),
        ],
      },
    ]);
    assert.equal(fields.title?.value, 'Support Vector Machines: The Interface to libsvm in package e1071');
    assert.deepEqual(fields.authors?.value, [{ family: 'Meyer', given: 'David' }]);
  });

  it('a title page with nothing but title, author and date: the body size is read from the next page, so the title still stands out', async () => {
    const fields = await fieldsOf([
      {
        placed: [
          { text: 'Discrimination and Calibration', size: 17.2, y: 177, x: 'centre' },
          { text: 'Terry Therneau', size: 12, y: 205, x: 'centre' },
          { text: 'February 6, 2023', size: 12, y: 229, x: 'centre' },
        ],
      },
      { placed: BODY.map((text, index) => ({ text, size: 10, y: 80 + index * 12, x: 50 })) },
    ]);
    assert.equal(fields.title?.value, 'Discrimination and Calibration');
    assert.deepEqual(fields.authors?.value, [{ family: 'Therneau', given: 'Terry' }]);
  });

  it('names keep their own: an affiliation in brackets, footnote digits run into a name, and a society grade are dropped', async () => {
    const fields = await fieldsOf([
      titlePage({
        title: ['Recursive Partitioning for Heterogeneous Causal Effects'],
        under: ['Jane Doe1,2 (Stanford University), John Roe, Senior Member, IEEE, and Li Wei3'],
        abstract: BODY.slice(0, 2),
      }),
    ]);
    assert.deepEqual(
      fields.authors?.value.map((author) => author.family),
      ['Doe', 'Roe', 'Wei'],
    );
  });
});
