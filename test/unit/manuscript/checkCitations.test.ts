import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openIndexForQueries, type OpenedIndex } from '../../../src/core/index';
import { checkCitations } from '../../../src/core/manuscript/check/checkCitations';
import { citationLibraryOf } from '../../../src/core/manuscript/check/citationLibrary';
import { buildLibrary } from '../../../src/core/papers/paperLibrary';
import type { CheckOptions, CitationCheck } from '../../../src/core/manuscript/check/citationCheck';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';

/** Lines enough to fill most of a chunk, so each page is indexed as its own passage. */
const filler = (topic: string) => Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1} discusses ${topic} in general terms, as background.`);

/** A small library: three papers (two on one subject), and the draft itself indexed beside them. */
async function library(root: string, draft: string): Promise<void> {
  await mkdir(join(root, 'papers'), { recursive: true });
  await mkdir(join(root, 'drafts'), { recursive: true });
  await writePdf(join(root, 'papers/sandwich.pdf'), [
    { lines: [...filler('robust covariance matrices'), 'Heteroskedasticity consistent estimators are described first.'] },
    {
      lines: [
        'The vcovHC function computes the HC3 estimator by default.',
        'Long and Ervin found that HC3 performs best in small samples,',
        'because it gives influential observations less weight.',
      ],
    },
  ]);
  await writePdf(join(root, 'papers/clustered.pdf'), [
    { lines: ['Clustered covariances were added in version 2.4.0 of the package,', 'with the functions vcovCL, vcovPL and vcovPC.', ...filler('panel data')] },
    {
      lines: ['The wild cluster bootstrap draws its factors from the Rademacher', 'distribution by default, taking the values -1 and 1 with probability 0.5.'],
    },
  ]);
  await writePdf(join(root, 'papers/forecast.pdf'), [
    { lines: filler('forecasting') },
    { lines: ['The exponential smoothing framework has 30 models, classified by', 'their error, trend and seasonal components.'] },
  ]);
  await writeFile(join(root, 'drafts/draft.md'), draft);
}

const keys: Record<string, string> = { sandwich: 'papers/sandwich.pdf', clustered: 'papers/clustered.pdf', forecast: 'papers/forecast.pdf' };
const port: CheckOptions['library'] = {
  resolveKey: (key) => (keys[key] ? { path: keys[key] } : null),
  keyForPath: (path) => Object.keys(keys).find((key) => keys[key] === path) ?? null,
};

const draft = `---
bibliography: refs.bib
---

