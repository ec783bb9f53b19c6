import assert from 'node:assert/strict';
import { CopyRatio, distinctPassages, readDistinct } from '../../../src/core/index/search/distinct';

describe('distinct passages in a candidate list', () => {
  const row = (text: string, id: string) => ({ text, id });
  /** A ranked list read `n` rows at a time, recording each read's length. */
  const reader = (ranked: { text: string; id: string }[], reads: number[]) => async (n: number) => {
    reads.push(n);
    return ranked.slice(0, n);
  };

  it("keeps each passage's best-ranked copy, in order", () => {
    const rows = [row('a', '1'), row('b', '2'), row('a', '3'), row('c', '4'), row('b', '5')];
    assert.deepEqual(
      distinctPassages(rows).map((r) => r.id),
      ['1', '2', '4'],
    );
  });

  it('an index of copies: the first full read of copies is read again, longer; later reads are that long at once', async () => {
    // 40 distinct passages, each copied 4 times, best first, then passages of their own.
    const ranked = Array.from({ length: 160 }, (_, i) => row(`p${Math.floor(i / 4)}`, String(i))).concat(
      Array.from({ length: 100 }, (_, i) => row(`q${i}`, `q${i}`)),
    );
    const reads: number[] = [];
    const ratio = new CopyRatio();
    const distinct = await readDistinct(reader(ranked, reads), 40, ratio);
    assert.equal(distinct.length, 40);
    assert.equal(new Set(distinct.map((r) => r.text)).size, 40);
    assert.deepEqual(
      distinct.slice(0, 3).map((r) => r.id),
      ['0', '4', '8'],
      'the best copy of each',
    );
    assert.deepEqual(reads, [40, 160], 'read again, as much longer as the copies suggest (four times at most)');
    reads.length = 0;
    assert.equal((await readDistinct(reader(ranked, reads), 40, ratio)).length, 40);
    assert.equal(reads.length, 1, `one read once the ratio is known: ${reads}`);
    assert.ok(reads[0]! > 40 && reads[0]! <= 160, `${reads[0]}`);
  });

  it('an index with few copies reads as before: one read of the list', async () => {
    const reads: number[] = [];
    const ratio = new CopyRatio();
    const fewCopies = [row('x', '1'), row('x', '2'), ...Array.from({ length: 60 }, (_, i) => row(`y${i}`, `y${i}`))];
    assert.equal((await readDistinct(reader(fewCopies, reads), 40, ratio)).length, 39);
    assert.equal((await readDistinct(reader(fewCopies, reads), 40, ratio)).length, 40);
    assert.deepEqual(reads, [40, 42], 'one copy among 40: no second read, and the next read two rows longer');
    reads.length = 0;
    await readDistinct(reader([row('x', '1'), row('x', '2')], reads), 40, new CopyRatio());
    assert.deepEqual(reads, [40], 'a short list holds everything there is: no second read');
  });
});
