import assert from 'node:assert/strict';
import { createResearchAssistant } from '../../../src/core/graph/runTurn';
import { quotedPassages, withAnotherDocument } from '../../../src/core/graph/severalDocuments';
import { asksAcrossDocuments } from '../../../src/core/index/search/acrossDocuments';
import { withTempDir } from '../../support/tempDir';
import { buildRealIndex } from '../../support/realIndex';

/** One paper that repeats the data set's name in every section, another that analyses it once. */
function library(): Record<string, string> {
  const sections = Array.from(
    { length: 12 },
    (_, i) =>
      `## Section ${i + 1}\n\n` +
      `The alzheimer smoking data are analysed again in section ${i + 1}: smoking and alzheimer disease, the alzheimer data by gender, smoking levels and the alzheimer diagnosis, table ${i + 1} of the alzheimer smoking data. `.repeat(
        6,
      ) +
      '\n',
  );
  return {
    'inference/coin.md': `# Conditional inference\n\nThis paper analyses two data sets.\n\n${sections.join('\n')}`,
    'inference/lego.md':
      '# A lego system for conditional inference\n\n## Examples\n\nWe test independence of disease and smoking in the alzheimer data, stratified by gender, with a quadratic test statistic. ' +
      'Permutation tests for ordered factors, survival times, multiple endpoints and paired samples follow the same scheme; the null distribution is approximated by Monte Carlo resampling or computed exactly by the shift algorithm, and the standardised statistics are compared with their asymptotic normal approximation. '.repeat(
        4,
      ) +
      '\n\n## Other\n\nPermutation tests for ordered factors and survival times.\n',
    'ml/svm.md': '# Support vector machines\n\nThe radial basis kernel and its parameter gamma, chosen by cross-validation.\n',
  };
}

describe('answers without a model: a question across documents quotes each document', () => {
  it('"Which two papers …" cites both papers, though one paper fills the search hits', async () => {
    await withTempDir(async (dir) => {
      const docs = await buildRealIndex(dir, library());
      try {
        const assistant = createResearchAssistant({ retriever: docs.retriever, llm: null, tracer: undefined });
        const r = await assistant.runTurn({ question: 'Which two papers analyse the alzheimer smoking data?', history: [] });
        assert.equal(r.route, 'fallback');
        assert.ok(!r.notInDocuments);
        const files = r.citations.map((c) => c.file);
        assert.equal(files[0], 'inference/coin.md');
        assert.ok(files.includes('inference/lego.md'), `both papers cited: ${files.join(', ')}`);
      } finally {
        docs.close();
      }
    });
  });

  it('"Which two papers …": the other paper placed second is one that holds the question\'s rarest word, not one sharing its common words', async () => {
    // A survey paper shares the question's other words, so a search outside coin.md finds it
    // first; only lego.md holds "alzheimer" besides coin.md.
    const withSurvey = {
      ...library(),
      'inference/survey.md':
        '# Smoking surveys\n\nThe smoking data of a survey by region and age: smoking levels by region, smoking by age, the survey data by region and age.\n',
    };
    await withTempDir(async (dir) => {
      const docs = await buildRealIndex(dir, withSurvey);
      try {
        const question = 'Which two papers analyse the alzheimer data of the smoking survey by region and age?';
        const outside = await docs.retriever.search(question, { k: 5, paths: ['inference/lego.md', 'inference/survey.md', 'ml/svm.md'] });
        assert.equal(outside[0]?.path, 'inference/survey.md', 'a search outside coin.md finds the survey paper first');
        const coinOnly = await docs.retriever.search(question, { k: 5, paths: ['inference/coin.md'] });
        const hits = await withAnotherDocument(docs.retriever, question, coinOnly, { k: 5 });
        assert.deepEqual(
          hits.slice(0, 2).map((h) => h.path),
          ['inference/coin.md', 'inference/lego.md'],
        );
        assert.equal(hits.length, coinOnly.length + 1);
      } finally {
        docs.close();
      }
    });
  });

  it('a question about one document still quotes its best passages in rank order', async () => {
    await withTempDir(async (dir) => {
      const docs = await buildRealIndex(dir, library());
      try {
        const assistant = createResearchAssistant({ retriever: docs.retriever, llm: null, tracer: undefined });
        const r = await assistant.runTurn({ question: 'How are the alzheimer smoking data analysed by gender?', history: [] });
        assert.deepEqual(
          r.citations.map((c) => c.file),
          ['inference/coin.md', 'inference/coin.md', 'inference/coin.md'],
        );
      } finally {
        docs.close();
      }
    });
  });

  it('quotes the best passage of each document in rank order, then the rest', () => {
    const hit = (path: string, n: number) =>
      ({ path, text: `${path} ${n}`, score: 1 / n, pageStart: n, pageEnd: n, lineStart: null, lineEnd: null, heading: null }) as never;
    const hits = [hit('a.pdf', 1), hit('a.pdf', 2), hit('a.pdf', 3), hit('b.pdf', 4), hit('a.pdf', 5)];
    const pick = (across: boolean) => quotedPassages(hits, 3, across).map((h) => `${h.path}:${h.pageStart}`);
    assert.deepEqual(pick(true), ['a.pdf:1', 'a.pdf:2', 'b.pdf:4']);
    assert.deepEqual(pick(false), ['a.pdf:1', 'a.pdf:2', 'a.pdf:3']);
  });

  it('tells questions across documents from questions about one', () => {
    for (const q of [
      'Which two papers analyse the alzheimer smoking data?',
      'According to the two sandwich papers by Zeileis, which HC type is the default?',
      'The GBSG2 data appear in both the ctree vignette and the mob paper: what does each fit?',
      'How do the e1071 SVM article and the kernlab paper choose the RBF parameter?',
      'Which reports the bigger speed-up: the Rcpp sugar benchmark or the RcppArmadillo Kalman filter benchmark?',
      'Which papers use the Boston housing data?',
    ])
      assert.ok(asksAcrossDocuments(q), q);
    for (const q of [
      'Which paper introduces the lmBenchmark table?',
      'What is the default precision according to A Tutorial for Pari/GP?',
      'How does glmnet handle tied survival times?',
      'Which manual explains the globstar option?',
    ])
      assert.ok(!asksAcrossDocuments(q), q);
  });
});
