import assert from 'node:assert/strict';
import { bestSentence } from '../../../src/core/citations/emphasis';
import { pdfChunks } from '../../support/pdfItems';
import { makePdf } from '../../support/pdfs';

// A real chunk: PDF lines as extraction gives them, a hyphenated word joined, sentences across lines.
const PAGE = [
  'SRANDOM',
  'This variable expands to a 32-bit pseudo-random number each time it is ref-',
  'erenced. The random number generator is not linear on systems that support',
  '/dev/urandom or arc4random, so each returned number has no relationship to',
  'the numbers preceding it. The random number generator cannot be seeded,',
  'so assignments to this variable have no effect. If SRANDOM is unset, it loses its',
  'special properties, even if it is subsequently reset. Default is 1.',
];

describe('bestSentence', () => {
  let passage: string;

  before(async () => {
    const chunks = await pdfChunks(await makePdf([{ lines: PAGE }]));
    assert.equal(chunks.length, 1);
    passage = chunks[0]!.text;
  });

  it('picks the sentence the claim rests on, as the passage writes it', () => {
    assert.equal(
      bestSentence(passage, 'No: SRANDOM cannot be seeded, and assigning to it has no effect [1].'),
      'The random number generator cannot be seeded,\nso assignments to this variable have no effect.',
    );
    assert.equal(
      bestSentence(passage, 'Each value is a 32-bit pseudo-random number [2].'),
      'This variable expands to a 32-bit pseudo-random number each time it is referenced.',
    );
  });

  it('weights words by their rarity in the passage: a rare shared word outweighs common ones', () => {
    // Three sentences share three of these words each; "linear" is in one of them only.
    assert.equal(
      bestSentence(passage, "The variable's random numbers are not linear [1]."),
      'The random number generator is not linear on systems that support\n/dev/urandom or arc4random, so each returned number has no relationship to\nthe numbers preceding it.',
    );
  });

  it('ignores citation markers: [1] is not the number 1', () => {
    assert.equal(
      bestSentence(passage, 'Unsetting SRANDOM removes its special properties [1].'),
      'If SRANDOM is unset, it loses its\nspecial properties, even if it is subsequently reset.',
    );
    // Read as a word, "[1]" would match "Default is 1.".
    assert.equal(bestSentence(passage, '[1]'), null);
  });

  it('does not emphasise a bare term line: "SRANDOM" above its description is not a sentence of its own', () => {
    assert.equal(bestSentence(passage, 'What is SRANDOM?'), 'If SRANDOM is unset, it loses its\nspecial properties, even if it is subsequently reset.');
  });

  it('returns null when nothing matches meaningfully', () => {
    assert.equal(bestSentence(passage, 'Gnuplot fits converge at an epsilon of 1e-5 [3].'), null);
    assert.equal(bestSentence(passage, 'The [2].'), null);
    assert.equal(bestSentence('', 'anything at all'), null);
  });
});
