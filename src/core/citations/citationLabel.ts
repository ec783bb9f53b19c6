/**
 * How every citation reads, in one place: the chat's Sources list and hovers, the extractive and
 * "not in your documents" answers, clarification options, the CLI, the PDF viewer's opening note
 * and citation bar. A paper with a record reads as a reader cites it, "Chaussé (2010), p. 14";
 * a note, or a document without a record, by its path, "notes/setup.md, lines 3-8". The page is
 * the user's PDF's physical page (what the link opens).
 *
 * Lives here because the PDF viewer's webview bundles this folder: plain functions, importing
 * only the format table (plain data too).
 */
import { formatOf } from '../formats';

/** What a citation needs to know of the paper it cites (src/core/papers builds it from a record). */
export interface PaperRef {
  /** Family names as cited: "Chaussé", "Hyndman & Khandakar", "Bates et al."; empty when unknown. */
  authors: string;
  /** Publication year, or null when the paper prints none we trust ("n.d."). */
  year: number | null;
  title?: string;
  /** The user's bib key, when a bib entry describes the paper. */
  citekey?: string;
  /** The library (Zotero) flags the paper as retracted: every citation says so. */
  retracted?: boolean;
}

/** Where a citation points: a file, a page range or a line range, and the paper when known. */
export interface CitedPlace {
  file: string;
  page?: number;
  pageEnd?: number;
  lines?: [number, number];
  paper?: PaperRef;
  /** The section heading, shown for documents cited by paragraph (Word numbers no paragraphs; a reader finds the section). */
  section?: string | null;
  /** The user's own words (a comment on a highlight, a note), not the paper's. */
  ownWords?: boolean;
}

/** DOCX passages cite paragraphs (a .docx has no lines a user could open); every other text kind cites lines. */
export function citesParagraphs(path: string): boolean {
  return formatOf(path).citedBy === 'paragraphs';
}

/** "line" or "paragraph", for labels such as "lines 3-6" / "paragraph 2". */
export function lineWord(path: string): 'line' | 'paragraph' {
  return citesParagraphs(path) ? 'paragraph' : 'line';
}

/** "Chaussé (2010)", "Hothorn et al. (n.d.)"; a record without authors is named by its title. Null when it says neither. */
export function paperName(paper: PaperRef | undefined): string | null {
  if (!paper) return null;
  const year = paper.year !== null ? String(paper.year) : 'n.d.';
  if (paper.authors) return `${paper.authors} (${year})`;
  if (paper.title) return paper.year !== null ? `${shortTitle(paper.title)} (${year})` : shortTitle(paper.title);
  return null;
}

/** The paper's name and its title, for prompts and lists: "Chaussé (2010) Computing Generalized Method of Moments …". */
export function paperDescription(paper: PaperRef | undefined): string | null {
  const name = paperName(paper);
  if (!name) return null;
  return paper?.authors && paper.title ? `${name} ${paper.title}` : name;
}

/** "p. 14", "pp. 3-4", "lines 3-8", "paragraph 2"; empty when the citation has no place. */
export function placeText(place: Pick<CitedPlace, 'file' | 'page' | 'pageEnd' | 'lines'>): string {
  if (place.page !== undefined) return place.pageEnd !== undefined && place.pageEnd !== place.page ? `pp. ${place.page}-${place.pageEnd}` : `p. ${place.page}`;
  if (place.lines) {
    const [first, last] = place.lines;
    return first === last ? `${lineWord(place.file)} ${first}` : `${lineWord(place.file)}s ${first}-${last}`;
  }
  return '';
}

/**
 * The label of a citation: "Chaussé (2010), p. 14" or "notes/setup.md, lines 3-8"; "Smith (2019)
 * [retracted], p. 3" for a paper the library flags; "…, p. 12 (your note)" for the user's own words.
 */
export function citationLabel(place: CitedPlace): string {
  const name = (paperName(place.paper) ?? place.file) + (place.paper?.retracted ? ' [retracted]' : '');
  const where = placeText(place);
  const section = place.section && place.page === undefined && citesParagraphs(place.file) ? `, section "${place.section}"` : '';
  const own = place.ownWords ? ' (your note)' : '';
  return (where ? `${name}${section}, ${where}` : name) + own;
}

/** A title cut at its subtitle or at about 60 characters, for labels. */
function shortTitle(title: string): string {
  const main = title.split(/:\s/)[0]!.trim();
  if (main.length <= 60) return main;
  const cut = main.lastIndexOf(' ', 57);
  return `${main.slice(0, cut > 30 ? cut : 57)}…`;
}
