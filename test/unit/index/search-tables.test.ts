import assert from 'node:assert/strict';
import { holdsTable } from '../../../src/core/index/search/tables';

describe('tables in a passage, as PDF text gives them', () => {
  it('finds a table of labelled rows of numbers inside prose', () => {
    const benchmark = [
      'and SymmEig) are considerably faster than the others. The SymmEig method, using a rank-',
      'Method Relative Elapsed User Sys',
      'LDLt 1.00 1.18 1.17 0.00',
      'LLt 1.01 1.19 1.17 0.00',
      'SymmEig 2.76 3.25 2.70 0.52',
      'Table 2: lmBenchmark results on a desktop computer for the default size, 100, 000 × 40, full-',
    ].join('\n');
    assert.ok(holdsTable(benchmark));
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
