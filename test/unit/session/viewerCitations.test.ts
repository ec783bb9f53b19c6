/**
 * The viewer's in-text citation links (core's pdfCitationLinks, what the extension sends the PDF
 * viewer): each citation of a library PDF with its page and its boxes where it is printed, the
 * reference entry it cites, and the library paper that entry is; and the page a click opens.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageToOpen } from '../../../src/core/citations/followCitation';
import { indexFolder } from '../../../src/core/index';
import { openSession } from '../../../src/core/session';
import { writeCitingLibrary } from '../../support/citingPapers';
import { withTempDir } from '../../support/tempDir';

describe('session: the in-text citations of a PDF as the viewer links them', function () {
  this.timeout(300_000);

  it('gives each citation its page, its boxes over the printed text, its entry and the library paper it is', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      const { sandwich, oop } = await writeCitingLibrary(root);
      const run = indexFolder({ root, dbDir, workers: 1 });
      while (!(await run.next()).done);
      const session = openSession({
        settings: { model: { kind: 'none' }, ollamaHost: null, limits: {}, chat: { tracing: false }, embedding: { mode: 'none' }, index: {} },
        sources: [{ kind: 'folder', label: 'library', root, dbDir }],
      });
      try {
        const links = await session.citationLinks(oop);
        assert.ok(links, 'no links for the citing paper');
        const zeileis = links.references.find((r) => r.year === '2004')!;
        assert.deepEqual(
          { name: zeileis.name, authors: zeileis.authors, title: zeileis.title, library: zeileis.library },
          {
            name: 'Zeileis (2004)',
            authors: 'A Zeileis',
            title: 'Econometric Computing with HC and HAC Covariance Matrix Estimators',
            // The library knows the cited paper from its PDF alone, which prints no year.
            library: { path: sandwich, name: 'Zeileis (n.d.) Econometric Computing with HC and HAC Covariance Matrix Estimators' },
          },
        );
        const andrews = links.references.find((r) => r.year === '1991')!;
        assert.equal(andrews.library, null, 'Andrews (1991) is not in the library');
        const cited = links.mentions.filter((m) => m.entry === zeileis.index);
        assert.deepEqual(
          cited.map((m) => ({ page: m.page, text: m.text, citedPage: m.citedPage })),
          [
            { page: 1, text: 'Zeileis (2004)', citedPage: undefined },
            { page: 2, text: 'Zeileis (2004, p. 5)', citedPage: 'p. 5' },
          ],
        );
        // The first body line is drawn at x 72, baseline 220 (test/support/citingPapers.ts): the
        // citation's box sits on it, right of the line's start, one line high.
        const [left, top, right, bottom] = cited[0]!.boxes[0]!;
        assert.ok(left > 72 && right > left && right < 540, `box ${cited[0]!.boxes[0]}`);
        assert.ok(top < 220 && bottom > 214 && bottom - top < 16, `box ${cited[0]!.boxes[0]}`);
        assert.equal(await session.citationLinks('elsewhere/none.pdf'), null);
      } finally {
        await session.close();
      }
    }));
});

describe('viewer: the page a clicked citation opens in the cited paper', () => {
  it('counts a named page from the first page the reference gives the work', () => {
    assert.equal(pageToOpen({ pages: '817–858' }, { citedPage: 'p. 820' }), 4);
    assert.equal(pageToOpen({ pages: '1-17' }, { citedPage: 'pp. 5-6' }), 5);
  });
  it('opens the first page when no page is named, or one outside the work', () => {
    assert.equal(pageToOpen({ pages: '817–858' }, {}), 1);
    assert.equal(pageToOpen({ pages: '817–858' }, { citedPage: 'p. 3' }), 1);
    assert.equal(pageToOpen({ pages: 'e1002' }, { citedPage: 'p. 3' }), 1);
    assert.equal(pageToOpen({}, { citedPage: 'p. iv' }), 1);
  });
  it("takes a named page as the PDF's own when the reference gives no pages", () => {
    assert.equal(pageToOpen({}, { citedPage: 'p. 5' }), 5);
  });
});
