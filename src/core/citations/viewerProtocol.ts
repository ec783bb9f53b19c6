/**
 * Messages between the PDF viewer's webview (media/pdf-viewer) and the extension
 * (src/vscode/viewer). Plain data only: both sides are bundled separately and meet here.
 */

import type { PaperRef } from './citationLabel';

/** A cited passage to show: the page to open and, when known, the indexed text to highlight. */
export interface PassageTarget {
  /** 1-based physical page where the passage starts. */
  page: number;
  /** Last page when the passage crosses a page break. */
  pageEnd?: number;
  /** The chunk's text as indexed; absent: open at the page, highlight nothing. */
  text?: string;
  /** A sentence of `text` to emphasise (the one that best matches the answer's claim). */
  emphasis?: string;
  /** Label for the viewer's citation bar, e.g. "[2] R-admin.pdf, p. 35", "[1] Chaussé (2010), p. 14" (./citationLabel.ts). */
  label?: string;
  /** The paper the PDF is, when the library knows it: the opening note names it. */
  paper?: PaperRef;
  /** The document changed since it was indexed: the highlight may be stale. */
  stale?: boolean;
  /**
   * Words OCR read on the passage's pages (from the index's OCR cache), for pages without a text
   * layer to locate the passage in: boxes are [left, top, right, bottom] in fractions of the page.
   */
  ocrPages?: OcrPageWords[];
  /**
   * The user's own highlights the citation is (a Zotero annotation): drawn where Zotero keeps them,
   * nothing located in the text.
   */
  userHighlights?: UserHighlight[];
}

/** One of the user's Zotero highlights: its rectangles in PDF points (origin bottom left), as Zotero's position keeps them. */
export interface UserHighlight {
  /** 1-based physical page. */
  page: number;
  rects: Array<[number, number, number, number]>;
  /** Zotero's colour (`#ffd400`), or null. */
  color: string | null;
  /** highlight, underline, image, … */
  type: string;
}

export interface OcrPageWords {
  page: number;
  words: Array<{ text: string; box: [number, number, number, number] }>;
}

export type ToViewer =
  /** The document's webview URL (first message after `ready`), with the citations to step through. */
  | { type: 'load'; url: string; fileName: string; targets: PassageTarget[]; active: number; restore?: ViewState }
  /** Show one of the targets already sent, or a new list of them (a second click on a citation). */
  | { type: 'show'; targets: PassageTarget[]; active: number }
  /** The file could not be read (missing, unreadable): show a message instead of a blank panel. */
  | { type: 'fail'; reason: 'missing' | 'unreadable'; message: string }
  /** The opening page's preview (./pagePreview.ts), when it was not ready for the page's HTML: shown until the page is painted. */
  | { type: 'preview'; page: number; html: string }
  /** The document's in-text citations, read from the index (src/core/session/viewerCitations.ts): drawn as links over the text. */
  | { type: 'citationLinks'; links: PdfCitationLinks };

/**
 * A library PDF's in-text citations as the viewer draws them: each mention with its page and
 * boxes, and the reference entries they cite, each with the library paper it is when the
 * library has it. Read from the reference lists stored at index time.
 */
export interface PdfCitationLinks {
  references: CitedReference[];
  mentions: CitationLink[];
}

/** One entry of the PDF's reference list, as the hover shows it. */
export interface CitedReference {
  /** ReferenceEntry.index: what a mention's `entry` names. */
  index: number;
  /** How messages name it: "Zeileis (2004)", "Hothorn et al. (2006)"; its title or printed text when no authors were read. */
  name: string;
  /** "Achim Zeileis, Torsten Hothorn" ("… et al." when the list cut the names short); empty when none were read. */
  authors: string;
  year: string | null;
  title: string | null;
  venue: string | null;
  /** The pages the cited work runs over as the entry prints them ("817–858"), to place a page a citation names. */
  pages?: string;
  /** The entry as printed (copied when the paper is not in the library). */
  raw: string;
  /** The library paper the entry is (its path as citations name it, and "Zeileis (2004) Title"), or null. */
  library: { path: string; name: string | null } | null;
}

