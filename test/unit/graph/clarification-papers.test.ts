/**
 * "Use the approach from the paper" in a folder of papers: the clarifying question is about which
 * paper, its prompt lists the library as papers (author, year, title), and every suggested
 * answer is a paper of the library: the model's suggestions that name none are replaced, and
 * without the model the options are the papers the question's topic finds.
 */
import assert from 'node:assert/strict';
import type { OpenedIndex } from '../../../src/core/index';
import { startHarness, type Harness } from '../../support/graphHarness';
import { withIndexedPaperLibrary } from '../../support/indexedPaperLibrary';
import { clarify } from '../../support/scriptedAgents';

const VAGUE = 'Use the approach from the paper to choose the kernel of my weighting matrix.';

/** Every option names a paper of the library (by the retriever's own matching). */
async function namedPapersOf(index: OpenedIndex, options: { label: string; prompt: string }[]): Promise<string[][]> {
  return Promise.all(
    options.map(async (o) => (await index.retriever.namedPapers!(`${o.label}. ${o.prompt}`)).filter((p) => p.strength >= 0.6).map((p) => p.path)),
  );
}

describe('clarification: which paper?', function () {
  this.timeout(120_000);
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it("the prompt lists the papers by author, year and title; a model's option that names no paper of the library is replaced by one that does", () =>
    withIndexedPaperLibrary(async (index) => {
      h = await startHarness(index.retriever, {
        orchestrator: clarify('which paper the user means'),
        clarification: JSON.stringify({
          question: 'Which paper do you mean?',
          options: [
            { label: 'The kriging paper', prompt: 'Use the approach from the kriging paper to choose the kernel.' },
            { label: 'Chaussé (2010)', prompt: 'Use the approach from Chaussé (2010) to choose the kernel of my weighting matrix.' },
          ],
        }),
      });
      const r = await h.ask(VAGUE);
      assert.equal(r.route, 'clarification');
      const prompt = h.agents.requests.clarification[0]!.messages[0]!.content;
      assert.match(prompt, /Chaussé \(2010\) Computing Generalized Method of Moments with R \[econometrics\/chausse-2010-gmm\.pdf/);
      assert.match(prompt, /Hyndman & Khandakar \(2008\) Automatic Time Series Forecasting/);
      assert.equal(r.followups[0]!.label, 'Chaussé (2010)', "the model's option that names a paper is kept");
      assert.ok(!r.followups.some((f) => /kriging/.test(f.label)), 'the option naming no paper of the library is dropped');
      assert.ok(r.followups.length >= 2, JSON.stringify(r.followups));
      for (const [i, papers] of (await namedPapersOf(index, r.followups)).entries())
        assert.ok(papers.length > 0, `option ${i} names a paper: ${JSON.stringify(r.followups[i])}`);
    }));

  it('without the model, the options are the papers the topic finds, each naming its paper', () =>
    withIndexedPaperLibrary(async (index) => {
      h = await startHarness(index.retriever, { orchestrator: clarify('which paper'), clarification: { content: '', status: 500 } });
      const r = await h.ask(VAGUE);
      assert.equal(r.route, 'clarification');
      assert.equal(r.answer, 'Which paper do you mean?');
      assert.equal(r.followups[0]!.label, 'Chaussé (2010)', 'the paper about weighting matrices and kernels first');
      for (const [i, papers] of (await namedPapersOf(index, r.followups)).entries())
        assert.ok(papers.length > 0, `option ${i} names a paper: ${JSON.stringify(r.followups[i])}`);
      // A click researches in that paper.
      const clicked = await index.retriever.namedPapers!(r.followups[0]!.prompt);
      assert.equal(clicked[0]!.path, 'econometrics/chausse-2010-gmm.pdf');
    }));
});
