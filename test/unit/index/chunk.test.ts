import assert from 'node:assert/strict';
import { chunkDocument, DEFAULT_CHUNK_OPTIONS, InvalidChunkOptionsError } from '../../../src/core/index/pipeline/chunk';
import type { Chunk, ExtractedDocument } from '../../../src/core/index/types';

const markdown = (text: string, path = 'notes/guide.md'): ExtractedDocument => ({ path, kind: 'markdown', pages: [text], warnings: [] });
const pdf = (pages: string[], path = 'manual.pdf'): ExtractedDocument => ({ path, kind: 'pdf', pages, warnings: [] });

/** A paragraph of `sentences` distinct sentences, each tagged so its origin can be traced. */
function paragraph(tag: string, sentences: number): string {
  return Array.from({ length: sentences }, (_, i) => `Sentence ${tag}-${i} talks about topic ${tag} in some detail.`).join(' ');
}

/** PDF-like page text: ~80-character lines, no blank lines, like unpdf's output. */
function pdfPage(tag: string, lines: number): string {
  return Array.from({ length: lines }, (_, i) => `line ${tag}.${i} of the page body text, with enough words to fill a line ok`).join('\n');
}

describe('chunkDocument: Markdown and text', () => {
  const doc = [
    '# Guide',
    '',
    paragraph('intro', 12),
    '',
    '## Install',
    '',
    paragraph('install', 30),
    '',
    '```sh',
    '# not a heading: a shell comment',
    'make install',
    '```',
    '',
    'Configure',
    '---------',
    '',
    paragraph('configure', 8),
  ].join('\n');

  it('gives every chunk the exact text of its 1-based line range', () => {
    const lines = doc.split('\n');
    const chunks = chunkDocument(markdown(doc), { chunkSize: 400, overlap: 60 });
    assert.ok(chunks.length > 4);
    for (const c of chunks) {
      assert.equal(c.pageStart, null);
      assert.ok(c.lineStart !== null && c.lineEnd !== null && c.lineStart <= c.lineEnd);
      const firstLine = lines[c.lineStart - 1]!;
      const lastLine = lines[c.lineEnd - 1]!;
      // Whole lines, except where a line longer than a chunk had to be cut: then a piece of it.
      assert.ok(c.text.startsWith(firstLine.slice(0, 20)) || firstLine.includes(c.text.split('\n')[0]!), `chunk ${c.ordinal} start`);
      assert.ok(lastLine.includes(c.text.split('\n').at(-1)!), `chunk ${c.ordinal} end`);
      if (c.text.split('\n').length === c.lineEnd - c.lineStart + 1 && c.text.includes('\n')) {
        assert.deepEqual(c.text.split('\n').slice(1, -1), lines.slice(c.lineStart, c.lineEnd - 1));
      }
    }
  });

  it('cuts exactly at line boundaries when lines are short', () => {
    const text = Array.from({ length: 200 }, (_, i) => `line number ${i + 1} says something.`).join('\n');
    const lines = text.split('\n');
    for (const c of chunkDocument(markdown(text), { chunkSize: 300, overlap: 50 })) {
      assert.equal(c.text, lines.slice(c.lineStart! - 1, c.lineEnd!).join('\n'));
    }
  });

  it('starts a new chunk at each heading and labels chunks with their section', () => {
    const chunks = chunkDocument(markdown(doc), { chunkSize: 400, overlap: 60 });
    const install = chunks.filter((c) => c.text.includes('Sentence install-'));
    assert.ok(install.length >= 2);
    for (const c of install) assert.equal(c.heading, 'Install');
    assert.ok(install.every((c) => !c.text.includes('Sentence intro-') && !c.text.includes('Sentence configure-')));
    // A `#` line inside a code fence is not a heading; an underlined line is.
    assert.equal(chunks.find((c) => c.text.includes('make install'))?.heading, 'Install');
    assert.equal(chunks.find((c) => c.text.includes('Sentence configure-0'))?.heading, 'Configure');
    assert.equal(chunks[0]!.heading, 'Guide');
  });

  it('repeats the end of a chunk at the start of the next when a section is cut', () => {
    const text = Array.from({ length: 60 }, (_, i) => `Line ${i} is a sentence that ends here.`).join('\n');
    const chunks = chunkDocument(markdown(text), { chunkSize: 300, overlap: 80 });
    for (let i = 1; i < chunks.length; i++) assert.ok(chunks[i]!.lineStart! <= chunks[i - 1]!.lineEnd!, `chunk ${i} overlaps`);
    const noOverlap = chunkDocument(markdown(text), { chunkSize: 300, overlap: 0 });
    for (let i = 1; i < noOverlap.length; i++) assert.equal(noOverlap[i]!.lineStart, noOverlap[i - 1]!.lineEnd! + 1);
  });

  it('keeps chunks near the size limit and prefers paragraph ends', () => {
    const text = Array.from({ length: 20 }, (_, i) => paragraph(`p${i}`, 3)).join('\n\n');
    const chunks = chunkDocument(markdown(text), { chunkSize: 500, overlap: 0 });
    for (const c of chunks) {
      assert.ok(c.text.length <= 500, `chunk of ${c.text.length}`);
      assert.ok(c.text.endsWith('detail.'), 'ends at a sentence/paragraph end');
    }
  });

  it('handles a tiny file, an empty one and one huge line', () => {
    assert.deepEqual(chunkDocument(markdown('   \n\n  ')), []);
    const tiny = chunkDocument(markdown('hello'));
    assert.equal(tiny.length, 1);
    assert.deepEqual([tiny[0]!.lineStart, tiny[0]!.lineEnd, tiny[0]!.text], [1, 1, 'hello']);
    const huge = paragraph('huge', 800); // one 40,000-character line
    const chunks = chunkDocument(markdown(huge), { chunkSize: 1000, overlap: 100 });
    assert.ok(chunks.length >= 40);
    for (const c of chunks) {
      assert.deepEqual([c.lineStart, c.lineEnd], [1, 1]);
      assert.ok(c.text.length <= 1000 && huge.includes(c.text));
    }
    assert.ok(chunks.at(-1)!.text.endsWith('Sentence huge-799 talks about topic huge in some detail.'));
  });

  it('gives stable, unique ids that depend on the path', () => {
    const a = chunkDocument(markdown(doc), { chunkSize: 400, overlap: 60 });
    const b = chunkDocument(markdown(doc), { chunkSize: 400, overlap: 60 });
    const other = chunkDocument(markdown(doc, 'other.md'), { chunkSize: 400, overlap: 60 });
    assert.deepEqual(
      a.map((c) => c.id),
      b.map((c) => c.id),
    );
    assert.equal(new Set(a.map((c) => c.id)).size, a.length);
    assert.ok(a.every((c, i) => c.id !== other[i]!.id));
    assert.deepEqual(
      a.map((c) => c.ordinal),
      a.map((_, i) => i),
    );
  });

  it('refuses nonsense sizes with a typed error', () => {
    assert.throws(() => chunkDocument(markdown(doc), { chunkSize: 0 }), InvalidChunkOptionsError);
    assert.throws(
      () => chunkDocument(markdown(doc), { chunkSize: 500, overlap: 400 }),
      (e) => e instanceof InvalidChunkOptionsError && e.code === 'invalid-chunk-options',
    );
    assert.ok(DEFAULT_CHUNK_OPTIONS.overlap < DEFAULT_CHUNK_OPTIONS.chunkSize / 2);
  });
});

