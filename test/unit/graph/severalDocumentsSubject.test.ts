import assert from 'node:assert/strict';
import { withAnotherDocument } from '../../../src/core/graph/severalDocuments';
import type { NamedPaper, SearchHit } from '../../../src/core/index/types';
import { withTempDir } from '../../support/tempDir';
import { buildRealIndex, type RealIndex } from '../../support/realIndex';

/** Filler prose, so that each section is a passage of its own size. */
const prose = (topic: string, times: number) => `The ${topic} is described at length in this part of the text. `.repeat(times);

async function withLibrary(files: Record<string, string>, run: (docs: RealIndex) => Promise<void>): Promise<void> {
  await withTempDir(async (dir) => {
    const docs = await buildRealIndex(dir, files);
    try {
      await run(docs);
    } finally {
      docs.close();
    }
  });
}

const pathsOf = (hits: readonly SearchHit[]) => hits.map((hit) => hit.path);
const named = (path: string, strength: number): NamedPaper => ({ path, strength, kind: 'author-year', paper: { title: path } as never });

describe('answers without a model: the documents a question across documents is about', () => {
  it('"… and the mob paper": of the documents holding the shared subject, the one the question\'s other words gather in comes second', async () => {
    // ctree.md (the first hit) and both others hold "gbsg"; party.md's passage shares more of the
    // question's words, so a search inside the two finds it first; zeileis-2014.md (the mob paper, by a name that does not say so) holds every "mob".
    const files = {
      'trees/ctree.md': `# Conditional inference trees\n\n${Array.from({ length: 6 }, (_, i) => `## Example ${i + 1}\n\nA survival tree for the gbsg data: the ctree survival model fit to the gbsg times.\n`).join('\n')}`,
      'survival/curves.md': `# Survival curves\n\n${Array.from({ length: 10 }, (_, i) => `## Part ${i + 1}\n\nA survival model fit to survival data, part ${i + 1}.\n`).join('\n')}`,
      'trees/party.md': `# Party\n\n## Survival\n\nA survival model fit to the gbsg data, the survival times: a survival model fit to gbsg data.\n\n## Other\n\n${prose('glaucoma example', 20)}\n`,
      'trees/zeileis-2014.md': `# Mobsters\n\n${Array.from({ length: 5 }, (_, i) => `## Part ${i + 1}\n\nThe mob algorithm in part ${i + 1}. ${prose('algorithm', 12)}\n`).join('\n')}\n## Data\n\nBreast cancer: the gbsg trial. ${prose('trial design', 20)}\n`,
    };
    await withLibrary(files, async (docs) => {
      const question = 'Which two papers, the ctree vignette and the mob paper, fit a survival model to the gbsg data?';
      const inside = await docs.retriever.search(question, { k: 5, paths: ['trees/party.md', 'trees/zeileis-2014.md'], mode: 'fts' });
      assert.equal(inside[0]?.path, 'trees/party.md', 'a search inside the other holders finds the party vignette first');
      const first = await docs.retriever.search(question, { k: 5, paths: ['trees/ctree.md'] });
      // The question names the ctree vignette, one of the two documents it asks about.
      const hits = await withAnotherDocument(docs.retriever, question, first, { k: 5, named: [named('trees/ctree.md', 0.6)] });
      assert.deepEqual(pathsOf(hits).slice(0, 2), ['trees/ctree.md', 'trees/zeileis-2014.md']);
      assert.match(hits[1]!.text, /gbsg/i, "the mob paper's passage that holds the subject");
    });
  });

  it('the passage placed from another document is its best one holding the shared subject, not its best match of the other words', async () => {
    const files = {
      'mixtures/regressions.md': `# Mixtures of regressions\n\n## Example\n\nThe artificial npreg data: a finite mixture of regressions fit to npreg.\n\n${Array.from({ length: 4 }, (_, i) => `## Part ${i + 1}\n\nA finite mixture of regressions fit to artificial data, part ${i + 1}.\n`).join('\n')}`,
      'mixtures/flexmix.md':
        '# FlexMix\n\n## Introduction\n\nFinite mixture models: a finite mixture of regressions, mixture of regressions fit by EM, finite mixtures of regressions, data for a finite mixture of regressions.\n\n' +
        `## Example\n\nThe commands fit the model: data("npreg"), then flexmix() with k = 2. ${prose('fitted model', 12)}\n`,
    };
    await withLibrary(files, async (docs) => {
      const question = 'Which two papers fit a finite mixture of regressions to the artificial npreg data?';
      const inside = await docs.retriever.search(question, { k: 5, paths: ['mixtures/flexmix.md'], mode: 'fts' });
      assert.doesNotMatch(inside[0]!.text, /npreg/i, 'the best match inside flexmix.md is its introduction');
      const first = await docs.retriever.search(question, { k: 5, paths: ['mixtures/regressions.md'] });
      const hits = await withAnotherDocument(docs.retriever, question, first, { k: 5 });
      assert.equal(hits[1]!.path, 'mixtures/flexmix.md');
      assert.match(hits[1]!.text, /npreg/i);
    });
  });

  it("when the first hit's document lacks the shared subject, the documents holding it come first, the first hit after them", async () => {
    const files = {
      'survival/curves.md': `# Survival curves\n\n${Array.from({ length: 4 }, (_, i) => `## Part ${i + 1}\n\nSurvival data: how each survival analysis treats the survival data, part ${i + 1}.\n`).join('\n')}`,
      'categorical/mosaic.md': `# Mosaic displays\n\n## Titanic\n\nThe titanic data in a double-decker plot. ${prose('plot', 8)}\n`,
      'trees/zeileis-2014.md': `# Model trees\n\n## Titanic\n\nA logistic regression tree for the titanic passengers. ${prose('tree', 8)}\n`,
    };
    await withLibrary(files, async (docs) => {
      const question = 'The titanic survival data appear in two papers: which, and how does each analyse the survival data?';
      const first = await docs.retriever.search(question, { k: 5 });
      assert.equal(first[0]?.path, 'survival/curves.md', 'search alone puts the survival paper first');
      const hits = await withAnotherDocument(docs.retriever, question, first, { k: 5 });
      assert.deepEqual(new Set(pathsOf(hits).slice(0, 2)), new Set(['categorical/mosaic.md', 'trees/zeileis-2014.md']));
      assert.equal(hits[2]!.path, 'survival/curves.md');
    });
  });

  it('a question that names two papers and asks across them quotes each one; not a paper named by a family name alone, nor a question about one paper', async () => {
    const files = {
      'econometrics/sandwich-2004.md': `# Econometric computing\n\n${Array.from({ length: 4 }, (_, i) => `## Part ${i + 1}\n\nThe default type of the covariance estimator vcovHC, part ${i + 1}.\n`).join('\n')}`,
      'econometrics/sandwich-2006.md': `# Object-oriented sandwiches\n\n## Meat\n\nThe default meat of the sandwich estimators. ${prose('bread', 8)}\n`,
      'econometrics/variances.md': `# Clustered covariances\n\n## Default\n\nThe default type of the clustered covariance estimator vcovCL. ${prose('cluster', 8)}\n`,
    };
    await withLibrary(files, async (docs) => {
      const question = 'According to the two sandwich papers, what is the default type of the covariance estimator and the default meat?';
      const first = await docs.retriever.search(question, { k: 5, paths: ['econometrics/sandwich-2004.md', 'econometrics/variances.md'] });
      const both = [named('econometrics/sandwich-2004.md', 0.9), named('econometrics/sandwich-2006.md', 0.9)];
      const hits = await withAnotherDocument(docs.retriever, question, first, { k: 5, named: both });
      assert.equal(hits[1]!.path, 'econometrics/sandwich-2006.md');
      assert.equal(hits.length, first.length + 1);
      const weak = [both[0]!, named('econometrics/sandwich-2006.md', 0.4)];
      const unchanged = await withAnotherDocument(docs.retriever, question, first, { k: 5, named: weak });
      assert.ok(!pathsOf(unchanged).includes('econometrics/sandwich-2006.md'), 'a family name alone names no document to quote');
      const one = 'In Zeileis (2004), what is the default type of the covariance estimator?';
      assert.deepEqual(await withAnotherDocument(docs.retriever, one, first, { k: 5, named: both }), first);
    });
  });
});
