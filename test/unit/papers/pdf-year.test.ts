import assert from 'node:assert/strict';
import type { PageSpec } from '../../support/pdfs';
import { BODY, fieldsOf, titlePage } from './paperPdf';

const AUTHORS = [{ name: 'Achim Zeileis', affiliation: 'Universität Innsbruck' }];
const TITLE = ['Econometric Computing with HC and HAC', 'Covariance Matrix Estimators'];

/** Page 2 ending in a reference list full of other years. */
const REFERENCES: PageSpec = {
  placed: [
    { text: 'References', size: 14.3, y: 80, x: 50, bold: true },
    { text: 'Andrews DWK (1991). Heteroskedasticity and Autocorrelation Consistent Covariance', size: 10.9, y: 100, x: 50 },
    { text: 'Zeileis A (2010). Object-Oriented Computation of Sandwich Estimators. Journal of', size: 10.9, y: 114, x: 50 },
    { text: 'Statistical Software, 16(9), 1-16.', size: 10.9, y: 128, x: 50 },
    { text: 'Zeileis A (2012), a previous version of this paper, was published in Statistica Neerlandica.', size: 10.9, y: 142, x: 50 },
  ],
};

describe('a PDF paper record: the publication year, and only that', function () {
  this.timeout(30_000);

  it('a citation note\'s year is taken ("a modified version of Zeileis (2004), published in …"), not the years of other works cited or listed', async () => {
    const fields = await fieldsOf([
      titlePage({
        title: TITLE,
        authors: AUTHORS,
        abstract: [
          'This introduction to the R package sandwich is a (slightly) modified version of Zeileis',
          '(2004), published in the Journal of Statistical Software. A follow-up paper on object',
          'oriented computation of sandwich estimators is available in (Zeileis 2006b).',
        ],
      }),
      REFERENCES,
    ]);
    assert.deepEqual(fields.year, { value: 2004, source: 'page-text', confidence: 0.85, from: 'citation note, page 1' });
    assert.equal(fields.venue?.value, 'Journal of Statistical Software');
  });

  it('a reference list is about other works: a note-like entry there ("a previous version of this paper was published") gives no year', async () => {
    const fields = await fieldsOf([titlePage({ title: TITLE, authors: AUTHORS, abstract: BODY.slice(0, 2) }), REFERENCES]);
    assert.equal(fields.year, undefined);
  });

  it('a note about another work ("a companion paper to Zeileis, Meyer, and Hornik (2007)") gives no year', async () => {
    const fields = await fieldsOf([
      titlePage({
        title: ['Residual-Based Shadings in vcd'],
        authors: AUTHORS,
        abstract: [
          'This vignette is a companion paper to Zeileis, Meyer, and Hornik (2007) which was',
          'published in the Journal of Computational and Graphical Statistics.',
        ],
      }),
      REFERENCES,
    ]);
    assert.equal(fields.year, undefined);
  });

  it("a vignette's build date under the authors (the day the file was made) is not the year; an older date line is", async () => {
    const page = (date: string) => titlePage({ title: ['Using Time Dependent Covariates'], authors: AUTHORS, under: [date], abstract: BODY.slice(0, 2) });
    const built = new Date('2023-02-06T08:06:30Z');
    const buildDate = await fieldsOf([page('February 6, 2023')], { info: { creationDate: built, modDate: built } });
    assert.equal(buildDate.year, undefined);
    const written = await fieldsOf([page('May 18, 2008')], { info: { creationDate: built, modDate: built } });
    assert.deepEqual(written.year, { value: 2008, source: 'page-text', confidence: 0.7, from: 'date line, page 1' });
  });

  it('a journal header\'s volume line gives the year ("July 2008, Volume 27, Issue 3.")', async () => {
    const fields = await fieldsOf([
      titlePage({
        header: [
          { text: 'Journal of Statistical Software', size: 27.9, y: 115, x: 202 },
          { text: 'July 2008, Volume 27, Issue 3.', size: 10, y: 137, x: 188 },
        ],
        title: ['Automatic Time Series Forecasting'],
        authors: [{ name: 'Rob J Hyndman', affiliation: 'Monash University' }],
        under: ['January 1, 2023'],
        abstract: BODY.slice(0, 2),
      }),
    ]);
    assert.deepEqual(fields.year, { value: 2008, source: 'page-text', confidence: 0.9, from: 'journal header, page 1' });
  });

  it("a preprint's note gives the year of its copyright line", async () => {
    const fields = await fieldsOf([
      titlePage({
        title: ['A Lego System for Conditional Inference'],
        authors: AUTHORS,
        abstract: [
          'This is a preprint of an article published in The American Statistician, Volume 60,',
          'Number 3, Pages 257-263. Copyright © 2006 American Statistical Association.',
        ],
      }),
    ]);
    assert.deepEqual(fields.year, { value: 2006, source: 'page-text', confidence: 0.8, from: 'copyright line, page 1' });
    assert.equal(fields.venue?.value, 'The American Statistician');
  });

  it('a publication note with a month and year gives the year ("published online … on Oct. 2015"); a build stamp\'s date does not', async () => {
    const note = (sentence: string) =>
      fieldsOf([
        titlePage({ title: ['Fitting Linear Mixed-Effects Models'], authors: [{ name: 'Douglas Bates' }], abstract: [sentence, ...BODY.slice(0, 1)] }),
      ]);
    const published = await note('A version of this manuscript has been published online in the JSS, on Oct. 2015.');
    assert.deepEqual(published.year, { value: 2015, source: 'page-text', confidence: 0.8, from: 'publication note, page 1' });
    const typeset = await note('This vignette corresponds to the paper published in the JSS; this version was typeset on Oct. 2022.');
    assert.equal(typeset.year, undefined);
  });

  it("a published article's own lines give its year: the publication date under the byline, else the copyright in its foot", async () => {
    const article = (under: string[], foot: string) =>
      fieldsOf([
        {
          placed: [
            ...titlePage({ title: ['Model-Based Recursive Partitioning'], authors: AUTHORS, under, abstract: BODY.slice(0, 2) }).placed,
            { text: foot, size: 8, y: 800, x: 50 },
          ],
        },
      ]);
    const published = await article(['Received: 12 March 2007 / Published online: 20 June 2008'], '© Springer-Verlag 2008');
    assert.deepEqual(published.year, { value: 2008, source: 'page-text', confidence: 0.8, from: 'publication date, page 1' });
    const copyright = await article([], '© Springer-Verlag 2005');
    assert.deepEqual(copyright.year, { value: 2005, source: 'page-text', confidence: 0.75, from: 'copyright line, page 1' });
    const range = await article([], 'Copyright © 1999-2023 Free Software Foundation');
    assert.equal(range.year, undefined, 'a range of years is no publication year');
  });
});
