import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openIndexForQueries } from '../../../src/core/index';
import { checkCitations } from '../../../src/core/manuscript/check/checkCitations';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';
import { inverted } from '../../support/invertedOnPage';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';

const contradicted = (sentence: string, page: string) => judgePassage(claimOf(sentence), page, new Map()).contradicted.map((c) => `${c.claim}/${c.passage}`);

describe('manuscript check: a claim that changes a number or turns a relation around', function () {
  this.timeout(120000);

  it('finds the number a page gives for what the sentence’s number names or counts', () => {
    // The value of a named setting: "cost = 100" against "a cost of 10".
    assert.deepEqual(
      contradicted(
        'In the glass example the machine is fitted with a cost of 10 and a gamma of 1.',
        'We fit the glass data: svm(Type ~ ., data = trainset, cost = 100, gamma = 1).',
      ),
      ['10/100'],
    );
    // What it counts, a few words after it: "six processes" against "eight kinds of fluctuation process".
    assert.deepEqual(
      contradicted(
        'All eight kinds of fluctuation process can be fitted with the function efp.',
        'All six processes may be fitted using the function efp. See the eight examples.',
      ),
      ['eight/six'],
    );
    // A word that ends another phrase, a number that ends its own, a table's count against an estimate: not what the number names.
    assert.deepEqual(
      contradicted(
        'In the arrest example of the introduction, eleven of the fourteen predictors never enter the tree.',
        'See the introduction 2 for the example and the tree of predictors.',
      ),
      [],
    );
    assert.deepEqual(
      contradicted(
        'The maximum test gave p = 0.0096 and the sum test gave p = 0.0032.',
        'We draw 5000 test statistics; the maximum test gives p = 0.0096 and the sum test p = 0.0032.',
      ),
      [],
    );
    assert.deepEqual(
      contradicted('The machine reached a median error of 3.27 on the ozone data.', 'Median error 10 replications: the machine on the ozone data.'),
      [],
    );
    // The same number stated for that thing: nothing contradicted.
    assert.deepEqual(contradicted('The machine is fitted with a cost of 100.', 'The glass machine: svm(Type ~ ., cost = 100, gamma = 1).'), []);
  });

  it('finds a page that says the opposite: opposite words, a denied alternative the page states, two clauses whose predicates trade places', () => {
    assert.match(
      inverted(
        'Performance improves as the shrinkage grows larger, with increasing marginal utility.',
        'Performance is best when the shrinkage is as small as possible, with decreasing marginal utility for smaller and smaller values.',
      )!,
      /decreasing marginal utility/,
    );
    assert.equal(
      inverted(
        'Performance is best for a small shrinkage, with decreasing marginal utility.',
        'Performance is best when the shrinkage is as small as possible, with decreasing marginal utility.',
      ),
      null,
    );
    assert.match(
      inverted(
        'By default the procedure controls the false discovery rate rather than the familywise error rate.',
        'By default the procedure controls the familywise error rate of the tests at the nominal level.',
      )!,
      /controls the familywise error rate/,
    );
    assert.equal(
      inverted(
        'By default the procedure controls the familywise error rate rather than the false discovery rate.',
        'By default the procedure controls the familywise error rate, not the false discovery rate.',
      ),
      null,
    );
    const page =
      'It is known that the ridge penalty shrinks the coefficients of correlated predictors towards each other while the lasso tends to pick one of them and discard the others.';
    assert.equal(
      inverted(
        'The ridge penalty tends to pick one of a group of correlated predictors and discard the others, while the lasso shrinks their coefficients towards each other.',
        page,
      ),
      page,
    );
    // The same two clauses in the other order: a paraphrase, not a swap.
    assert.equal(
      inverted(
        'The lasso tends to pick one of several correlated predictors and discard the others, whereas the ridge penalty shrinks their coefficients towards each other.',
        page,
      ),
      null,
    );
  });

  it('says "contradicted" with the page’s sentence for a cited page that turns the relation around, and "supported" for the claim as the page makes it', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      await mkdir(join(root, 'papers'), { recursive: true });
      const filler = (topic: string) => Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1} discusses ${topic} in general terms, as background.`);
      await writePdf(join(root, 'papers/boost.pdf'), [
        { lines: ['Boosting with the frobnicate package', ...filler('boosting')] },
        {
          lines: [
            'Performance of the boosted model is best when the shrinkage is as small as possible,',
            'with decreasing marginal utility for smaller and smaller shrinkage.',
            'The model is fitted with a cost of 100 in the glass example.',
            ...filler('learning rates'),
          ],
        },
      ]);
      const dbDir = join(dir, 'index');
      const run = indexFolder({ root, dbDir, embedder: null, workers: 1 });
      let step = await run.next();
      while (!step.done) step = await run.next();
      const index = await openIndexForQueries(dbDir, { embedder: null });
      try {
        const draft =
          'Performance of the boosted model improves as the shrinkage grows larger, with increasing marginal utility [@boost, p. 2].\n\n' +
          'Performance of the boosted model is best for a small shrinkage, with decreasing marginal utility [@boost, p. 2].\n\n' +
          'In the glass example the boosted model is fitted with a cost of 10 [@boost, p. 2].';
        const [turned, kept, number] = await checkCitations(parseDraft(draft, 'markdown').sentences, {
          retriever: index.retriever,
          library: { resolveKey: (key) => (key === 'boost' ? { path: 'papers/boost.pdf' } : null) },
          exclude: [],
        });
        assert.equal(turned!.verdict, 'contradicted');
        assert.equal(turned!.cause, 'relation-differs');
        assert.match(turned!.reason, /^p\. 2 says otherwise: “.*decreasing marginal utility/);
        assert.equal(kept!.verdict, 'supported');
        assert.equal(number!.verdict, 'contradicted');
        assert.equal(number!.cause, 'number-differs');
        assert.match(number!.reason, /gives 100 where the sentence says 10/);
      } finally {
        await index.close();
      }
    }));
});