/** One in-text citation: where it is printed and which entry it cites. */
export interface CitationLink {
  page: number;
  /** In points from the page's top-left corner at scale 1: [left, top, right, bottom], one per line it runs over. */
  boxes: Array<[number, number, number, number]>;
  /** As printed ("Zeileis (2004)"). */
  text: string;
  entry: number;
  /** The page the citation names in the cited work ("3" of "p. 3"), when it names one. */
  citedPage?: string;
}

/** Scroll position, restored when a closed viewer reopens. */
export interface ViewState {
  page: number;
  scale: string;
}

/** What the viewer shows, reported after every navigation and highlight (tests read it). */
export type PixelBox = [left: number, top: number, width: number, height: number];

export interface ViewerReport {
  /** Page at the top of the view. */
  page: number;
  pages: number;
  scale: string;
  /** True once a page has been painted (benchmarks time the first paint by it). */
  painted: boolean;
  /**
   * Milliseconds since the webview's page started (`origin`: that start, in ms since the epoch,
   * so a benchmark can place them on the extension's clock): its script running, pdf.js's worker
   * created, the PDF's bytes received, the document opened, the first page painted.
   */
  timings: { origin?: number; preview?: number; script?: number; worker?: number; bytes?: number; opened?: number; painted?: number };
  /**
   * The page's preview (./pagePreview.ts) shown before the first paint: its page and the text it
   * marked (empty: the passage was not located on it); absent when none was shown.
   */
  preview?: { page: number; marked: string; shown: boolean };
  /** The pages drawn now (a canvas each), and which of them are in view: few are kept drawn out of view. */
  drawn?: { pages: number[]; inView: number[] };
  /**
   * The cited page as painted on its own canvas before the viewer laid out its pages, and where
   * the viewer then drew that page (left, top, width, height in CSS pixels): the hand-over should
   * not move it.
   */
  firstPage?: { page: number; box: PixelBox; viewerBox?: PixelBox };
  /** The target being shown, if any. */
  target?: {
    page: number;
    pageEnd?: number;
    /** located: highlighted; not-located: opened at the page only; none: no text to look for. */
    highlight: 'located' | 'not-located' | 'none';
    /** The highlighted text as drawn, page by page. */
    highlightedPages: number[];
    highlightedText: string;
    emphasisedText: string;
    /** Of `highlightedPages`, those located in OCR'd words (drawn from their boxes, not a text layer). */
    ocrPages: number[];
    /** Highlight boxes drawn so far on the pages shown (0 until a highlighted page is painted). */
    boxes: number;
    stale: boolean;
    /** The user's highlights as the page shows them: page, box (left, top, width, height in percent of the page), colour. */
    userHighlights?: Array<{ page: number; box: [number, number, number, number]; color: string }>;
  };
  /**
   * What the page showed while the document opened, before the viewer's script ran: the note on
   * the panel (./openingNote.ts) and the toolbar's page box and citation label; `shown`: the note
   * still shows (it goes when the first page is painted or a failure is shown).
   */
  opening?: { text: string; page: string; citation: string; shown: boolean };
  /** A load failure shown in the viewer instead of the document. */
  error?: { kind: 'damaged' | 'encrypted' | 'missing' | 'unreadable'; message: string };
}

export type FromViewer =
  | { type: 'ready' }
  | { type: 'report'; report: ViewerReport }
  | { type: 'state'; state: ViewState }
  /** An error inside the webview, for the extension's log. */
  | { type: 'log'; message: string }
  /** Buttons on the failure message. */
  | { type: 'action'; action: 'reindex' | 'reveal' | 'openAsText' }
  /** An in-text citation was clicked: `mention` indexes the PdfCitationLinks' mentions the viewer was sent. */
  | { type: 'followCitation'; mention: number };

export const PDF_VIEW_TYPE = 'local-research.pdfViewer';
