/**
 * Pages as a reader names them, and which version of a paper a PDF is. A citation's link keeps the
 * PDF's physical page (what a viewer opens); a citation written into a manuscript uses the page's
 * printed label when the PDF has page labels (a journal article printed as pp. 253-270). Many
 * library PDFs are versions of a published article (a package vignette "modified version of
 * Chaussé (2010) published in the Journal of Statistical Software", a preprint), paged apart from
 * it: their pages are the PDF's, and the writer must be told which version they cite.
 */
import type { PaperFields } from './record';

/** The PDF's printed label for a physical page (1-based), else the page number itself. */
export function pageLabelOf(labels: readonly string[] | null | undefined, page: number): string {
  const label = labels?.[page - 1]?.trim();
  return label ? label : String(page);
}

/** Where the PDF's own fields say it is a version of a published work: a publication note or a preprint's copyright line. */
const VERSION_NOTE = /^(?:citation note|publication note|copyright line)\b/;

/**
 * One line saying which version of the paper a PDF is, when what the PDF prints says it is a
 * version of a published work ("the version of the article in Journal of Statistical Software
 * (2010) that econometrics/chausse.pdf holds: its pages are not the journal's"); null when the
 * PDF says nothing of the kind. `pdf` is what the PDF itself says (not the bib's merged record).
 */
export function versionNote(path: string, pdf: PaperFields | null | undefined): string | null {
  if (!pdf) return null;
  const noted = [pdf.year, pdf.venue].some((field) => field?.from !== undefined && VERSION_NOTE.test(field.from));
  if (!noted) return null;
  const preprint = [pdf.year, pdf.venue].some((field) => field?.from?.startsWith('copyright line'));
  const venue = pdf.venue?.value;
  const year = pdf.year?.value;
  const published = venue ? `${venue}${year ? ` (${year})` : ''}` : year ? `its ${year} publication` : 'its publication';
  return `${path} is ${preprint ? 'a preprint' : 'a version'} of the article in ${published}: its page numbers are the PDF's, not the published article's`;
}
