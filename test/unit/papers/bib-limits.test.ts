/**
 * A bib file read fast and within limits: plain entries read without the full parser give what the
 * parser gives (side by side on a generated lab bib and on entries written to trip it), `<` and
 * `>` stay themselves, and the limits (entries, characters per entry, time, problems listed) end
 * a pathological file with its problems counted, keeping what was read for the next read.
 */
import assert from 'node:assert/strict';
import { BIB_LIMITS, parseBibText, type BlockResult } from '../../../src/core/papers/bib/parseBib';
import { readPlainEntry } from '../../../src/core/papers/bib/plainEntry';
import { ordinaryEntry, realisticBib } from '../../support/bibFiles';
import { LIBRARY_BIB } from '../../support/paperLibrary';

const TRICKY = [
  '@article{a1, title = {pages 1--2 and 3---4}, author = {Doe, Jane}}',
  '@article{a2, title = "Quoted {Title} here", journal = jss, year = 2001, month = jan}',
  '@string{jss = {Journal of Statistical Software}}',
  '@article{a3, journal = jss, title = {With a string}}',
  "@article{a4, author = {Müller, Anna and van der Berg, Jan and Jan de Vries and Smith, Jr., John and {World Health Organization} and O'Brien, Pat}}",
  '@article{a5, author = {John Smith and Anna-Lena Müller and J. R. R. Tolkien and Smith, J.}, editor = {Doe, J.}}',
  '@article{a6, title = {  spaced\n   out\ttitle  }, year = {2001}, date = {2020-01}}',
  '@article{a7, title = {Caf{\\\'e} \\"uber}, author = {Ganz and Others}}',
  "@article{a8, title = {A. B? C! D: E; F, G (H) [I] 'J' *K*}, note = {see arXiv:2101.00001}}",
  '@article{a9, title = {{A} survival data}, file = {a.pdf:PDF}, eprint = {1234.5678}, archiveprefix = {arXiv}}',
  '@article{a10, author = {Smith, John and others}, doi = {10.1002/(SICI)1097_0258}, url = {https://x.org/a_b}}',
  '@article{a11, author = {Smith, John AND Doe, Jane}, booktitle = {Proc. of {ICML}}}',
  '@book{a12, editor = {Doe, J.}, title = {T}, series = {S}, institution = {I}, school = {U}}',
  '@misc{a13, title = {Über {B}ayes}, howpublished = {online}, eprinttype = {arxiv}}',
  '@article{a14, author = {de la Fuente, Ana and von Neumann, John and Ludwig van Beethoven}}',
  '@article{a15, author = {Zeileis, Achim}, title = {Econometric Computing with {HC} and {HAC} Covariance Matrix Estimators}, journal = {Journal of Statistical Software}, year = 2004, volume = 11, number = 10, pages = {1--17}}',
  '@inproceedings{a16, title = {x}, crossref = {a12}}',
  '@article{a17, title = {T}, title = {Twice}}',
  '@article{a18, title = {Unclosed {brace}',
].join('\n\n');

describe('papers: plain bib entries read without the full parser', function () {
  this.timeout(120_000);

  it('gives what the full parser gives, entry for entry, on a generated lab bib, the test library and tricky entries', async () => {
    for (const [name, text] of [
      ['lab', realisticBib(1500)],
      ['library', LIBRARY_BIB],
      ['tricky', TRICKY],
    ] as const) {
      const limits = { ...BIB_LIMITS, timeMs: Infinity };
      const fast = await parseBibText(text, `${name}.bib`, { limits });
      const full = await parseBibText(text, `${name}.bib`, { plain: false, limits });
      assert.deepEqual(fast.entries, full.entries, name);
      assert.deepEqual(fast.problems, full.problems, name);
    }
  });

  it('reads the ordinary entries of a lab bib itself (the full parser costs ~2 ms each)', () => {
    const entries = Array.from({ length: 500 }, (_, i) => ordinaryEntry(i));
    const plain = entries.filter((e) => readPlainEntry(e, {}) !== null).length;
    assert.equal(plain, entries.length);
  });

  it('keeps < and > in a title (the parser prints them as ¡ and ¿)', async () => {
    const { entries } = await parseBibText('@article{lt, title = {When p < 0.05 and n > 30: <i>t</i> tests}, author = {Doe, Jane}}', 'refs.bib');
    assert.equal(entries[0]!.title, 'When p < 0.05 and n > 30: <i>t</i> tests');
  });
});

describe('papers: bib files within limits', function () {
  this.timeout(120_000);
  const limits = { maxEntries: 50, maxEntryChars: 2_000, timeMs: 60_000 };

  it('reads at most maxEntries entries and says the rest was left out', async () => {
    const { entries, problems } = await parseBibText(realisticBib(80), 'big.bib', { limits });
    assert.equal(entries.length, 50);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!.message, /more than 50 entries: the rest of the file is left out/);
  });

  it('leaves out an entry longer than maxEntryChars without parsing it, and reads the others', async () => {
    const huge = `@article{huge, title = {Huge}, abstract = {${'word '.repeat(1_000)}}}\n`;
    const { entries, problems } = await parseBibText(`${ordinaryEntry(1)}\n${huge}\n${ordinaryEntry(2)}`, 'refs.bib', { limits });
    assert.equal(entries.length, 2);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!.message, /^@article\{huge is over 2,000 characters: left out$/);
  });

  it('out of time: says how many entries wait, and the next read with the kept blocks goes on from there', async () => {
    const text = realisticBib(30);
    const first = await parseBibText(text, 'refs.bib', { limits: { ...limits, timeMs: 0 }, plain: false });
    assert.ok(first.entries.length < 30);
    assert.match(first.problems.at(-1)!.message, /entries not read within the 0 s a bib file is given at a time: the next read goes on from there/);
    const known = new Map<string, BlockResult>(first.blocks.flatMap((b) => (b.result ? [[b.hash, b.result] as const] : [])));
    const done = await parseBibText(text, 'refs.bib', { limits, known });
    assert.equal(done.entries.length, 30);
    assert.deepEqual(done.problems, []);
  });

  it('with every block known, nothing is parsed again: all entries even with no time at all', async () => {
    const text = realisticBib(40);
    const first = await parseBibText(text, 'refs.bib', { limits });
    const known = new Map<string, BlockResult>(first.blocks.map((b) => [b.hash, b.result!]));
    const again = await parseBibText(text, 'refs.bib', { limits: { ...limits, timeMs: -1 }, known });
    assert.deepEqual(again.entries, first.entries);
  });

  it('one key 300 times: 100 problems listed and the rest counted in one line', async () => {
    const { entries, problems } = await parseBibText(
      ordinaryEntry(3)
        .replace(/^@article\{[^,]+,/, '@article{same,')
        .repeat(300),
      'refs.bib',
    );
    assert.equal(entries.length, 1);
    assert.equal(problems.length, 101);
    assert.match(problems.at(-1)!.message, /^and 199 more problems like these, from here on$/);
  });
});
