import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openIndexForQueries, openPaperLibrary, type OpenedIndex } from '../../../src/core/index';
import { checkCitations } from '../../../src/core/manuscript/check/checkCitations';
import type { CheckOptions, CitationCheck } from '../../../src/core/manuscript/check/citationCheck';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';

/** Lines enough to fill most of a chunk, so each page is indexed as its own passage. */
const filler = (topic: string) => Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1} discusses ${topic} in general terms, as background.`);

/**
 * Two papers of several pages: the one the drafts cite states the hurdle default on p. 2 and the
 * geometric special case on p. 5 (the pages between are about other things); the other is printed
 * as pp. 101-104 (page labels) and states its claim on its second page, printed p. 102.
 */
async function library(root: string): Promise<void> {
  await mkdir(join(root, 'papers'), { recursive: true });
  await writePdf(join(root, 'papers/countreg.pdf'), [
    { lines: ['Regression Models for Count Data in the frobnicate Package', ...filler('count data')] },
    { lines: ['The hurdle model uses a binomial zero component by default,', 'and its count part is a truncated Poisson model.', ...filler('hurdles')] },
    { lines: filler('diagnostics') },
    { lines: filler('an application to office visits') },
    { lines: ['The geometric model is the negative binomial model with its shape', 'parameter fixed at one.', ...filler('negative binomial models')] },
  ]);
  await writePdf(
    join(root, 'papers/printed.pdf'),
    [
      { lines: filler('kriging') },
      { lines: ['Variogram models are fitted by weighted least squares', 'with weights from the number of point pairs.'] },
      { lines: filler('space') },
      { lines: filler('time') },
    ],
    { pageLabels: [{ from: 1, start: 101 }] },
  );
}

const keys: Record<string, string> = { countreg: 'papers/countreg.pdf', printed: 'papers/printed.pdf' };

async function withLibrary(fn: (index: OpenedIndex, port: CheckOptions['library']) => Promise<void>): Promise<void> {
  await withTempDir(async (dir) => {
    const root = join(dir, 'library');
    await library(root);
    const dbDir = join(dir, 'index');
    const run = indexFolder({ root, dbDir, embedder: null, workers: 1 });
    let step = await run.next();
    while (!step.done) step = await run.next();
    const index = await openIndexForQueries(dbDir, { embedder: null });
    const papers = (await openPaperLibrary(dbDir, root)).library;
    const port: CheckOptions['library'] = {
      resolveKey: (key) => (keys[key] ? { path: keys[key] } : null),
      pageLabel: (path, page) => papers.pageLabel(path, page),
    };
    try {
      await fn(index, port);
    } finally {
      await index.close();
    }
  });
}

const check = async (index: OpenedIndex, port: CheckOptions['library'], draft: string): Promise<CitationCheck[]> =>
  checkCitations(parseDraft(draft, 'markdown').sentences, { retriever: index.retriever, library: port, exclude: [] });

const line = (c: CitationCheck) => `${c.verdict} p${c.evidence?.page}: ${c.reason}`;

describe('manuscript check: the cited page first, then the rest of the paper', function () {
  this.timeout(120000);

  it('judges on the cited page, and says so; a claim on the page next to it is still supported', () =>
    withLibrary(async (index, port) => {
      const [onPage] = await check(index, port, 'By default the hurdle model uses a binomial zero component [@countreg, p. 2].');
      assert.equal(line(onPage!), 'supported p2: supported on the cited p. 2');
      assert.deepEqual(onPage!.locator, { text: 'p. 2', pages: [2] });
      const [next] = await check(index, port, 'By default the hurdle model uses a binomial zero component [@countreg, p. 3].');
      assert.equal(line(next!), 'supported p2: supported on p. 2, next to the cited p. 3');
    }));

  it('says "supported on p. 5, not on the cited p. 2" when the paper says it on another page than the one cited', () =>
    withLibrary(async (index, port) => {
      const [moved] = await check(index, port, 'The geometric model is a negative binomial model whose shape parameter is fixed at one [@countreg, p. 2].');
      assert.equal(line(moved!), 'other-page p5: supported on p. 5, not on the cited p. 2');
      assert.equal(moved!.cause, 'elsewhere');
      assert.deepEqual(moved!.locator, { text: 'p. 2', pages: [2] });
    }));

  it('reads the whole cited paper without a locator: the page that says it wherever it is, and "not found" only when no page does', () =>
    withLibrary(async (index, port) => {
      const [found, absent] = await check(
        index,
        port,
        'The geometric model is a negative binomial model whose shape parameter is fixed at one [@countreg].\n\n' +
          'Zero-inflated models are estimated by simulated annealing with restarts [@countreg].',
      );
      assert.equal(line(found!), 'supported p5: supported on p. 5');
      assert.equal(absent!.verdict, 'not-found');
      assert.match(absent!.reason, /^the cited paper does not say this/);
    }));

  it('reads a locator as the page’s printed label when the PDF has page labels, and names pages the same way', () =>
    withLibrary(async (index, port) => {
      const [printed] = await check(
        index,
        port,
        'Variogram models are fitted by weighted least squares, weighted by the number of point pairs [@printed, p. 102].',
      );
      assert.equal(line(printed!), 'supported p2: supported on the cited p. 102');
      const [elsewhere] = await check(
        index,
        port,
        'Variogram models are fitted by weighted least squares, weighted by the number of point pairs [@printed, p. 104].',
      );
      assert.equal(line(elsewhere!), 'other-page p2: supported on p. 102, not on the cited p. 104');
    }));

  it('reports a locator that names no page of the paper in one line, and judges the citation on the whole paper', () =>
    withLibrary(async (index, port) => {
      const checks = await check(
        index,
        port,
        [
          'The geometric model is a negative binomial model whose shape parameter is fixed at one [@countreg, p.].',
          'The geometric model is a negative binomial model whose shape parameter is fixed at one [@countreg, pp. 9-3].',
          'The geometric model is a negative binomial model whose shape parameter is fixed at one [@countreg, p. 10^9].',
          'The geometric model is a negative binomial model whose shape parameter is fixed at one [@countreg, p. 40].',
        ].join('\n\n'),
      );
      assert.deepEqual(
        checks.map((c) => `${c.verdict} ${c.locatorProblem}`),
        [
          'supported countreg: p. gives no page number; judged on the whole paper',
          'supported countreg: the range 9-3 runs backwards; judged on the whole paper',
          'supported countreg: p. 10^9 is not a page number; judged on the whole paper',
          "supported countreg: p. 40 is beyond the paper's 5 pages; judged on the whole paper",
        ],
      );
    }));

  it('judges a key cited twice in one sentence with two locators once per locator, and once when they agree', () =>
    withLibrary(async (index, port) => {
      const checks = await check(
        index,
        port,
        'The hurdle model uses a binomial zero component by default [@countreg, p. 2], and the geometric model fixes the shape parameter at one [@countreg, p. 5; @countreg, p. 5].',
      );
      assert.deepEqual(
        checks.map((c) => `${c.key} ${c.locator?.text}`),
        ['countreg p. 2', 'countreg p. 5'],
      );
    }));

  it('takes a name from the paper’s title for every page of it: a page need not repeat what the paper is about', () =>
    withLibrary(async (index, port) => {
      const [named] = await check(
        index,
        port,
        'In frobnicate the geometric model is the negative binomial with its shape parameter fixed at one [@countreg, p. 5].',
      );
      assert.equal(named!.verdict, 'supported');
    }));
});
