/**
 * The check says whom the library credits for a cited sentence: a library paper that states the
 * sentence while citing another work ("…, as shown by Zeileis (2004)") is named with that work,
 * on a real index of generated papers whose reference lists the index run read. Never when the
 * draft cites the credited work itself, cites it already, cites a paper for its own claim, or
 * when the library sentence cites the work for another statement than the claim.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder } from '../../../src/core/index';
import { openSession, type CheckedCitation } from '../../../src/core/session';
import { drawCitingPaper, SANDWICH, type CitingPaper } from '../../support/citingPapers';
import { withTempDir } from '../../support/tempDir';

/** Conditional inference trees: credits one claim to Zeileis (2004), in the library, and one to Strasser and Weber (1999), not in it. */
const CTREE: CitingPaper = {
  title: 'Unbiased Recursive Partitioning: A Conditional Inference Framework',
  authors: 'Torsten Hothorn, Kurt Hornik, Achim Zeileis',
  body: [
    [
      'Recursive partitioning is a popular tool for regression and classification.',
      'Exhaustive search over all splits favours covariates with many possible splits,',
      'as shown by Zeileis (2004). Our trees stop splitting when no permutation test of',
      'independence rejects at the nominal level. Conditional tests of independence are',
      'exact in small samples, following Strasser and Weber (1999).',
    ],
    [
      'The algorithm is implemented in the party package for R. Exhaustive search is the',
      'classical approach of Breiman et al. (1984) and with permutation tests the selection',
      'of splits is free of any bias.',
    ],
  ],
  references: [
    ['Breiman L, Friedman JH, Olshen RA, Stone CJ (1984). Classification and Regression Trees.', 'Wadsworth, California.'],
    ['Strasser H, Weber C (1999). “On the Asymptotic Theory of Permutation Statistics.”', 'Mathematical Methods of Statistics, 8, 220–250.'],
    [
      'Zeileis A (2004). “Econometric Computing with HC and HAC Covariance Matrix Estimators.”',
      'Journal of Statistical Software, 11(10), 1–17. doi:10.18637/jss.v011.i10.',
    ],
  ],
};

const BIB = `@article{hothorn2006,
  author = {Hothorn, Torsten and Hornik, Kurt and Zeileis, Achim},
  title = {Unbiased Recursive Partitioning: A Conditional Inference Framework},
  year = {2006},
  file = {:papers/ctree.pdf:PDF}
}

@article{zeileis2004,
  author = {Zeileis, Achim},
  title = {Econometric Computing with HC and HAC Covariance Matrix Estimators},
  year = {2004},
  doi = {10.18637/jss.v011.i10},
  file = {:papers/sandwich.pdf:PDF}
}
`;

/** One sentence per line, each a case of its own. */
const DRAFT = `---
bibliography: refs.bib
---

Exhaustive search over all splits favours covariates with many possible splits [@hothorn2006].

Exhaustive search over all splits favours covariates with many possible splits [@zeileis2004].

Exhaustive search over all splits favours covariates with many possible splits [@hothorn2006; @zeileis2004].

The trees stop splitting when no permutation test of independence rejects at the nominal level [@hothorn2006].

Conditional tests of independence are exact in small samples [@hothorn2006].

With permutation tests the selection of splits is free of any bias [@hothorn2006].
`;

async function checked(dir: string): Promise<CheckedCitation[]> {
  const root = join(dir, 'library');
  await mkdir(join(root, 'papers'), { recursive: true });
  await writeFile(join(root, 'papers/ctree.pdf'), await drawCitingPaper(CTREE));
  await writeFile(join(root, 'papers/sandwich.pdf'), await drawCitingPaper(SANDWICH));
  await writeFile(join(root, 'refs.bib'), BIB);
  const draft = join(dir, 'draft.md');
  await writeFile(join(dir, 'refs.bib'), BIB.replace(/:papers\//g, ':library/papers/'));
  const dbDir = join(dir, 'index');
  const run = indexFolder({ root, dbDir, embedder: null, workers: 1 });
  while (!(await run.next()).done);
  const session = openSession({
    settings: { model: { kind: 'none' }, ollamaHost: null, limits: {}, chat: { tracing: false }, embedding: { mode: 'none' }, index: {} },
    sources: [{ kind: 'folder', label: 'library', root, dbDir }],
  });
  try {
    return (await session.checkDraft({ draft: { path: draft, text: DRAFT, openTexts: {} }, mode: 'fts' })).checks;
  } finally {
    await session.close();
  }
}

describe('check: whom a library paper credits for a cited sentence', function () {
  this.timeout(180_000);

  it('names the credited work when the cited paper says the sentence citing it, and stays silent when the draft cites the source', () =>
    withTempDir(async (dir) => {
      const checks = await checked(dir);
      const at = (line: number, key: string) => {
        const found = checks.find((c) => c.line === line && c.key === key);
        assert.ok(found, `no check of ${key} on line ${line}: ${JSON.stringify(checks.map((c) => [c.line, c.key]))}`);
        return found;
      };
      // The cited paper says it, crediting a library paper: named, with its key and the page.
      const credited = at(5, 'hothorn2006');
      assert.equal(credited.verdict, 'supported');
      assert.equal(
        credited.attribution?.text,
        'Hothorn et al. (2006) say this citing Zeileis (2004) [their p. 1]; cite Zeileis (2004), key zeileis2004?',
        JSON.stringify(checks.map((c) => [c.line, c.key, c.verdict, c.evidence?.page, c.attribution?.text])),
      );
      assert.deepEqual(credited.attribution?.works, [{ name: 'Zeileis (2004)', path: 'papers/sandwich.pdf', key: 'zeileis2004' }]);
      assert.equal(credited.attribution?.path, 'papers/ctree.pdf');
      assert.equal(credited.attribution?.page, 1);
      // The draft cites the credited work: nothing to say, alone or beside the citing paper.
      assert.equal(at(7, 'zeileis2004').attribution, undefined);
      assert.equal(at(9, 'hothorn2006').attribution, undefined);
      assert.equal(at(9, 'zeileis2004').attribution, undefined);
      // The paper's own claim: no citation in its sentence, nothing to say.
      const own = at(11, 'hothorn2006');
      assert.equal(own.verdict, 'supported');
      assert.equal(own.attribution, undefined);
      // A work the library lacks is named as the list prints it.
      assert.equal(
        at(13, 'hothorn2006').attribution?.text,
        'Hothorn et al. (2006) say this citing Strasser and Weber (1999) [their p. 1]; cite Strasser and Weber (1999)?',
      );
    }));
});
