import assert from 'node:assert/strict';
import { createRetriever } from '../../../src/core/index/search/search';
import { agreedFirstPassage, withAgreedFirst } from '../../../src/core/index/search/agreedFirst';
import type { Fused } from '../../../src/core/index/search/fusion';
import { withMiniLmMarkdownIndex } from '../../support/miniLmMarkdownIndex';

const passage = (text: string) => ({ text });
const fusedOf = (texts: string[]): Fused<{ text: string }>[] => texts.map((text, i) => ({ item: passage(text), score: 1 / (61 + i) }));
const keep = <T>(fused: T[]) => fused;

describe('hybrid search: the passage full-text and the vector list both rank first stays first', function () {
  this.timeout(60_000);

  it('finds the agreed passage from the full-text lists fused with their weights, after demotions', () => {
    const [a, b, c] = ['a', 'b', 'c'].map(passage);
    // Main list: a, b; a named-document list at weight 1: b, a; a definition list: b. Full-text ranks b first.
    const lexical = [
      { items: [a!, b!], weight: 1 },
      { items: [b!, a!], weight: 1 },
      { items: [b!], weight: 1 },
    ];
    assert.equal(agreedFirstPassage(lexical, b, keep), 'b');
    assert.equal(agreedFirstPassage(lexical, a, keep), null, 'the vector list ranks another passage first');
    assert.equal(agreedFirstPassage(lexical, undefined, keep), null, 'no vector list');
    assert.equal(agreedFirstPassage([{ items: [a!, c!], weight: 1 }], passage('a'), keep), 'a', 'a copy of the passage is the passage');
    // A demoted passage (a reference list) is not full-text's first.
    const demoteA = (fused: Fused<{ text: string }>[]) => [...fused.filter((f) => f.item.text !== 'a'), ...fused.filter((f) => f.item.text === 'a')];
    assert.equal(agreedFirstPassage([{ items: [a!, c!], weight: 1 }], a, demoteA), null);
    assert.equal(agreedFirstPassage([{ items: [a!], weight: 0 }], a, keep), null, 'a list of weight 0 says nothing');
  });

  it('moves the agreed passage to the top with the top score, every other passage in its order', () => {
    const moved = withAgreedFirst(fusedOf(['x', 'y', 'a', 'z']), 'a');
    assert.deepEqual(
      moved.map((f) => f.item.text),
      ['a', 'x', 'y', 'z'],
    );
    for (let i = 1; i < moved.length; i++) assert.ok(moved[i]!.score <= moved[0]!.score);
    assert.deepEqual(
      withAgreedFirst(fusedOf(['x', 'y']), null).map((f) => f.item.text),
      ['x', 'y'],
    );
    assert.deepEqual(
      withAgreedFirst(fusedOf(['x', 'y']), 'q').map((f) => f.item.text),
      ['x', 'y'],
      'a passage not in the list moves nothing',
    );
  });

  it("in a real index: the sentence rerank would put a neighbour's one matching sentence first (real all-MiniLM-L6-v2)", async () => {
    const docs: Record<string, string> = {
      'faq.md':
        '# Repository disk\n\nBorg writes each archive into the repository on the repository disk, and the repository grows. Free space runs out when the repository disk is small: free space is what the repository needs. A reserve helps, and Borg can keep one: the reserve is held back on the disk. Borg will keep the reserve until the disk is cleaned.',
      'quickstart.md':
        '# Quickstart\n\nInstall Borg from your distribution and create an encrypted archive each night with a cron job that also prunes old archives. To keep free space in reserve on the repository disk, Borg reads a setting. Archives are deduplicated, compressed and authenticated.',
      'notes.md':
        '# Notes\n\nHow Borg keeps free space in reserve on a repository disk is set per repository. Mount points and lock files are described elsewhere in the manual pages of the project.',
      'other.md': '# Compression\n\nBorg compresses chunks with lz4 by default; zstd levels trade speed for size.',
    };
    await withMiniLmMarkdownIndex(docs, async (store, embedder) => {
      const retriever = createRetriever(store, embedder);
      const question = 'How do I make Borg keep free space in reserve on the repository disk?';
      assert.equal((await retriever.search(question, { k: 4, mode: 'fts' }))[0]?.path, 'faq.md', 'full-text ranks it first');
      assert.equal((await retriever.search(question, { k: 4, mode: 'vector' }))[0]?.path, 'faq.md', 'the vector list ranks it first');
      // Without the rule the rerank puts notes.md first: its one sentence holds every question word.
      const hybrid = await retriever.search(question, { k: 4, mode: 'hybrid' });
      assert.equal(hybrid[0]?.path, 'faq.md');
      assert.deepEqual(new Set(hybrid.map((h) => h.path)), new Set(Object.keys(docs)));
    });
  });
});
