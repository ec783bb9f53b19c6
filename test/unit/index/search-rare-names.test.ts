import assert from 'node:assert/strict';
import { createRetriever } from '../../../src/core/index/search/search';
import { bothFound, reachRareNames } from '../../../src/core/index/search/rareNames';
import type { Fused } from '../../../src/core/index/search/fusion';
import { withMiniLmMarkdownIndex } from '../../support/miniLmMarkdownIndex';

const passage = (text: string) => ({ text });
const fusedOf = (texts: string[]): Fused<{ text: string }>[] => texts.map((text, i) => ({ item: passage(text), score: 1 / (61 + i) }));
const texts = (fused: Fused<{ text: string }>[]) => fused.map((f) => f.item.text);

describe('hybrid search: a rare name the question names stays among the first hits when full-text ranks it there', function () {
  this.timeout(60_000);

  it("moves full-text's first passage, when it holds the name, to the last of the first places, the rest in order", () => {
    const ranked = fusedOf(['a', 'b', 'c', 'd', 'e', 'f', 'n1', 'n2']);
    const holding = [[passage('n2'), passage('n1')]];
    const moved = reachRareNames(ranked, holding, [passage('n2')], 5);
    assert.deepEqual(texts(moved), ['a', 'b', 'c', 'd', 'n2', 'e', 'f', 'n1']);
    for (let i = 1; i < moved.length; i++) assert.ok(moved[i]!.score <= moved[i - 1]!.score, 'scores still fall');
    assert.deepEqual(texts(reachRareNames(ranked, holding, [], 5)), texts(ranked), 'no backed passage (the vector lists did not find it): nothing moves');
    assert.deepEqual(texts(reachRareNames(ranked, holding, [passage('f')], 5)), texts(ranked), 'the backed passage does not hold the name');
    assert.deepEqual(texts(reachRareNames(ranked, [[passage('c'), passage('n1')]], [passage('n1')], 5)), texts(ranked), 'a first hit holds it already');
    assert.deepEqual(texts(reachRareNames(ranked, [], [passage('n1')], 5)), texts(ranked), 'no rare name');
    assert.deepEqual(texts(reachRareNames(fusedOf(['a', 'n1']), [[passage('n1')]], [passage('n1')], 5)), ['a', 'n1'], 'fewer hits than places');
  });

  it("backs full-text's first passage only when a vector list holds it too", () => {
    assert.deepEqual(
      texts(bothFound(passage('n1'), [[passage('x')], [passage('y'), passage('n1')]]).map((item) => ({ item, score: 0 }))),
      ['n1'],
      'a part list holds it',
    );
    assert.deepEqual(bothFound(passage('n1'), [[passage('x')]]), []);
    assert.deepEqual(bothFound(undefined, [[passage('x')]]), []);
  });

  it('in a real index: hybrid search keeps the passage holding a rare name among the first 5 (real all-MiniLM-L6-v2)', async () => {
    const prose = (i: number) =>
      `# Hurdle models ${i}\n\nHurdle models and zero-inflated models predict the number of zero counts. The expected number of zeros of a hurdle model and the observed number of zero counts are compared for count data of doctor visits ${i}. A negative binomial hurdle model expects zero counts close to the observed zeros.`;
    const docs: Record<string, string> = {
      'table.md':
        '# Table 2\n\nTable 2: summary of the fitted models for the NMES data.\n\nML-Pois 47 608\nNB 683 709\nHurdle-NB 683 4406\nZINB 709 4406\nlog L 17971.6 12170.6\nAIC 35959.2 24359.1',
      ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((i) => [`prose-${i}.md`, prose(i)])),
      'other.md': '# Compression\n\nzstd levels trade speed for size; lz4 is the default.',
    };
    await withMiniLmMarkdownIndex(docs, async (store, embedder) => {
      const retriever = createRetriever(store, embedder);
      const question = 'How many zero counts does the negative binomial hurdle model expect for the NMES doctor visits data, and how many zeros were observed?';
      const fullText = await retriever.search(question, { k: 10, mode: 'fts' });
      assert.equal(fullText[0]?.path, 'table.md', 'full-text ranks it first');
      // Without the rule the vector lists put all seven prose passages above it (hit 8).
      const hybrid = await retriever.search(question, { k: 10, mode: 'hybrid' });
      const at = hybrid.findIndex((h) => h.path === 'table.md');
      assert.ok(at >= 0 && at < 5, `the passage holding NMES is hit ${at + 1}`);
    });
  });
});