By default the vcovHC() function computes the HC3 estimator [@sandwich].
The wild cluster bootstrap draws its factors from a Rademacher distribution by default [@sandwich].
The exponential smoothing framework classifies 24 models by error, trend and seasonal components [@forecast].
Deep learning will soon replace kernel estimators [@nokey].
Our survey found that 87 percent of economists prefer robust standard errors [@sandwich].
Clustered covariances arrived in version 2.4.0, while vcovHC() computes HC3 by default [@clustered; @sandwich].
`;

async function withLibrary(fn: (index: OpenedIndex) => Promise<void>): Promise<void> {
  await withTempDir(async (dir) => {
    const root = join(dir, 'library');
    await library(root, draft);
    const dbDir = join(dir, 'index');
    const run = indexFolder({ root, dbDir, embedder: null, workers: 1 });
    let step = await run.next();
    while (!step.done) step = await run.next();
    assert.deepEqual(step.value.failed, []);
    const index = await openIndexForQueries(dbDir, { embedder: null });
    try {
      await fn(index);
    } finally {
      await index.close();
    }
  });
}

function byLine(checks: CitationCheck[]): Record<string, string> {
  return Object.fromEntries(
    checks.map((c) => [
      `${c.line}:${c.key}`,
      `${c.verdict} ${c.evidence ? `${c.evidence.path} p${c.evidence.page}` : '-'} -> ${c.suggested ? `${c.suggested.key} ${c.suggested.path} p${c.suggested.page}` : '-'}`,
    ]),
  );
}

describe('manuscript: checking a draft’s citations against the library, without a model', function () {
  this.timeout(120000);

  it('says supported with the page, names the paper that does say it, catches a changed number and an unknown key', () =>
    withLibrary(async (index) => {
      const checks = await checkCitations(parseDraft(draft, 'markdown').sentences, { retriever: index.retriever, library: port, exclude: ['drafts/draft.md'] });
      const verdicts = byLine(checks);
      assert.equal(verdicts['5:sandwich'], 'supported papers/sandwich.pdf p2 -> -');
      assert.equal(verdicts['6:sandwich']!.replace(/ papers\/sandwich\.pdf p\d/, ''), 'not-found -> clustered papers/clustered.pdf p2');
      assert.match(verdicts['7:forecast']!, /^contradicted papers\/forecast\.pdf p2 -> -$/);
      assert.equal(checks.find((c) => c.key === 'forecast')!.reason, 'p. 2 gives 30 where the sentence says 24');
      assert.equal(verdicts['8:nokey'], 'not-in-library - -> -');
      assert.match(checks.find((c) => c.key === 'sandwich' && c.line === 6)!.reason, /states “Rademacher”/);
    }));

  it('never gives the draft itself as evidence, even when notes may be suggested', () =>
    withLibrary(async (index) => {
      const sentences = parseDraft(draft, 'markdown').sentences.filter((s) => s.text.startsWith('Our survey'));
      const options = { retriever: index.retriever, library: port, suggestable: () => true };
      const [check] = await checkCitations(sentences, { ...options, exclude: ['drafts/draft.md'] });
      assert.equal(check!.verdict, 'not-found');
      assert.equal(check!.suggested, null);
      // The draft holds the sentence word for word: only the exclusion keeps it out.
      const [unguarded] = await checkCitations(sentences, { ...options, exclude: [] });
      assert.equal(unguarded!.suggested?.path, 'drafts/draft.md');
    }));

  it('judges a sentence that cites two papers by what they say together', () =>
    withLibrary(async (index) => {
      const sentences = parseDraft(draft, 'markdown').sentences.filter((s) => s.text.startsWith('Clustered covariances arrived'));
      const checks = await checkCitations(sentences, { retriever: index.retriever, library: port, exclude: ['drafts/draft.md'] });
      assert.deepEqual(
        checks.map((c) => `${c.key} ${c.verdict} p${c.evidence?.page}`),
        ['clustered supported p1', 'sandwich supported p2'],
      );
    }));

  it('resolves keys through the paper library: the bib entry attached to a PDF, and a suggestion named by its citekey', () =>
    withLibrary(async (index) => {
      const entry = (key: string, file: string, title: string) => ({ key, type: 'article', bibFile: 'refs.bib', line: 1, files: [file], title, year: 2004 });
      const papers = buildLibrary(
        ['papers/sandwich.pdf', 'papers/clustered.pdf', 'papers/forecast.pdf'].map((path) => ({ path, fields: null })),
        [
          {
            entries: [
              entry('zeileis2004', 'papers/sandwich.pdf', 'Econometric Computing'),
              entry('zeileis2020', 'papers/clustered.pdf', 'Various Versatile Variances'),
            ],
            problems: [],
          },
        ],
      );
      const sentences = parseDraft(
        'The wild cluster bootstrap draws its factors from a Rademacher distribution by default [@zeileis2004; @forecast2008].',
        'markdown',
      ).sentences;
      const checks = await checkCitations(sentences, { retriever: index.retriever, library: citationLibraryOf(papers), exclude: ['drafts/draft.md'] });
      assert.deepEqual(
        checks.map((c) => `${c.key} ${c.verdict} ${c.suggested?.key ?? '-'}`),
        ['zeileis2004 not-found zeileis2020', 'forecast2008 not-in-library -'],
      );
    }));
});
