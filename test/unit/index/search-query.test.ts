import assert from 'node:assert/strict';
import { documentsNamedBy, pathWords } from '../../../src/core/index/search/docScope';
import { reciprocalRankFusion } from '../../../src/core/index/search/fusion';
import { analyzeQuery, isCodeToken, splitQuestion, withoutWords } from '../../../src/core/index/search/query';

describe('search query handling', () => {
  it('keeps content words and drops question and filler words', () => {
    const q = analyzeQuery('What is the default epsilon that the fit command uses to decide convergence?');
    assert.deepEqual(q.terms, ['default', 'epsilon', 'fit', 'command', 'uses', 'decide', 'convergence']);
  });

  it('reads a possessive as the word it is attached to, with no lone "s"', () => {
    const q = analyzeQuery("In Meyer's e1071 article, what do partykit’s trees and R's lm() share?");
    assert.deepEqual(q.terms, ['Meyer', 'e1071', 'article', 'partykit', 'trees', 'R', 'lm', 'share']);
  });

  it('reads "how many" and "how much" as question words, and "many" elsewhere as a word', () => {
    const q = analyzeQuery('How many bootstrap samples does vcovBS() draw, and how much memory do many-core runs need?');
    assert.deepEqual(q.terms, ['bootstrap', 'samples', 'vcovBS', 'draw', 'memory', 'many', 'core', 'runs']);
  });

  it('keeps identifiers whole and every piece of them, even pieces that look like filler', () => {
    const q = analyzeQuery('Is libR.so built by default? What about --timelimit, UV_THREADPOOL_SIZE and the US usage?');
    assert.deepEqual(q.identifiers, ['libR.so', '--timelimit', 'UV_THREADPOOL_SIZE']);
    for (const term of ['libR', 'so', 'timelimit', 'UV', 'THREADPOOL', 'SIZE', 'US', 'usage']) assert.ok(q.terms.includes(term), term);
    assert.ok(!q.terms.includes('about') && !q.terms.includes('the'));
  });

  it('turns quoted and back-ticked text into phrases', () => {
    const q = analyzeQuery('How do I change it with `set fit limit` or "fit limit_abs"?');
    assert.deepEqual(q.phrases, ['set fit limit', 'fit limit abs']);
    assert.ok(q.terms.includes('set') && q.terms.includes('limit'));
  });

  it('splits a question that asks two things, and only such a question', () => {
    assert.deepEqual(splitQuestion('What is the default stack size of a worker, and what is the default maxBuffer of exec()?'), [
      'What is the default stack size of a worker',
      'what is the default maxBuffer of exec()?',
    ]);
    assert.deepEqual(splitQuestion('How do I keep free space? What value is suggested?'), ['How do I keep free space?', 'What value is suggested?']);
    const single = 'Which apt option writes status lines and progress to a file descriptor?';
    assert.deepEqual(splitQuestion(single), [single]);
  });

  it('drops the words that named a document, singular or plural', () => {
    const q = analyzeQuery('In the Debian copyright format, which Files stanzas apply?');
    assert.deepEqual(withoutWords(q, new Set(['debian', 'copyright', 'format', 'file'])).terms, ['stanzas', 'apply']);
  });

  it('returns no terms for a question with nothing to search', () => {
    assert.deepEqual(analyzeQuery('What is it?').terms, []);
    assert.deepEqual(analyzeQuery('   ').terms, []);
  });
});

describe('code identifiers in a question', () => {
  it('tells code names from hyphenated English and dotted product names', () => {
    for (const token of ['CompleteMulti', 'libR.so', 'UV_THREADPOOL_SIZE', '-dKPreserve=2', '--timelimit', 'Csiscone::compute_jets', 'SRANDOM']) {
      assert.ok(isCodeToken(token), token);
    }
    for (const token of ['plain-text', 'Node.js', 'debian/copyright', 'machine-readable', 'US', 'AMC']) assert.ok(!isCodeToken(token), token);
  });
});

describe('documents named by a question', () => {
  const paths = ['lilypond/music-glossary.pdf', 'lilypond/learning.pdf', 'nodejs/worker_threads.md', 'nodejs/cli.md', 'debian/fhs-3.0.pdf', 'r/R-admin.pdf'];

  it('reads name words from a path, without extension, versions or generic words', () => {
    assert.deepEqual(pathWords('lilypond/music-glossary.pdf'), ['lilypond', 'music', 'glossary']);
    assert.deepEqual(pathWords('erlang/mnesia-4.21.3.pdf'), ['erlang', 'mnesia']);
    assert.deepEqual(pathWords('nodejs/worker_threads.md'), ['nodejs', 'worker', 'threads']);
  });

  it('picks the documents whose names the question uses best', () => {
    assert.deepEqual(documentsNamedBy('What is a breve called, according to the LilyPond Music Glossary?', paths), ['lilypond/music-glossary.pdf']);
    assert.deepEqual(documentsNamedBy('In Node.js, how big is a worker thread stack?', paths), ['nodejs/worker_threads.md']);
    assert.deepEqual(documentsNamedBy('How do I bake bread?', paths), []);
  });

  it('reads a folder name alone as naming the whole collection, not the file that repeats it', () => {
    const debian = ['debian/debian-reference.en.pdf', 'debian/maint-guide.en.pdf', 'debian/developers-reference.pdf', 'r/R-admin.pdf'];
    // "debian" is both the folder and half of debian-reference's own name: it used to name that file alone.
    assert.deepEqual(documentsNamedBy('Should a Debian library package ship libtool archives?', debian), debian.slice(0, 3));
    assert.deepEqual(documentsNamedBy("What does the Debian Developer's Reference recommend?", debian), ['debian/developers-reference.pdf']);
    assert.deepEqual(documentsNamedBy('What does the Debian Reference say about pinning?', debian), ['debian/debian-reference.en.pdf']);
  });
});

describe('reciprocal rank fusion', () => {
  it('rewards items both lists rank well and respects weights', () => {
    const fused = reciprocalRankFusion(
      [
        { items: ['a', 'b', 'c'], weight: 1 },
        { items: ['d', 'b', 'c'], weight: 1 },
      ],
      (x) => x,
    );
    assert.deepEqual(
      fused.map((f) => f.item),
      ['b', 'c', 'a', 'd'],
    );
    assert.ok(Math.abs(fused[0]!.score - (1 / 62 + 1 / 62)) < 1e-12);
    const weighted = reciprocalRankFusion(
      [
        { items: ['a'], weight: 1 },
        { items: ['d'], weight: 2 },
      ],
      (x) => x,
    );
    assert.deepEqual(
      weighted.map((f) => f.item),
      ['d', 'a'],
    );
  });
});
