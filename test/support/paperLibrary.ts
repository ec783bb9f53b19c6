/**
 * A small library of papers drawn by the tests: title pages set as journals set them (title large,
 * names under it, an abstract), body pages, a reference list, a note, and a refs.bib describing
 * one of them. Each fact a test asks about is stated on one body page only, so a test can tell the
 * passage that answers from the abstract and the reference lists that merely name the work.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makePdf, type MakePdfOptions, type PlacedLine } from './pdfs';

export interface DrawnPaper {
  title: string;
  authors: string[];
  /** Lines under the names (a citation note, a date). */
  note?: string[];
  abstract: string[];
  /** Body pages, each a list of lines. */
  body: string[][];
  /** The reference list's entries, on the last page. */
  references?: string[];
  /** The PDF's Info dictionary (a title, an author list), as tools write it. */
  pdf?: MakePdfOptions;
}

/** Page 1 as a journal sets it: title 17 pt centred, names 12 pt side by side, the abstract 10 pt. */
function titlePage(paper: DrawnPaper): { placed: PlacedLine[] } {
  const placed: PlacedLine[] = [];
  let y = 120;
  placed.push({ text: paper.title, size: 17.2, y, x: 'centre', bold: true });
  y += 44;
  paper.authors.forEach((name, i) => placed.push({ text: name, size: 12, y, x: 70 + i * (460 / paper.authors.length), bold: true }));
  y += 30;
  for (const line of paper.note ?? []) {
    placed.push({ text: line, size: 10, y, x: 70 });
    y += 13;
  }
  y += 16;
  placed.push({ text: 'Abstract', size: 10, y, x: 'centre', bold: true });
  y += 18;
  for (const line of [...paper.abstract, ...fillerLines(1, 10)]) {
    placed.push({ text: line, size: 10, y, x: 70 });
    y += 12;
  }
  return { placed };
}

/**
 * Lines of a page's other text, about nothing a test asks: a page holds a chunk's worth of text
 * (~1,000 characters), so the fact a test asks about is on its own page and in its own passage.
 */
export function fillerLines(page: number, count = 9): string[] {
  const topics = ['printing of the tables', 'layout of the figures', 'order of the chapters', 'naming of the files', 'colour of the plots'];
  return Array.from(
    { length: count },
    (_, i) => `Remark ${page}.${i + 1} concerns the ${topics[(page + i) % topics.length]} of this document, which the reader may skip entirely.`,
  );
}

export async function drawPaper(paper: DrawnPaper): Promise<Uint8Array> {
  const title = titlePage(paper);
  // The fact mid-page, between a chunk's worth of other text and a few lines more: its passage is the page's own.
  const body = paper.body.map((lines, i) => ({ lines: [...fillerLines(i + 2), ...lines, ...fillerLines(i + 12, 4)] }));
  const pages = [title, ...body, ...(paper.references ? [{ lines: ['References', ...paper.references] }] : [])];
  return makePdf(pages, paper.pdf ?? {});
}

export const GMM: DrawnPaper = {
  title: 'Computing Generalized Method of Moments with R',
  authors: ['Pierre Chaussé'],
  abstract: [
    'This paper shows how to estimate models by the generalized method of moments and by generalized',
    'empirical likelihood with the gmm package, including the weighting matrix and its kernels.',
  ],
  body: [
    [
      'The weighting matrix of the estimator is computed from the moment conditions.',
      'By default gmm uses the Quadratic Spectral kernel for the HAC weighting matrix,',
      'because Andrews showed it to be optimal among kernels with bounded support.',
    ],
    ['Empirical likelihood is the second estimator of the package and is not discussed further.'],
    ['Among the older choices, Newey and West (1987) proposed Bartlett weights that decline linearly with the lag.'],
  ],
  references: [
    'Andrews DWK (1991). “Heteroskedasticity and Autocorrelation Consistent Covariance Matrix',
    'Estimation.” Econometrica, 59(3), 817–858. doi:10.2307/2938229.',
    'Newey WK, West KD (1987). “A Simple, Positive Semi-Definite, Heteroskedasticity and',
    'Autocorrelation Consistent Covariance Matrix.” Econometrica, 55(3), 703–708. URL https://x.y/1.',
    'Newey WK, West KD (1994). “Automatic Lag Selection in Covariance Matrix Estimation.”',
    'Review of Economic Studies, 61(4), 631–653. URL https://x.y/2.',
    'Hansen LP (1982). “Large Sample Properties of Generalized Method of Moments Estimators.”',
    'Econometrica, 50(4), 1029–1054. doi:10.2307/1912775.',
    'Owen AB (1988). “Empirical Likelihood Ratio Confidence Intervals for a Single Functional.”',
    'Biometrika, 75(2), 237–249. doi:10.1093/biomet/75.2.237.',
    'West KD (1997). “Another Heteroskedasticity and Autocorrelation Consistent Covariance',
    'Matrix Estimator.” Journal of Econometrics, 76(1), 171–191. URL https://x.y/3.',
  ],
};

export const FORECAST: DrawnPaper = {
  title: 'Automatic Time Series Forecasting: the forecast Package for R',
  authors: ['Rob J Hyndman', 'Yeasmin Khandakar'],
  note: ['This is an updated version of Hyndman and Khandakar (2008), published in the Journal of Statistical Software.'],
  abstract: ['Automatic forecasts of large numbers of univariate time series are often needed in business.'],
  body: [
    ['We consider ARIMA models where the number of differences d is selected by successive KPSS unit-root tests.'],
    ['Exponential smoothing state space models are selected by the AIC of each fitted model.'],
  ],
};

export const SIMULTANEOUS: DrawnPaper = {
  title: 'Simultaneous Inference in General Parametric Models',
  authors: ['Torsten Hothorn', 'Frank Bretz', 'Peter Westfall'],
  note: ['Copyright © 2008 Biometrical Journal'],
  abstract: ['Simultaneous inference is a common problem in many areas of application.'],
  body: [['Multiple comparisons of means are controlled by the family-wise error rate of the max-t test.']],
};

/** The folder: three papers, a note, and a refs.bib with an entry for the gmm paper only. */
export const LIBRARY_BIB = `@article{chausse2010computing,
  author  = {Chauss{\\'e}, Pierre},
  title   = {Computing Generalized Method of Moments with {R}},
  journal = {Journal of Statistical Software},
  year    = {2010},
  file    = {:econometrics/chausse-2010-gmm.pdf:PDF}
}
`;

export async function writePaperLibrary(root: string, bib = LIBRARY_BIB): Promise<void> {
  const files: Array<[string, Uint8Array | string]> = [
    ['econometrics/chausse-2010-gmm.pdf', await drawPaper(GMM)],
    ['timeseries/JSS2008.pdf', await drawPaper(FORECAST)],
    ['inference/simultaneous.pdf', await drawPaper(SIMULTANEOUS)],
    ['notes/kernels.md', '# Kernels\n\nMy own notes on kernels: the Parzen kernel is smooth, the truncated kernel is not.\n'],
    ['refs.bib', bib],
  ];
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}
