import assert from 'node:assert/strict';
import { holdsTable } from '../../../src/core/index/search/tables';

describe('tables in a passage, as PDF text gives them', () => {
  it('finds a table of labelled rows of numbers inside prose', () => {
    const rcpp = [
      '5The code is contained in the directory inst/examples/ConvolveBenchmarks in the Rcpp package.',
      'Implementation Time in millisec. Relative to R API',
      'R API (as benchmark) 218',
      'Rcpp sugar 145 0.67',
      'NumericVector::iterator 217 1.00',
      'NumericVector::operator[] 282 1.29',
      'Table 2: Run-time performance of the different convolution examples.',
    ].join('\n');
    assert.ok(holdsTable(rcpp));
    const alzheimer = ['Alzheimer Other dementias Other diagnoses', 'None 126 79 104', '<10 15 8 5', '10-20 30 33 47', '>20 27 44 20'].join('\n');
    assert.ok(holdsTable(alzheimer));
  });

  it('does not take prose, code or two lines of numbers for a table', () => {
    const prose = [
      'In 2004, 250 bootstrap samples were drawn for each of the 10 replications,',
      'and the 95% intervals covered the true value in 948 of 1000 runs.',
      'The defaults are R = 250 and type = "xy" (see Section 3.2).',
    ].join('\n');
    assert.ok(!holdsTable(prose));
    const code = ['vcovBS(x, cluster = NULL, R = 250, ..., fix = FALSE,', 'use = "pairwise.complete.obs", applyfun = NULL, cores = NULL)'].join('\n');
    assert.ok(!holdsTable(code));
    assert.ok(!holdsTable(['svm 2.76 3.14 3.27', 'randomForest 2.99 3.19 3.35', 'Table 2: Performance of both.'].join('\n')));
  });
});
