import assert from 'node:assert/strict';
import { citationBarLabel, openingNote } from '../../../src/core/citations/openingNote';

describe("the PDF viewer's opening note and citation label", () => {
  const passage =
    'The proxy keeps its cache under /var/cache and rotates its logs weekly. Each rotated log is compressed with gzip, and the seven most recent are kept. ' +
    'A log larger than 100 MB is rotated at once, whatever the day, so a busy proxy never fills the disk between two rotations; the threshold is set with rotate_size in proxy.conf.';

  it('names the page and file, and quotes the start of the passage cut between words', () => {
    const note = openingNote('proxy-manual.pdf', { page: 12, text: passage });
    assert.equal(note.line, 'Opening page 12 of proxy-manual.pdf…');
    assert.ok(note.quote!.endsWith('…'));
    const quoted = note.quote!.slice(0, -1);
    assert.ok(passage.startsWith(quoted), 'the quote is not the start of the passage');
    assert.ok(quoted.length <= 280 && quoted.length > 200, `length ${quoted.length}`);
    assert.equal(passage[quoted.length], ' ', 'cut inside a word');
  });

  it('names both pages of a passage across a page break, and quotes a short passage whole with its whitespace folded', () => {
    const note = openingNote('cross-page.pdf', { page: 3, pageEnd: 4, text: 'Name the lock file\n  after the\tdatabase.' });
    assert.deepEqual(note, { line: 'Opening pages 3-4 of cross-page.pdf…', quote: 'Name the lock file after the database.' });
  });

  it('without a citation: the page it was left on, else the file alone, and no quote', () => {
    assert.deepEqual(openingNote('R-refman.pdf', undefined, 1208), { line: 'Opening page 1208 of R-refman.pdf…' });
    assert.deepEqual(openingNote('R-refman.pdf', undefined), { line: 'Opening R-refman.pdf…' });
    assert.deepEqual(openingNote('R-refman.pdf', { page: 5 }), { line: 'Opening page 5 of R-refman.pdf…' });
  });

  it("labels the citation bar with the target's label, and its place when the answer cites the PDF more than once", () => {
    const targets = [
      { page: 2, label: '[1] a.pdf p. 2' },
      { page: 9, label: '[3] a.pdf p. 9' },
    ];
    assert.equal(citationBarLabel(targets, 1), '[3] a.pdf p. 9 (2 of 2)');
    assert.equal(citationBarLabel([targets[0]!], 0), '[1] a.pdf p. 2');
    assert.equal(citationBarLabel([{ page: 4 }, { page: 7 }], 0), 'p. 4 (1 of 2)');
    assert.equal(citationBarLabel([], 0), '');
  });
});
