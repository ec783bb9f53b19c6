import * as assert from 'node:assert/strict';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pagePreviewHtml, type PagePreview } from '../../../src/core/citations/pagePreview';
import { PagePreviewThread } from '../../../src/core/index';
import { writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

const lines = (page: number, n: number) => Array.from({ length: n }, (_, i) => `Page ${page} line ${i + 1} about the proxy settings.`);
const marked = (preview: PagePreview) =>
  preview.spans
    .flatMap((s) => (s.marks ?? []).map(([a, b]) => s.text.slice(a, b)))
    .join(' ')
    .replace(/\s+/g, ' ');

describe('page preview: the cited page as text in place, the passage marked (real PDF, real worker thread)', function () {
  this.timeout(60_000);
  let thread: PagePreviewThread;
  beforeEach(() => (thread = new PagePreviewThread()));
  afterEach(() => thread.dispose());

  it('places each line where the page prints it and marks only the cited passage', () =>
    withTempDir(async (dir) => {
      const path = await writePdf(join(dir, 'manual.pdf'), [
        { lines: [...lines(1, 6), 'The proxy timeout defaults to 30 seconds', 'unless PROXY_TIMEOUT says otherwise.', ...lines(1, 3)] },
      ]);
      const preview = await thread.read({ path, page: 1, text: 'The proxy timeout defaults to 30 seconds unless PROXY_TIMEOUT says otherwise.' });
      assert.ok(preview, 'no preview');
      assert.equal(preview.page, 1);
      assert.deepEqual([preview.width, preview.height], [595, 842]);
      assert.equal(preview.located, true);
      assert.equal(marked(preview), 'The proxy timeout defaults to 30 seconds unless PROXY_TIMEOUT says otherwise.');
      const texts = preview.spans.map((s) => s.text);
      assert.ok(texts.includes('Page 1 line 1 about the proxy settings.'), texts.join(' | '));
      // Reading order runs down the page, from the left margin, inside the page.
      const tops = preview.spans.map((s) => s.top);
      assert.deepEqual(
        tops,
        [...tops].sort((a, b) => a - b),
      );
      for (const span of preview.spans) {
        assert.ok(span.left >= 49 && span.left + span.width <= 595, `${span.text} at ${span.left}+${span.width}`);
        assert.ok(span.size > 5 && span.size < 30);
      }
    }));

  it('marks the first page of a passage that crosses a page break with that page’s part only', () =>
    withTempDir(async (dir) => {
      const path = await writePdf(join(dir, 'cross.pdf'), [
        { lines: [...lines(1, 20), 'A stale lock left by a crashed'] },
        { lines: ['installation must be deleted by hand.', ...lines(2, 5)] },
      ]);
      const preview = await thread.read({ path, page: 1, pageEnd: 2, text: 'A stale lock left by a crashed installation must be deleted by hand.' });
      assert.equal(preview?.located, true);
      assert.equal(marked(preview!), 'A stale lock left by a crashed');
    }));

  it('shows the page unmarked when the passage is not on it, and nothing for a file that is not a PDF', () =>
    withTempDir(async (dir) => {
      const path = await writePdf(join(dir, 'manual.pdf'), [{ lines: lines(1, 8) }]);
      const preview = await thread.read({ path, page: 1, text: 'This sentence was never printed in the document at all, anywhere.' });
      assert.equal(preview?.located, false);
      assert.equal(marked(preview!), '');
      assert.equal(await thread.read({ path, page: 9 }), undefined, 'a page past the end has no preview');
      const broken = join(dir, 'broken.pdf');
      await appendFile(broken, 'not a PDF at all');
      await assert.rejects(thread.read({ path: broken, page: 1 }));
    }));

  it('reads a file again once it changed, not the copy it kept open', () =>
    withTempDir(async (dir) => {
      const path = join(dir, 'manual.pdf');
      await writePdf(path, [{ lines: ['The first edition says ten seconds.'] }]);
      assert.equal((await thread.read({ path, page: 1 }))?.spans[0]?.text, 'The first edition says ten seconds.');
      await new Promise((r) => setTimeout(r, 20)); // a later modification time
      await writePdf(path, [{ lines: ['The second edition says twenty seconds.'] }]);
      assert.equal((await thread.read({ path, page: 1 }))?.spans[0]?.text, 'The second edition says twenty seconds.');
    }));
});

describe('page preview HTML', () => {
  const preview: PagePreview = {
    page: 3,
    width: 600,
    height: 800,
    located: true,
    spans: [
      { text: 'Use <script> & "quotes"', left: 60, top: 80, size: 12, width: 300, family: 'monospace', marks: [[4, 12]] },
      { text: 'plain line', left: 60, top: 100, size: 12, width: 120, family: 'serif' },
    ],
  };

  it('escapes the page’s text and marks the cited characters', () => {
    const html = pagePreviewHtml(preview);
    assert.ok(!html.includes('<script>'), html);
    assert.match(html, /Use <mark>&#60;script&#62;<\/mark> &#38; &#34;quotes&#34;/);
    assert.match(html, /<span class="serif" [^>]*>plain line<\/span>/);
  });

  it('places runs in percent of the page, sized in percent of its width', () => {
    const html = pagePreviewHtml(preview);
    assert.match(html, /data-page="3" data-width="600" data-height="800" style="aspect-ratio:600\/800"/);
    assert.match(html, /left:10%;top:10%;--size:2;--width:50"/);
  });
});
