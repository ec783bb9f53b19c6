/**
 * A paper's reference list and its in-text citations, as read from the PDF (README.md): plain,
 * structured-cloneable data, stored with the paper in the index and read by the CLI, the chat,
 * the check and the viewer.
 */
import type { Author } from '../record';

/** One entry of a reference list. Unknown fields are null or absent. */
export interface ReferenceEntry {
  /** 1-based position in the list. */
  index: number;
  /** The printed label of a numbered list ("12" for "[12]"); absent in author-year lists. */
  label?: string;
  /** In printed order; a body ("R Core Team") is one family name with an empty given name. */
  authors: Author[];
  /** The list said "et al." or "and others" after the names it printed. */
  etAl?: boolean;
  /** As printed, with its letter ("2006b"); null when none is printed. */
  year: string | null;
  title: string | null;
  /** Journal, or the book or proceedings a chapter or paper is in. */
  venue: string | null;
  volume?: string;
  issue?: string;
  pages?: string;
  /** Lower-case, without a resolver prefix. */
  doi?: string;
  /** New-style or old-style identifier, without a version. */
  arxiv?: string;
  url?: string;
  /** The entry's text as printed (lines joined, hyphens resolved), at most MAX_RAW characters. */
  raw: string;
  /** 1-based page where the entry starts. */
  page: number;
}

/** A box on a page, in points from its top-left corner as pdf.js shows it at scale 1: [left, top, right, bottom]. */
export type Box = [number, number, number, number];

/** One in-text citation of one entry ("Zeileis (2004)"; "[3, 7]" gives two, one per entry). */
export interface CitationMention {
  /** 1-based page. */
  page: number;
  /** The citation as printed (the whole bracket or name-and-year form it is part of). */
  text: string;
  /** Where it is printed: one box per line it runs over. */
  boxes: Box[];
  /** The entry cited (ReferenceEntry.index). */
  entry: number;
  /** A page the citation names in the cited work ("p. 3"), when it names one. */
  citedPage?: string;
  /** The sentence it stands in, at most MAX_SENTENCE characters. */
  sentence: string;
}

export interface PaperReferences {
  /** REFERENCES_VERSION of the rules that read it. */
  version: number;
  /** Where the reference list was found: its heading's page and the last page it runs on; null when none was. */
  section: { heading: string; firstPage: number; lastPage: number } | null;
  entries: ReferenceEntry[];
  mentions: CitationMention[];
  /** What was cut short by a limit (an entry over MAX_RAW characters, more than MAX_ENTRIES entries), one line each. */
  limits: string[];
}

/** One line of text on a page, with where its parts are printed (for boxes) and in which font. */
export interface TextLine {
  text: string;
  /** Left edge and right end, points from the page's left. */
  x: number;
  right: number;
  /** Baseline, points from the top of the page. */
  y: number;
  /** Font size in points (OCR: from the word boxes' height). */
  size: number;
  /** Consecutive stretches: where each starts in `text`, its left edge and width, its font's id (absent for OCR). */
  spans: Array<{ start: number; x: number; width: number; font?: string }>;
}

/** A page as the reference reader sees it: its lines in reading order. */
export interface PageLines {
  page: number;
  width: number;
  height: number;
  lines: TextLine[];
  /** Read by OCR: no fonts, sizes from word boxes. */
  ocr?: boolean;
}
