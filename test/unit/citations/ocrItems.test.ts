import assert from 'node:assert/strict';
import { locatePassage } from '../../../src/core/citations/locate';
import { ocrLocatorItems, ocrStandsForPage } from '../../../src/core/citations/ocrItems';

/** Two lines of a scan as OCR reports them: words left to right, the second line lower. */
const words = [
  { text: 'Calibration', box: [0.1, 0.1, 0.3, 0.12] as [number, number, number, number] },
  { text: 'notice', box: [0.32, 0.1, 0.42, 0.12] as [number, number, number, number] },
  { text: 'every', box: [0.1, 0.14, 0.18, 0.16] as [number, number, number, number] },
  { text: 'seventeen', box: [0.2, 0.14, 0.35, 0.16] as [number, number, number, number] },
];

describe('locating a passage in the words OCR read on a page', () => {
  it('makes one item a word and ends a line where the next word starts left of it or lower', () => {
    assert.deepEqual(
      ocrLocatorItems(words).map((i) => [i.str, i.hasEOL]),
      [
        ['Calibration', false],
        ['notice', true],
        ['every', false],
        ['seventeen', true],
      ],
    );
  });

  it('finds a passage across the words, a partial first word included, with offsets inside each word', () => {
    const found = locatePassage('tion notice every seventeen', [{ page: 2, items: ocrLocatorItems(words) }]);
    assert.deepEqual(
      found?.spans.map((s) => [s.item, s.start, s.end]),
      [
        [0, 7, 11],
        [1, 0, 6],
        [2, 0, 5],
        [3, 0, 9],
      ],
    );
  });

  it('OCR stands for the page only when it holds more text than the text layer (as indexing decided)', () => {
    assert.equal(ocrStandsForPage(words, [{ str: '12' }]), true, 'a scan whose text layer is its page number');
    assert.equal(ocrStandsForPage(words, [{ str: 'Calibration notice, every seventeen thousand kilometres' }]), false);
  });
});
