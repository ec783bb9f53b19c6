import assert from 'node:assert/strict';
import { buildRealIndex, type RealIndex } from '../../support/realIndex';
import { withTempDir } from '../../support/tempDir';
import { judgeAbsence, type AbsenceEvidence, type TermEvidence } from '../../../src/core/index/search/absence';
import { valueWords } from '../../../src/core/index/search/absenceCues';

/**
 * A benchmark whose answer only its table row gives, and one data set two papers analyse, each
 * paper its own part: the passages that answer them do not hold the question's words in one place.
 */
const DOCS: Record<string, string> = {
  'computing/eigen-benchmark.md': [
    '# Least squares in C++',
    '',
    'Several decompositions solve a least squares problem: the Cholesky factorisation of the cross-product, a QR decomposition with pivots, or a singular value decomposition when the model matrix is rank deficient.',
    '',
    '## Timings',
    '',
    'Table 2: timings in seconds',
    '',
    'LDLt 1.00 1.18',
    'LLt 1.01 1.19',
    'PivQR 7.15 8.41',
    'SVD 12.51 14.72',
    '',
  ].join('\n'),
  'travel/trains.md': [
    '# Trains',
    '',
    'The guide describes how the fastest train takes the long route along the coast, and the slowest one stops in every village.',
    '',
  ].join('\n'),
  'stats/ordinal-wine.md': [
    '# Cumulative link models',
    '',
    'The wine data record the bitterness of wine: temperature and contact with skin are the treatments, and a cumulative logit model fits the ordered ratings.',
    '',
  ].join('\n'),
  'notes/reading.md': ['# Reading list', '', 'A vignette is a short paper that comes with an R package and shows it at work.', ''].join('\n'),
  'stats/mixed-tasting.md': [
    '# Random effects for judges',
    '',
    'Judges differ in how they use the rating scale, so a random intercept per judge enters the tasting model and its variance is estimated by the Laplace approximation.',
    '',
  ].join('\n'),
};

const onIndex = (body: (index: RealIndex) => Promise<void>) => () =>
  withTempDir(async (dir) => {
    const index = await buildRealIndex(dir, DOCS);
    try {
      await body(index);
    } finally {
      index.close();
    }
  });

async function verdict(index: RealIndex, question: string) {
  const hits = await index.retriever.search(question, { k: 10 });
  return index.retriever.assessAbsence!(question, hits);
}

describe('"not in your documents": a table row and two papers\' parts answer', () => {
  it(
    "takes a table's rows as holding the value a ranking word asks for (which is fastest, how long)",
    onIndex(async (index) => {
      const answered = await verdict(index, 'Which least squares decomposition was fastest in the timings table, and how long did it take?');
      assert.equal(answered.absent, false, answered.reason);
    }),
  );

  it(
    "reads a question across two papers over a passage of each: the wine's cumulative logit in one, the judges' random intercept in the other",
    onIndex(async (index) => {
      const answered = await verdict(
        index,
        'Which two papers describe the wine bitterness by a cumulative logit, and the judges by a random intercept with the Laplace approximation?',
      );
      assert.equal(answered.absent, false, answered.reason);
    }),
  );
});

describe('"not in your documents": the words that call a document a paper', () => {
  it(
    "leaves 'paper' and 'vignette' out: they say which document, and the wine paper's passage never writes them",
    onIndex(async (index) => {
      const answered = await verdict(index, 'Which paper or vignette describes wine skin?');
      assert.equal(answered.absent, false, answered.reason);
    }),
  );
});

describe('"not in your documents": the verdict over a table and over several documents', () => {
  const word = (term: string, passages: string[], valueIn?: string[]): TermEvidence => ({
    term,
    kind: 'word',
    df: 20,
    covered: passages.length > 0,
    misspelt: false,
    passages,
    ...(valueIn ? { valueIn } : {}),
  });
  const evidence = (terms: TermEvidence[], documentOf?: Record<string, string>): AbsenceEvidence => ({
    terms,
    asksForDate: false,
    datedPassages: [],
    ...(documentOf ? { acrossDocuments: { documentOf } } : {}),
  });

  it('names the words that ask for a value: a ranking and an amount after "how", not "how does"', () => {
    assert.deepEqual([...valueWords('Which method was fastest, and how long did it take? Is it better than QR?')], ['fastest', 'long', 'better']);
    assert.deepEqual([...valueWords('How does the fit command detect convergence, and how is it set?')], []);
  });

  it('counts a ranking word as held by a table passage, and only by one', () => {
    const terms = [word('lmbenchmark', ['t', 'p']), word('fastest', [], ['t']), word('long', [], ['t']), word('method', ['p']), word('take', [])];
    assert.equal(judgeAbsence(evidence(terms), 10_000).absent, false);
    const noTable = terms.map(({ valueIn: _, ...rest }) => rest);
    assert.equal(judgeAbsence(evidence(noTable), 10_000).absent, true, 'without the table the best passage holds half of it');
  });

  it('counts two passages of two documents together for a question across documents, never two of one document', () => {
    const terms = [
      ...['bitterness', 'logit', 'ordered'].map((term) => word(term, ['a'])),
      ...['judges', 'intercept', 'variance'].map((term) => word(term, ['b'])),
      word('tasted', []),
    ];
    const twoPapers = judgeAbsence(evidence(terms, { a: 'ordinal.pdf', b: 'mixed.pdf' }), 10_000);
    assert.equal(twoPapers.absent, false, twoPapers.reason);
    assert.equal(judgeAbsence(evidence(terms), 10_000).absent, true, 'a question about one document needs one passage');
    assert.equal(judgeAbsence(evidence(terms, { a: 'ordinal.pdf', b: 'ordinal.pdf' }), 10_000).absent, true, 'two passages of one paper');
  });
});
