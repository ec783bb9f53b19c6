/**
 * Papers that cite papers, drawn by the tests (test/support/pdfs.ts): body pages whose text cites
 * works, and a reference list set as journals set one (a "References" heading, each entry's first
 * line flush left and the rest indented, running over as many pages as it takes under a running
 * head and a page number), so the reference reader (src/core/papers/references) sees what it sees
 * in a real paper. Numbered lists ("[1] …") are drawn the same way.
 */
import { makePdf, type MakePdfOptions, type PlacedLine } from './pdfs';
import { loadPdfjs, TEXT_ONLY } from '../../src/core/index/pipeline/extract/pdf';
import { pageLinesFromTextContent } from '../../src/core/papers/references/lines';
import type { PageGeometry } from '../../src/core/papers/pdf/textItems';
import type { PageLines } from '../../src/core/papers/references/types';

export interface CitingPaper {
  title: string;
  authors: string;
  /** Body pages, each a list of lines (under ~85 characters). */
  body: string[][];
  /** The list's entries, each as the lines it is printed on. */
  references: string[][];
  /** Lines after the list (an appendix, the authors' addresses). */
  after?: string[];
  /** Entries a page holds before the list runs over to the next page (default: as many as fit). */
  entriesPerPage?: number;
  pdf?: MakePdfOptions;
}

const LEFT = 72;
const INDENT = 10;
const TOP = 110;
const BOTTOM = 760;
const STEP = 14;

function head(title: string, page: number): PlacedLine[] {
  return [
    { text: title, size: 9, y: 60, x: 'centre' },
    { text: String(page), size: 9, y: 800, x: 'centre' },
  ];
}

/** The paper's pages: a title page, the body pages, then the list (and what follows it). */
export function citingPaperPages(paper: CitingPaper): Array<{ placed: PlacedLine[] }> {
  const pages: Array<{ placed: PlacedLine[] }> = [];
  pages.push({
    placed: [
      { text: paper.title, size: 17, y: 120, x: 'centre', bold: true },
      { text: paper.authors, size: 12, y: 160, x: 'centre' },
      ...paper.body[0]!.map((text, i) => ({ text, size: 10.5, y: 220 + i * STEP, x: LEFT })),
    ],
  });
  for (const lines of paper.body.slice(1)) {
    pages.push({ placed: [...head(paper.title, pages.length + 1), ...lines.map((text, i) => ({ text, size: 10.5, y: TOP + i * STEP, x: LEFT }))] });
  }
  let placed: PlacedLine[] = [...head(paper.title, pages.length + 1), { text: 'References', size: 14, y: TOP, x: LEFT, bold: true }];
  let y = TOP + 28;
  let onPage = 0;
  for (const entry of paper.references) {
    if (y + entry.length * STEP > BOTTOM || (paper.entriesPerPage !== undefined && onPage >= paper.entriesPerPage)) {
      pages.push({ placed });
      placed = head(paper.title, pages.length + 1);
      y = TOP;
      onPage = 0;
    }
    entry.forEach((text, i) => placed.push({ text, size: 10.5, y: y + i * STEP, x: i === 0 ? LEFT : LEFT + INDENT }));
    y += entry.length * STEP + 2;
    onPage++;
  }
  if (paper.after) {
    placed.push({ text: 'A. Appendix', size: 14, y: y + 20, x: LEFT, bold: true });
    paper.after.forEach((text, i) => placed.push({ text, size: 10.5, y: y + 44 + i * STEP, x: LEFT }));
  }
  pages.push({ placed });
  return pages;
}

export function drawCitingPaper(paper: CitingPaper): Promise<Uint8Array> {
  return makePdf(citingPaperPages(paper), paper.pdf ?? {});
}

