import assert from 'node:assert/strict';
import { paperGroups } from '../../../src/core/index/search/paperGroups';
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
});
