import assert from 'node:assert/strict';
import { judgeKey } from '../../../src/core/manuscript/check/judgeCitation';
import { claimOf } from '../../../src/core/manuscript/check/passageSupport';
import { THRESHOLDS, verdictOf } from '../../../src/core/manuscript/check/verdict';

const names = { keyForPath: () => null, pageLabel: (_path: string, page: number) => String(page) };

// Hyndman and Khandakar (2008), pp. 3 and 10, as pdftotext reads them.
const specialCases = {
  path: 'forecast.pdf',
  page: 3,
  text: [
    'To use method (1), we need values for the initial states and for the smoothing parameters α, β∗ and γ. All of these will be estimated from the observed data.',
    'Table 2 gives recursive formulae for computing point forecasts h periods ahead for all of the exponential smoothing methods. Some interesting special cases can be obtained by setting the smoothing parameters to extreme values. For example, if α = 0, the level is constant over time; if β∗ = 0, the slope is constant over time; and if γ = 0, the seasonal pattern is constant over time. At the other extreme, naïve forecasts are obtained using the (N,N) method with α = 1. Finally, the additive and multiplicative trend methods are special cases of their damped counterparts obtained by letting ϕ = 1.',
  ].join('\n'),
};
const unitRoot = {
  path: 'forecast.pdf',
  page: 10,
  text: [
    'We note in passing that the null hypothesis for the Canova-Hansen test is not an ARIMA model as it includes seasonal dummy terms. It is a test for whether the seasonal pattern changes sufficiently over time to warrant a seasonal unit root, or whether a stable seasonal pattern modelled using fixed dummy variables is more appropriate.',
    'If a stable seasonal pattern is selected (i.e., the null hypothesis is not rejected), the seasonality is effectively handled by stationary seasonal AR and MA terms. After D is selected, we choose d by applying successive KPSS unit-root tests to the seasonally differenced data (if D = 1) or the original data (if D = 0).',
  ].join('\n'),
};
// The table's caption on p. 4, next to the cited page: it holds a little of the sentence and sets no value.
const table = {
  path: 'forecast.pdf',
  page: 4,
  text: 'Table 2: Formulae for recursive calculations and point forecasts. In each case, ℓt denotes the series level at time t, bt denotes the slope at time t, st denotes the seasonal component of the series at time t, and m denotes the number of seasons in a year.',
};
// Other pages of the paper that set and estimate parameters (pp. 5, 7, 8): they make "smoothing", "parameter" and "set" common words of it.
const rest = [
  {
    page: 5,
    text: 'Let µt denote the one-step forecast of yt assuming that we know the values of all parameters. We simplify the last expression by setting β = αβ∗.',
  },
  {
    page: 7,
    text: 'In order to use these models for forecasting, we need to know the values of x0 and the parameters α, β, γ and ϕ, setting εn+j = 0 for j = 1.',
  },
  {
    page: 8,
    text: 'For each series, apply all models that are appropriate, optimizing the parameters (both smoothing parameters and the initial state variable) of the model in each case.',
  },
].map((page) => ({ path: 'forecast.pdf', ...page }));
const other = { path: 'b.pdf', page: 1, text: 'An unrelated page about plotting survival curves.' };

describe("manuscript check: a value set otherwise in the cited page's clause that states its effect", () => {
  it('contradicts "set to one" with the clause "if γ = 0, the seasonal pattern is constant over time", not supported on a page about seasonal unit roots', () => {
    const claim = claimOf('With the seasonal smoothing parameter set to one, the seasonal pattern stays fixed over time.');
    const verdict = verdictOf(judgeKey(claim, [specialCases, unitRoot], [other], [3]), THRESHOLDS, names, true);
    assert.equal(verdict.verdict, 'contradicted');
    assert.equal(verdict.cause, 'number-differs');
    assert.match(verdict.reason, /p\. 3 gives 0 where the sentence says one/);
  });

  it("contradicts it too when the cited page's neighbour, setting nothing, is the closest page of the window and a page elsewhere holds more of its words", () => {
    const claim = claimOf('With the seasonal smoothing parameter set to one, the seasonal pattern stays fixed over time.');
    const judgement = judgeKey(claim, [specialCases, table, ...rest, unitRoot], [other], [3]);
    assert.equal(judgement.cited?.passage.page, 4, "the neighbour is the window's closest page without a missing fact");
    assert.ok(judgement.best && judgement.best.passage.page === 10 && judgement.best.coverage > judgement.contradicting!.coverage);
    const verdict = verdictOf(judgement, THRESHOLDS, names, true);
    assert.equal(verdict.verdict, 'contradicted');
    assert.match(verdict.reason, /p\. 3 gives 0 where the sentence says one/);
  });

  it('holds the sentence that sets the value the clause gives', () => {
    const claim = claimOf('With the seasonal smoothing parameter set to zero, the seasonal pattern stays fixed over time.');
    assert.equal(verdictOf(judgeKey(claim, [specialCases, unitRoot], [other], [3]), THRESHOLDS, names, true).verdict, 'supported');
  });

  it('does not ask a page to state a set value that no clause of it sets otherwise (the writer may take it from another page)', () => {
    const claim = claimOf('The damped trend methods contain the additive and multiplicative trend methods, with the damping parameter set to one.');
    const page = { ...specialCases, text: specialCases.text.replace('by letting ϕ = 1', 'by letting the damping parameter go to its upper bound') };
    assert.equal(verdictOf(judgeKey(claim, [page, unitRoot], [other], [3]), THRESHOLDS, names, true).verdict, 'supported');
  });
});
