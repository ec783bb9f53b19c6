/**
 * A turn about a named paper, through the real graph on a real index of drawn papers: the chat's
 * progress says which paper is searched, a model's sub-query that dropped the paper's name still
 * searches in that paper, the passages reach the model with their paper named, and the sources
 * are cited as papers; the library's list in prompts stays within its budget with the count.
 */
import assert from 'node:assert/strict';
import { citationLabel } from '../../../src/core/citations/citationLabel';
import { renderLibrary, LIBRARY_BUDGET_TOKENS, ROUTING_LIBRARY } from '../../../src/core/graph/libraryPrompt';
import { estimateTokens } from '../../../src/core/llm/budget';
import { startHarness, type Harness } from '../../support/graphHarness';
import { withIndexedPaperLibrary } from '../../support/indexedPaperLibrary';
import { research } from '../../support/scriptedAgents';

describe('a turn about a named paper', function () {
  this.timeout(120_000);
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('says "Searching in Chaussé (2010)…", keeps the paper in a sub-query that dropped it, and cites the paper', () =>
    withIndexedPaperLibrary(async (index) => {
      h = await startHarness(index.retriever, {
        // The model's sub-query loses the paper's name, as small models do.
        orchestrator: research({ standalone_question: 'Which kernel does gmm use by default?', sub_queries: ['default kernel weighting matrix'] }),
        synthesis: 'The Quadratic Spectral kernel [1].',
      });
      const r = await h.ask('Chaussé (2010): which kernel does gmm use by default for the HAC weighting matrix?');
      assert.ok(
        r.events.some((e) => e.type === 'progress' && e.message === 'Searching in Chaussé (2010)…'),
        JSON.stringify(r.events.filter((e) => e.type === 'progress')),
      );
      const orchestratorPrompt = h.agents.requests.orchestrator[0]!.messages[0]!.content;
      assert.match(
        orchestratorPrompt,
        /Papers the latest question names:\n<named_papers>\n- Chaussé \(2010\) Computing Generalized Method of Moments with R \[econometrics\/chausse-2010-gmm\.pdf\] \(named by author and year\)/,
      );
      const synthesisPrompt = h.agents.requests.synthesis[0]!.messages.map((m) => m.content).join('\n');
      assert.match(
        synthesisPrompt,
        /<document n="1" file="econometrics\/chausse-2010-gmm\.pdf" paper="Chaussé \(2010\) Computing Generalized Method of Moments with R" location="p\. 2"/,
      );
      assert.deepEqual(
        r.citations.map((c) => citationLabel(c)),
        ['Chaussé (2010), p. 2'],
      );
    }));

  it("the library's list in a prompt: the most relevant papers first, within its token budget, with the count", () => {
    const documents = Array.from({ length: 5000 }, (_, i) => ({ path: `papers/p${i}.pdf`, pages: 20 }));
    const papers = documents.map((d, i) => ({
      path: d.path,
      paper: { authors: `Author${i} et al.`, year: 2000 + (i % 25), title: `A Long Title About Topic Number ${i} With Several More Words in It` },
    }));
    const text = renderLibrary(documents, papers, ['papers/p4321.pdf']);
    assert.ok(estimateTokens(text) <= LIBRARY_BUDGET_TOKENS + 30, `${estimateTokens(text)} tokens`);
    const lines = text.split('\n');
    assert.match(lines[0]!, /^- Author4321 et al\. \(2021\) A Long Title About Topic Number 4321 .* \[papers\/p4321\.pdf, 20 pages\]$/);
    assert.match(lines.at(-1)!, /^- … and \d+ more \(5000 documents in all\)$/);
  });

  it('routing sees only the documents the question finds, six at most, and the count; a library of six or fewer whole', () => {
    const documents = Array.from({ length: 62 }, (_, i) => ({ path: `papers/p${i}.pdf`, pages: 20 }));
    const papers = documents.map((d, i) => ({ path: d.path, paper: { authors: `Author${i}`, year: 2000 + i, title: `Title ${i}` } }));
    const found = ['papers/p40.pdf', 'papers/p7.pdf', 'papers/p40.pdf'];
    assert.deepEqual(renderLibrary(documents, papers, found, ROUTING_LIBRARY).split('\n'), [
      '- Author40 (2040) Title 40 [papers/p40.pdf, 20 pages]',
      '- Author7 (2007) Title 7 [papers/p7.pdf, 20 pages]',
      '- … and 60 more (62 documents in all)',
    ]);
    const many = Array.from({ length: 20 }, (_, i) => `papers/p${i + 10}.pdf`);
    assert.equal(renderLibrary(documents, papers, many, ROUTING_LIBRARY).split('\n').length, 6 + 1);
    assert.equal(renderLibrary(documents.slice(0, 6), papers, ['papers/p3.pdf'], ROUTING_LIBRARY).split('\n').length, 6, 'a small library is listed whole');
  });
});