describe('chunkDocument: PDFs', () => {
  const pageOf = (c: Chunk, tag: string) => c.text.includes(`line ${tag}.`);

  it('records the physical pages each chunk comes from', () => {
    const pages = ['a', 'b', 'c', 'd'].map((t) => pdfPage(t, 25));
    const chunks = chunkDocument(pdf(pages), { chunkSize: 800, overlap: 120 });
    for (const c of chunks) {
      assert.equal(c.lineStart, null);
      ['a', 'b', 'c', 'd'].forEach((tag, i) => {
        if (pageOf(c, tag))
          assert.ok(c.pageStart! <= i + 1 && i + 1 <= c.pageEnd!, `chunk ${c.ordinal} has page ${i + 1} text but says ${c.pageStart}-${c.pageEnd}`);
      });
      const first = ['a', 'b', 'c', 'd'].findIndex((tag) => pageOf(c, tag)) + 1;
      assert.equal(c.pageStart, first);
    }
    assert.equal(chunks[0]!.pageStart, 1);
    assert.equal(chunks.at(-1)!.pageEnd, 4);
  });

  it('keeps a sentence that crosses a page break findable in one chunk covering both pages', () => {
    const page2 = `${pdfPage('b', 20)}\nThe default compression level of the frobnicator is`;
    const page3 = `seventeen, unless the environment says otherwise.\n${pdfPage('c', 20)}`;
    const chunks = chunkDocument(pdf([pdfPage('a', 20), page2, page3]), DEFAULT_CHUNK_OPTIONS);
    const whole = chunks.filter((c) => /frobnicator is\nseventeen/.test(c.text));
    assert.ok(whole.length >= 1, 'some chunk holds the whole sentence');
    for (const c of whole) assert.deepEqual([c.pageStart, c.pageEnd], [2, 3]);
  });

  it('drops running headers and footers but keeps them as the heading', () => {
    const pages = Array.from({ length: 8 }, (_, i) => `Chapter 2 Frobnication ${i + 10}\n${pdfPage(`p${'abcdefgh'[i]}`, 12)}\nFrob Manual ${i + 1} / 8`);
    const chunks = chunkDocument(pdf(pages), DEFAULT_CHUNK_OPTIONS);
    assert.ok(chunks.every((c) => !/Frob Manual \d+ \/ 8/.test(c.text) && !c.text.includes('Chapter 2 Frobnication')));
    assert.equal(chunks.at(-1)!.heading, 'Chapter 2 Frobnication');
  });

  it('keeps the text of each line as extracted, hyphens included, and rejoins a cut overlong line', () => {
    const chunks = chunkDocument(pdf(['The auto-multiple-\nchoice tool.']));
    assert.equal(chunks[0]!.text, 'The auto-multiple-\nchoice tool.');
    const long = paragraph('long', 60);
    const pieces = chunkDocument(pdf([long]), { chunkSize: 1000, overlap: 0 });
    assert.ok(pieces.length >= 3);
    assert.equal(pieces.map((c) => c.text).join(''), long);
  });

  it('skips empty pages and returns nothing for a PDF without text', () => {
    assert.deepEqual(chunkDocument(pdf(['', '  ', ''])), []);
    const chunks = chunkDocument(pdf(['', 'only page two has text', '']));
    assert.deepEqual(
      chunks.map((c) => [c.pageStart, c.pageEnd]),
      [[2, 2]],
    );
  });
});
