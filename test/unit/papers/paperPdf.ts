/**
 * Title pages as papers set them, drawn by the tests (test/support/pdfs.ts), and what the PDF
 * record rules make of them: the PDF is opened with the extraction's pdf.js, its evidence read
 * and turned into fields, as the indexer will.
 */
import { loadPdfjs, TEXT_ONLY } from '../../../src/core/index/pipeline/extract/pdf';
import { pdfPaperFields, readPdfEvidence, type EvidenceDocument, type PdfEvidence } from '../../../src/core/papers/pdf';
import type { PaperFields } from '../../../src/core/papers/record';
import { makePdf, type MakePdfOptions, type PageSpec, type PlacedLine } from '../../support/pdfs';

export async function evidenceOf(bytes: Uint8Array): Promise<PdfEvidence> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: bytes, ...TEXT_ONLY });
  try {
    return await readPdfEvidence((await task.promise) as unknown as EvidenceDocument);
  } finally {
    await task.destroy();
  }
}

export async function fieldsOf(pages: PageSpec[], options?: MakePdfOptions): Promise<PaperFields> {
  return pdfPaperFields(await evidenceOf(await makePdf(pages, options)));
}

interface Author {
  name: string;
  affiliation?: string;
}

export interface TitlePage {
  /** Lines above the title (a journal's banner and volume line). */
  header?: PlacedLine[];
  /** The title's lines, set large. */
  title: string[];
  /** Authors set side by side, each with an affiliation line under the name. */
  authors?: Author[];
  /** More authors in a row under the first. */
  secondRow?: Author[];
  /** Lines right under the authors (a date, an e-mail address). */
  under?: string[];
  /** The abstract's lines. */
  abstract?: string[];
}

/** A body paragraph's worth of lines, as wide as the text block. */
export const BODY = [
  'The majority of recursive partitioning algorithms are special cases of a simple two-stage',
  'algorithm: first partition the observations by univariate splits in a recursive way and',
  'second fit a constant model in each cell of the resulting partition of the sample space.',
  'The most popular implementations of such algorithms are CART and C4.5 (Quinlan 1993).',
  'Not unlike AID, both perform an exhaustive search over all possible splits maximizing an',
  'information measure of node impurity selecting the covariate showing the best split.',
];

/**
 * Page 1 of a paper in the Journal of Statistical Software's layout: title 17.2 pt, names 12 pt in
 * columns with their affiliations 10.9 pt under them, the abstract 10 pt, then the body 10.9 pt.
 */
export function titlePage(spec: TitlePage): { placed: PlacedLine[] } {
  const placed: PlacedLine[] = [...(spec.header ?? [])];
  let y = spec.header?.length ? 234 : 121;
  for (const line of spec.title) {
    placed.push({ text: line, size: 17.2, y, x: 'centre', bold: true });
    y += 22;
  }
  y += 20;
  for (const row of [spec.authors ?? [], spec.secondRow ?? []]) {
    row.forEach((author, index) => {
      const column = 70 + index * (460 / row.length);
      placed.push({ text: author.name, size: 12, y, x: column, bold: true });
      if (author.affiliation) placed.push({ text: author.affiliation, size: 10.9, y: y + 14, x: column });
    });
    y += row.length ? 40 : 0;
  }
  for (const line of spec.under ?? []) {
    placed.push({ text: line, size: 12, y, x: 'centre' });
    y += 16;
  }
  y += 20;
  if (spec.abstract) {
    placed.push({ text: 'Abstract', size: 10, y, x: 'centre', bold: true });
    y += 18;
    for (const line of spec.abstract) {
      placed.push({ text: line, size: 10, y, x: 70 });
      y += 12;
    }
  }
  y += 30;
  placed.push({ text: '1. Introduction', size: 14.3, y, x: 'centre', bold: true });
  y += 24;
  for (const line of BODY) {
    placed.push({ text: line, size: 10.9, y, x: 50 });
    y += 13.6;
  }
  return { placed };
}
