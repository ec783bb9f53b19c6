import assert from 'node:assert/strict';
import { judgeKey } from '../../../src/core/manuscript/check/judgeCitation';
import { claimOf } from '../../../src/core/manuscript/check/passageSupport';
import { THRESHOLDS, verdictOf } from '../../../src/core/manuscript/check/verdict';

const names = { keyForPath: () => null, pageLabel: (_path: string, page: number) => String(page) };

// Zeileis, Hothorn and Hornik, "party with the mob" (pp. 2, 3 and 11), as pdftotext reads them.
const algorithm = {
  path: 'mob.pdf',
  page: 2,
  text: 'The basic idea is to grow a tree in which every node is associated with a model of type M. To assess whether splitting of the node is necessary a fluctuation test for parameter instability is performed. If there is significant instability with respect to any of the partitioning variables Zj, the node is splitted into B locally optimal segments (currently only B = 2 is implemented) and then the procedure is repeated in each of the B children. If no more significant instabilities can be found, the recursion stops.',
};
const splitting = {
  path: 'mob.pdf',
  page: 3,
  text: 'In this step, the observation in the current node are split with respect to the chosen partitioning variable Zj∗ into B child nodes. Currently, the infrastructure in party only supports binary splits, i.e., B = 2. For determining the split point, an exhaustive search procedure is adopted: For each conceivable split point, the B child node models are fit and the split associated with the minimal value of the objective function Ψ is chosen.',
};
const example = {
  path: 'mob.pdf',
  page: 11,
  text: 'The model is estimated by ML employing the glinearModel, the instability is assessed using a Bonferroni-corrected significance level of α = 0.05 and the nodes are split with a required minimal segment size of 20 observations. Hence, all control parameters correspond to the default values in mob_control(). The model tree distinguishes three different groups.',
};
const other = { path: 'b.pdf', page: 1, text: 'An unrelated page about plotting survival curves.' };

describe('manuscript check: a count the page names by a symbol and gives apart ("B locally optimal segments", "B = 2")', () => {
  it('contradicts "split into three segments" with the symbol\'s value, not supported on a page with "three different groups"', () => {
    const claim = claimOf('Each node is split into three segments by default, with the split points found by exhaustive search.');
    const verdict = verdictOf(judgeKey(claim, [algorithm, splitting, example], [other]), THRESHOLDS, names, true);
    assert.equal(verdict.verdict, 'contradicted');
    assert.match(verdict.reason, /p\. 2 gives 2 where the sentence says three/);
  });

  it('holds the count the symbol is given', () => {
    const claim = claimOf('Each node is split into two segments by default, with the split points found by exhaustive search.');
    assert.equal(verdictOf(judgeKey(claim, [algorithm, splitting, example], [other]), THRESHOLDS, names, true).verdict, 'supported');
  });

  it('reads no count from a symbol the page gives several values ("B = 2" here, "B = 3" there)', () => {
    const claim = claimOf('Each node is split into three segments by default, with the split points found by exhaustive search.');
    const several = { ...algorithm, text: `${algorithm.text} With B = 3 the search takes much longer.` };
    const verdict = verdictOf(judgeKey(claim, [several, example], [other]), THRESHOLDS, names, true);
    assert.notEqual(verdict.cause, 'number-differs');
  });
});