/** Every page's lines as extraction keeps them, read with the extraction's own pdf.js. */
export async function pageLinesOf(bytes: Uint8Array): Promise<PageLines[]> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: bytes, ...TEXT_ONLY });
  try {
    const document = (await task.promise) as unknown as {
      numPages: number;
      getPage(n: number): Promise<PageGeometry & { getTextContent(): Promise<{ items: unknown[] }> }>;
    };
    const pages: PageLines[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      pages.push(pageLinesFromTextContent(n, page, await page.getTextContent()));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** Zeileis's sandwich paper as a test draws it: author-year citations in every printed form, a list over two pages. */
export const SANDWICH: CitingPaper = {
  title: 'Econometric Computing with HC and HAC Covariance Matrix Estimators',
  authors: 'Achim Zeileis',
  body: [
    [
      'Data are often heteroskedastic, as shown by White (1980), and autocorrelated, so the',
      'estimators of Newey and West (1987) and Andrews (1991) are used in practice (see',
      'Zeileis 2004; Hothorn, Hornik, and Zeileis 2006). The computations follow',
      'Hothorn et al. (2006, p. 3) and the object-oriented design of Zeileis (2006a,b).',
    ],
    [
      'The kernel of Andrews (1991) is the default. A later study (Zeileis 2006b) compares',
      'the estimators; Cribari-Neto (2004) proposed HC4. The time series code is in R',
      'output such as',
      '[1] 0.512 0.733 1.104',
      'and the interval [0, 1] is no citation.',
    ],
  ],
  references: [
    [
      'Andrews DWK (1991). “Heteroskedasticity and Autocorrelation Consistent Covariance',
      'Matrix Estimation.” Econometrica, 59(3), 817–858. doi:10.2307/2938229.',
    ],
    ['Cribari-Neto F (2004). “Asymptotic Inference Under Heteroskedasticity of Unknown Form.”', 'Computational Statistics & Data Analysis, 45, 215–233.'],
    [
      'Hothorn T, Hornik K, Zeileis A (2006). “Unbiased Recursive Partitioning: A Conditional',
      'Inference Framework.” Journal of Computational and Graphical Statistics, 15(3),',
      '651–674. doi:10.1198/106186006X133933.',
    ],
    [
      'Newey WK, West KD (1987). “A Simple, Positive Semi-Definite, Heteroskedasticity and',
      'Autocorrelation Consistent Covariance Matrix.” Econometrica, 55(3), 703–708.',
    ],
    ['White H (1980). “A Heteroskedasticity-Consistent Covariance Matrix and a Direct Test', 'for Heteroskedasticity.” Econometrica, 48, 817–838.'],
    [
      'Zeileis A (2004). “Econometric Computing with HC and HAC Covariance Matrix Estimators.”',
      'Journal of Statistical Software, 11(10), 1–17. doi:10.18637/jss.v011.i10.',
    ],
    [
      'Zeileis A (2006a). “Implementing a Class of Structural Change Tests: An Econometric',
      'Computing Approach.” Computational Statistics & Data Analysis, 50, 2987–3008.',
    ],
    ['Zeileis A (2006b). “Object-Oriented Computation of Sandwich Estimators.” Journal of', 'Statistical Software, 16(9), 1–16. doi:10.18637/jss.v016.i09.'],
  ],
  entriesPerPage: 5,
  after: ['Load the data and fit the model:', 'fm <- lm(y ~ x, data = d)'],
};

/** Zeileis's object-oriented sandwich paper: cites the sandwich paper (by title) and Andrews (1991), as the sandwich paper does. */
export const SANDWICH_OOP: CitingPaper = {
  title: 'Object-Oriented Computation of Sandwich Estimators',
  authors: 'Achim Zeileis',
  body: [
    [
      'Sandwich covariances for cross-section data are computed as in Zeileis (2004), whose',
      'kernel estimators follow Andrews (1991). Here they are built from the model object.',
    ],
    ['The meat of the sandwich is estimated as described by Zeileis (2004, p. 5).'],
  ],
  references: [
    ['Andrews DWK (1991). “Heteroskedasticity and Autocorrelation Consistent Covariance', 'Matrix Estimation.” Econometrica, 59(3), 817–858.'],
    ['Zeileis A (2004). “Econometric Computing with HC and HAC Covariance Matrix Estimators.”', 'Journal of Statistical Software, 11(10), 1–17.'],
  ],
};

/** A folder of two papers that cite each other's work, and both cite Andrews (1991), which the folder lacks. */
export async function writeCitingLibrary(root: string): Promise<{ sandwich: string; oop: string }> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  await mkdir(join(root, 'econometrics'), { recursive: true });
  await writeFile(join(root, 'econometrics/sandwich.pdf'), await drawCitingPaper(SANDWICH));
  await writeFile(join(root, 'econometrics/oop.pdf'), await drawCitingPaper(SANDWICH_OOP));
  return { sandwich: 'econometrics/sandwich.pdf', oop: 'econometrics/oop.pdf' };
}
