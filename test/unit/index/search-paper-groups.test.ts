import assert from 'node:assert/strict';
import { paperGroups, reachEachPaper } from '../../../src/core/index/search/paperGroups';
import type { PaperMention } from '../../../src/core/papers/mentions';

const mention = (path: string, strength: number, kind: PaperMention['kind'] = 'title'): PaperMention => ({
  path,
  kind,
  strength,
  words: [path.replace('.pdf', '')],
  titleWords: [],
});

describe('the lists search adds for the papers a question names', () => {
  it('a paper named exactly outweighs the main lists; one named by a few title words does not', () => {
    assert.deepEqual(
      paperGroups([mention('gmm.pdf', 1, 'author-year')], 1).map((g) => g.weight),
      [8],
    );
    assert.deepEqual(
      paperGroups([mention('mob.pdf', 0.8)], 1).map((g) => g.weight),
      [1],
    );
  });

  it('papers named side by side weigh the same, so that the one named exactly does not fill the first hits alone', () => {
    // "Do 'Parties, Models, Mobsters' and the party with the mob vignette find the same tree?"
    const groups = paperGroups([mention('mobsters.pdf', 0.95), mention('party-mob.pdf', 0.8)], 1);
    assert.deepEqual(
      groups.map((g) => [g.paths, g.weight]),
      [
        [['mobsters.pdf'], 8],
        [['party-mob.pdf'], 8],
      ],
    );
  });

  it('weaker candidates are searched together at half weight, beside the papers named', () => {
    const groups = paperGroups([mention('gmm.pdf', 1, 'author-year'), mention('a.pdf', 0.6), mention('b.pdf', 0.6)], 1);
    assert.deepEqual(
      groups.map((g) => [g.paths, g.weight]),
      [
        [['gmm.pdf'], 8],
        [['a.pdf', 'b.pdf'], 0.5],
      ],
    );
  });

  it('papers named side by side each have a passage among the first hits: the missing one comes last among them, the others keep their order', () => {
    const ranked = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'e1'].map((id, i) => ({ item: { id, path: `${id[0]}.pdf` }, score: 1 - i / 10 }));
    const reached = reachEachPaper(ranked, ['k.pdf', 'e.pdf'], 5);
    assert.deepEqual(
      reached.map((r) => r.item.id),
      ['k1', 'k2', 'k3', 'k4', 'e1', 'k5', 'k6'],
    );
    assert.ok(
      reached.every((r, i) => i === 0 || r.score <= reached[i - 1]!.score),
      'scores still fall',
    );
    // Both already there, or a paper with no hit at all: nothing moves.
    assert.deepEqual(reachEachPaper(ranked, ['k.pdf'], 5), ranked);
    assert.deepEqual(reachEachPaper(ranked, ['k.pdf', 'x.pdf'], 5), ranked);
  });
});
