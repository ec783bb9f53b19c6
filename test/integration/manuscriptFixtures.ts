/**
 * A researcher's corner of the workspace, for the manuscript tests (integration and e2e): two
 * papers (PDFs with title pages the records read), a bib file describing one of them, a note, and
 * drafts in Markdown and LaTeX that cite them. Made under build/ (excluded from the index, so the
 * other suites' document counts stay put); a test copies them to `manuscript/` to use them.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writePdf } from '../support/pdfs';
import { titlePage } from '../unit/papers/paperPdf';

export const MANUSCRIPT_FIXTURES = 'build/manuscript-fixtures';
/** Where a test puts them in the workspace. */
export const MANUSCRIPT_DIR = 'manuscript';

export const MANUSCRIPT = {
  /** Described by refs.bib (key chausse2010computing); printed page labels start at 13, so physical page 2 reads "14". */
  chausse: `${MANUSCRIPT_DIR}/papers/chausse-gmm.pdf`,
  /** No bib entry: its record comes from its title page (a vignette: "modified version of Zeileis (2004)"). */
  zeileis: `${MANUSCRIPT_DIR}/papers/zeileis-sandwich.pdf`,
  bib: `${MANUSCRIPT_DIR}/papers/refs.bib`,
  note: `${MANUSCRIPT_DIR}/notes/gmm-notes.md`,
  markdown: `${MANUSCRIPT_DIR}/drafts/draft.md`,
  latex: `${MANUSCRIPT_DIR}/drafts/paper.tex`,
  /** Asked of @research: the paper (page 2) and the note state the answer. */
  question: 'Which kernel does gmm use by default for the HAC weighting matrix?',
};

const filler = (topic: string, n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} discusses ${topic} in general terms, as background.`);

export const REFS_BIB = `@article{chausse2010computing,
  author = {Chauss{\\'e}, Pierre},
  title = {Computing Generalized Method of Moments and Generalized Empirical Likelihood with R},
  journal = {Journal of Statistical Software},
  year = {2010},
  file = {:chausse-gmm.pdf:PDF}
}

@article{hyndman2008automatic,
  author = {Hyndman, Rob J. and Khandakar, Yeasmin},
  title = {Automatic Time Series Forecasting: The forecast Package for R},
  journal = {Journal of Statistical Software},
  year = {2008}
}
`;

/** Line 9 cites the wrong paper: the Zeileis vignette, not Chaussé's paper, says this. */
export const DRAFT_MD = `---
title: Robust inference in practice
bibliography: ../papers/refs.bib
---

# Methods

We estimate the model by GMM and report robust standard errors.

The wild cluster bootstrap draws its weights from the Rademacher distribution by default [@chausse2010computing].

Insert here: 
`;

export const PAPER_TEX = `\\documentclass{article}
\\usepackage{natbib}
\\begin{document}

We weight the moment conditions with a HAC matrix.

\\bibliography{../papers/refs}
\\end{document}
`;

export async function makeManuscriptFixtures(root: string): Promise<void> {
  const dir = join(root, MANUSCRIPT_FIXTURES);
  await mkdir(join(dir, 'papers'), { recursive: true });
  await mkdir(join(dir, 'notes'), { recursive: true });
  await mkdir(join(dir, 'drafts'), { recursive: true });
  await writePdf(
    join(dir, 'papers/chausse-gmm.pdf'),
    [
      titlePage({
        title: ['Computing Generalized Method of Moments and', 'Generalized Empirical Likelihood with R'],
        authors: [{ name: 'Pierre Chaussé', affiliation: 'University of Waterloo' }],
        abstract: ['This paper shows how to estimate models by GMM and GEL with the gmm package.'],
      }),
      {
        lines: [
          ...filler('moment conditions', 16),
          'The HAC weighting matrix of gmm uses the Quadratic Spectral kernel by default,',
          'following Andrews (1991), with the bandwidth chosen automatically.',
        ],
      },
      { lines: filler('empirical likelihood', 14) },
    ],
    { pageLabels: [{ from: 1, start: 13 }] },
  );
  await writePdf(join(dir, 'papers/zeileis-sandwich.pdf'), [
    titlePage({
      title: ['Econometric Computing with HC and HAC', 'Covariance Matrix Estimators'],
      authors: [{ name: 'Achim Zeileis', affiliation: 'Universität Innsbruck' }],
      abstract: [
        'This introduction to the R package sandwich is a (slightly) modified version of Zeileis',
        '(2004), published in the Journal of Statistical Software.',
      ],
    }),
    {
      lines: [
        ...filler('sandwich estimators', 16),
        'The wild cluster bootstrap draws its weights from the Rademacher distribution',
        'by default, taking the values -1 and 1 with probability 0.5 each.',
      ],
    },
  ]);
  await writeFile(join(dir, 'papers/refs.bib'), REFS_BIB);
  await writeFile(
    join(dir, 'notes/gmm-notes.md'),
    '# GMM notes\n\nOur team uses the Quadratic Spectral kernel by default for the HAC weighting matrix, as gmm does.\n',
  );
  await writeFile(join(dir, 'drafts/draft.md'), DRAFT_MD);
  await writeFile(join(dir, 'drafts/paper.tex'), PAPER_TEX);
}

/** Copies the fixtures to `manuscript/` (made fresh: a test may have edited them). */
export async function placeManuscript(root: string): Promise<void> {
  await cp(join(root, MANUSCRIPT_FIXTURES), join(root, MANUSCRIPT_DIR), { recursive: true });
}
