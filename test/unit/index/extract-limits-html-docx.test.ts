/**
 * HTML and DOCX within their limits: parsing time linear in any nesting (open elements capped as
 * browsers cap them), text cut at `maxChars`, a DOCX's zip refused before inflating when its XML
 * would unzip past `maxUnzippedBytes`, and a part that inflates past what its header declares.
 */
import assert from 'node:assert/strict';
import { extractDocx } from '../../../src/core/index/pipeline/extract/docx';
import { openDocxZip } from '../../../src/core/index/pipeline/extract/docxZip';
import { ExtractionError } from '../../../src/core/index/pipeline/extract/errors';
import { extractHtml } from '../../../src/core/index/pipeline/extract/html';
import { htmlBlocks, MAX_OPEN_ELEMENTS } from '../../../src/core/index/pipeline/extract/htmlBlocks';
import { makeDocx } from '../../support/docx';
import { makeDocxBomb } from '../../support/docxBombs';
import { deepHtml, unclosedHtml } from '../../support/htmlBombs';

const MB = 1024 * 1024;

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

describe('HTML parsed in linear time, text capped', () => {
  it('<div> nested 100,000 deep parses in about the time of 100,000 flat ones, text before and after the nest kept', () => {
    const flat = timed(() => htmlBlocks(`<p>before</p>${'<div></div>'.repeat(100_000)}<p>After the nest.</p>`));
    const deep = timed(() => htmlBlocks(deepHtml(100_000, 'before')));
    // Uncapped, the deep one took 10-100x the flat one (O(depth) per tag); capped it is the same work.
    assert.ok(deep.ms < flat.ms * 5 + 500, `deep ${Math.round(deep.ms)} ms, flat ${Math.round(flat.ms)} ms`);
    assert.deepEqual(
      deep.value.blocks.map((block) => block.text),
      ['before', 'After the nest.'],
    );
    assert.equal(deep.value.flattened, true);
    assert.equal(flat.value.flattened, false);
  });

  it('unclosed <b><i> pairs: the same, and elements past the cap still close (a deep <nav> and <script> are still skipped)', () => {
    const { value } = timed(() =>
      htmlBlocks(`${'<b><i>'.repeat(MAX_OPEN_ELEMENTS + 100)}<nav>menu words</nav><script>var hidden = 1;</script><p>Kept words.</p>`),
    );
    assert.deepEqual(
      value.blocks.map((block) => block.text),
      ['Kept words.'],
    );
    const many = timed(() => htmlBlocks(unclosedHtml(200_000)));
    const few = timed(() => htmlBlocks(unclosedHtml(20_000)));
    // Linear: ten times the tags, about ten times the time (quadratic was a hundred).
    assert.ok(many.ms < few.ms * 30 + 500, `200,000 pairs ${Math.round(many.ms)} ms, 20,000 pairs ${Math.round(few.ms)} ms`);
  });

  it('a page under the cap reads exactly as before', () => {
    const page = '<html><body><h1>Title</h1><div><p>One <b>bold</b> word.</p><ul><li>first</li><li>second</li></ul></div></body></html>';
    const { blocks, flattened, cut } = htmlBlocks(page);
    assert.deepEqual(
      blocks.map((block) => [block.level, block.text]),
      [
        [1, 'Title'],
        [0, 'One bold word.'],
        [0, 'first'],
        [0, 'second'],
      ],
    );
    assert.deepEqual([flattened, cut], [false, false]);
  });

  it('stops at maxChars: the first characters kept, one warning naming the limit and how to raise it', () => {
    const html = `<p>${'alpha '.repeat(50)}</p><p>${'omega '.repeat(50)}</p>`;
    const { text, warnings, cut } = extractHtml(new Uint8Array(Buffer.from(html)), { maxChars: 100 });
    assert.equal(cut, true);
    assert.ok(text.length <= 100, `${text.length} characters`);
    assert.match(text, /^alpha alpha/);
    assert.doesNotMatch(text, /omega/);
    assert.deepEqual(warnings, ['only the first 100 characters indexed (text limit per file: raise --max-chars (VS Code: research.index.maxCharsPerFile))']);
  });
});

describe('DOCX zip within its budget', () => {
  it('a normal document reads as before through the budgeted zip', async () => {
    const { text, warnings } = await extractDocx(await makeDocx([{ heading: 'Budget', level: 1 }, 'The travel budget is 300 wombats.']));
    assert.equal(text, '# Budget\n\nThe travel budget is 300 wombats.');
    assert.deepEqual(warnings, []);
  });

  it('XML that would unzip past the limit is refused from the zip directory alone (nothing inflated)', () => {
    const bomb = makeDocxBomb({ shape: 'paragraphs', megabytes: 150 });
    const { ms } = timed(() =>
      assert.throws(
        () => openDocxZip(bomb, 100 * MB),
        (error: unknown) =>
          error instanceof ExtractionError &&
          error.code === 'over-limit' &&
          error.message === 'its XML unzips to 150 MB (limit 100 MB; a zip bomb?): raise --max-unzipped-mb (VS Code: research.index.maxUnzippedMb)',
      ),
    );
    assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  });

  it('a part that inflates past its declared size stops one byte after it: corrupt, with the part named', async () => {
    const liar = makeDocxBomb({ shape: 'paragraphs', megabytes: 150, declaredSize: 1024 });
    const zip = openDocxZip(liar, 100 * MB);
    const before = process.memoryUsage().arrayBuffers;
    await assert.rejects(
      zip.read('word/document.xml', 'utf-8'),
      (error: unknown) =>
        error instanceof ExtractionError &&
        error.code === 'corrupt' &&
        error.message === 'damaged DOCX: word/document.xml does not inflate to the 1024 bytes its zip header declares (a zip bomb?)',
    );
    assert.ok(process.memoryUsage().arrayBuffers - before < 10 * MB);
  });

  it('the limit is the caller’s: the same 2 MB document passes at 3 MB and is refused at 1 MB', async () => {
    const docx = makeDocxBomb({ shape: 'one-paragraph', megabytes: 2 });
    const { text } = await extractDocx(docx, { maxUnzippedBytes: 3 * MB });
    assert.match(text, /^lorem ipsum/);
    await assert.rejects(extractDocx(docx, { maxUnzippedBytes: 1 * MB }), { code: 'over-limit' });
  });
});
