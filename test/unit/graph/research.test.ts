import assert from 'node:assert/strict';
import { resolveDocumentFilters } from '../../../src/core/graph/filters';
import { citationsIn, mergeHits } from '../../../src/core/graph/passages';
import { citationLabel } from '../../../src/core/citations/citationLabel';
import type { SearchHit } from '../../../src/core/index/types';
import { memoryRetriever } from '../../support/memoryRetriever';
import { count, startHarness, type Harness } from '../../support/graphHarness';
import { grade, research } from '../../support/scriptedAgents';

const hit = (id: string, text: string, path = 'a.md'): SearchHit => ({
  id,
  path,
  pageStart: null,
  pageEnd: null,
  lineStart: 1,
  lineEnd: 2,
  heading: null,
  text,
  score: 1,
});

const docs = memoryRetriever([
  { path: 'r/R-admin.pdf', page: 12, text: 'To install R packages into a site library set R_LIBS_SITE.' },
  { path: 'r/R-intro.pdf', page: 3, text: 'R is an integrated suite of software facilities; packages extend it.' },
  { path: 'gnuplot/gnuplot.pdf', page: 149, text: 'The fit limit option changes the default epsilon limit (1e-5) to detect convergence.' },
]);

describe('research: retrieval, quality assessment, re-query', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('re-queries with the reformulated queries at most twice, then proceeds (bounded by state)', async () => {
    let n = 0;
    h = await startHarness(docs, {
      orchestrator: research({ sub_queries: ['convergence epsilon'] }),
      quality: () => grade('requery', { queries: [`reformulation ${++n}`], score: 0.5 }),
    });
    const r = await h.ask('What epsilon does fit use?');
    assert.equal(count(h.agents, 'quality'), 3, 'first grading + 2 re-queries');
    assert.equal(r.route, 'answer');
    const requeries = r.decisions.filter((d) => d.decision === 'requery');
    assert.equal(requeries.length, 2);
    assert.match(requeries[1].reason, /\(2\/2\)/);
    assert.deepEqual(
      docs.queries.slice(-3).map((q) => q.query),
      ['convergence epsilon', 'reformulation 1', 'reformulation 2'],
    );
    const quality = h.agents.requests.quality.map((b) => b.messages.map((m) => m.content).join('\n'));
    assert.match(quality[0], /2 attempts left/);
    assert.match(quality[2], /0 attempts left/);
  });

  it('a fallback verdict makes synthesis say plainly that the documents may not hold the answer', async () => {
    h = await startHarness(docs, { quality: grade('fallback', { relevant: [] }), synthesis: "The documents don't contain the answer to this." });
    const r = await h.ask('What is the airspeed of an unladen swallow?');
    assert.equal(r.decisions.find((d) => d.agent === 'research' && d.decision === 'fallback')?.agent, 'research');
    assert.match(h.agents.requests.synthesis[0].messages.at(-1)!.content, /graded these passages as weak matches/);
    assert.match(r.answer, /don't contain/);
  });

  it('answers "not in the documents" without an LLM call when nothing at all is found', async () => {
    h = await startHarness(docs);
    const r = await h.ask('zzzz qqqq');
    assert.equal(count(h.agents, 'synthesis'), 0);
    assert.match(r.answer, /documents don't contain the answer/);
    assert.deepEqual(r.citations, []);
  });

  it('resolves a document the user named to its path and filters the search by it', async () => {
    h = await startHarness(docs, { orchestrator: research({ sub_queries: ['install packages'], document_filters: ['the R admin manual'] }) });
    const r = await h.ask('In the R admin manual, how do I install packages?');
    const searched = docs.queries.at(-1)!;
    assert.deepEqual(searched.options?.paths, ['r/R-admin.pdf']);
    assert.deepEqual(
      r.citations.map((c) => [c.file, c.page]),
      [['r/R-admin.pdf', 12]],
    );
  });

  it('merges sub-query results with de-duplication', () => {
    const merged = mergeHits([
      [hit('1', 'alpha'), hit('2', 'beta'), hit('4', 'gamma')],
      [hit('2', 'beta'), hit('3', 'alpha')],
    ]);
    assert.deepEqual(
      merged.map((m) => m.id),
      ['1', '2', '4'],
      'same id once, identical text once (as its first copy), found-twice first',
    );
  });

  it('adds the votes of copies of one passage in different files, so two sub-queries that each found a copy rank it first', () => {
    const merged = mergeHits([
      [hit('1', 'gamma', 'g.md'), hit('2', 'alpha', 'manual/a.md')],
      [hit('3', 'delta', 'd.md'), hit('4', 'Alpha ', 'copy/a.md')],
    ]);
    assert.deepEqual(
      merged.map((m) => [m.id, m.path]),
      [
        ['2', 'manual/a.md'],
        ['1', 'g.md'],
        ['3', 'd.md'],
      ],
    );
  });

  it('maps [n] citations to passages and ignores numbers that do not exist', () => {
    const passages = [hit('1', 'a', 'x.md'), hit('2', 'b', 'y.pdf')];
    assert.deepEqual(
      citationsIn('A [2], B [1, 2], C [7].', passages).map((c) => [c.index, c.file]),
      [
        [1, 'x.md'],
        [2, 'y.pdf'],
      ],
    );
  });

  it('cites a passage that crosses a page break with both pages, a one-page passage with its page', () => {
    const across = { ...hit('1', 'tail of page 3, head of page 4', 'm.pdf'), lineStart: null, lineEnd: null, pageStart: 3, pageEnd: 4 };
    const within = { ...hit('2', 'all on page 7', 'm.pdf'), lineStart: null, lineEnd: null, pageStart: 7, pageEnd: 7 };
    const [a, b] = citationsIn('X [1]. Y [2].', [across, within]);
    assert.deepEqual([a.page, a.pageEnd, citationLabel(a)], [3, 4, 'm.pdf, pp. 3-4']);
    assert.deepEqual([b.page, b.pageEnd, citationLabel(b)], [7, undefined, 'm.pdf, p. 7']);
  });

  it('resolves loose document names, ignores unknown ones and refuses unspecific ones', () => {
    const list = ['r/R-admin.pdf', 'r/R-intro.pdf', 'r/R-lang.pdf', 'r/R-data.pdf', 'bash/bashref.pdf'].map((path) => ({
      path,
      kind: 'pdf' as const,
      pages: 1,
      chunks: 1,
    }));
    assert.deepEqual(resolveDocumentFilters(['R admin manual'], list), ['r/R-admin.pdf']);
    assert.deepEqual(resolveDocumentFilters(['bash/bashref.pdf'], list), ['bash/bashref.pdf']);
    assert.deepEqual(resolveDocumentFilters(['the Python tutorial'], list), []);
    assert.deepEqual(resolveDocumentFilters(['R'], list), [], 'matches four documents: no filter');
  });
});
