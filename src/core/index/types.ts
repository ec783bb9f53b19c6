/**
 * Shared shapes of the document index: what extraction produces, what is stored, what search
 * returns. Paths are always relative to the indexed root, with POSIX separators.
 */

import type { PaperRef } from '../citations/citationLabel';
import type { DocumentKind } from '../formats';
import type { MentionKind } from '../papers/mentions';
import type { PaperEvidence } from './pipeline/extract/paperEvidence';
import type { PageLines, PaperReferences } from '../papers/references/types';
import type { LinkedEntry } from '../papers/references/graph';

/** The kinds and their extensions are the format table's (../formats). */
export type { DocumentKind };

/** A file the walk found (pipeline/discover.ts), before it is read. */
export interface DiscoveredFile {
  /** Relative POSIX path from the root. */
  path: string;
  absPath: string;
  kind: DocumentKind;
  size: number;
  mtimeMs: number;
  /**
   * A document a source made itself rather than a file to read (a Zotero library's annotations and
   * notes, src/core/library): its content hash and passages, written as they are (not extracted,
   * not chunked). `size` and `mtimeMs` then describe that content (its length, its latest change).
   */
  prepared?: { hash: string; doc: ExtractedDocument; chunks: Chunk[] };
}

/** Where an indexing run's documents come from instead of a walk of the folder (src/core/library: a Zotero library). */
export interface DocumentSource {
  /** The documents as discovery would list them, the ones that could not be listed, and notices for the run's summary. */
  discover(signal?: AbortSignal): Promise<{ files: DiscoveredFile[]; failures: FileFailure[]; notices: string[] }>;
}

/** Text of one document as extracted, before chunking. */
export interface ExtractedDocument {
  /** Relative POSIX path from the indexed root. */
  path: string;
  kind: DocumentKind;
  /**
   * PDFs: one entry per physical page (index 0 is page 1). Markdown/text: one entry, the whole
   * file. HTML/DOCX: one entry, the visible text as Markdown-like lines (headings as `#`).
   */
  pages: string[];
  /**
   * HTML/DOCX: for each line of `pages[0]` (index 0 = line 1), the [first, last] line of the HTML
   * source, or the DOCX paragraph numbers, it came from. Chunks cite these, not lines of `pages[0]`.
   */
  sourceLines?: Array<[number, number]>;
  /** Non-fatal problems worth telling the user (e.g. some pages had no text layer). */
  warnings: string[];
  /** PDFs, before OCR: 1-based pages without a usable text layer, left for OCR to read. */
  ocrCandidates?: number[];
  /**
   * PDFs: pages OCR could not read for a reason not their own (the OCR thread died, Tesseract or
   * the PDF could not be opened): the next run reads the document again (pipeline/failureRecord.ts).
   */
  ocrRetry?: number[];
  /** PDFs: pages whose text came from OCR, with Tesseract's mean word confidence (0-100). */
  ocrPages?: Array<{ page: number; confidence: number }>;
  /** PDFs, when asked: what the PDF says about the paper it holds (pipeline/extract/paperEvidence.ts). */
  paper?: PaperEvidence;
  /**
   * PDFs, when asked: each page's lines with their positions and fonts (OCR'd pages from their
   * words), read for the reference list and then dropped (pipeline/prepare.ts).
   */
  pageLines?: PageLines[];
  /** PDFs: the reference list and in-text citations read from `pageLines` (src/core/papers/references). */
  references?: PaperReferences;
  /**
   * Limits that cut this document short (its warnings say how): a later run with a higher one
   * reads it again (pipeline/failureRecord.ts). `ocrMaxPixels`: a scan too large for OCR.
   */
  limitedBy?: Array<'maxPages' | 'maxChars' | 'fileTimeoutMs' | 'ocrMaxPixels'>;
}

/**
 * Where a chunk (or a search hit) comes from. Pages are 1-based physical PDF pages; lines are
 * 1-based lines of the file (for HTML, of its source), except for DOCX, where they are paragraph
 * numbers (see extract/docx.ts).
 */
export interface Provenance {
  path: string;
  pageStart: number | null;
  pageEnd: number | null;
  lineStart: number | null;
  lineEnd: number | null;
}

/** A retrievable unit of text. */
export interface Chunk extends Provenance {
  /** Stable id, unique in the index. */
  id: string;
  /** Position of the chunk within its document (0-based). */
  ordinal: number;
  /** Nearest section heading, when one is known (helps both ranking and citations). */
  heading: string | null;
  text: string;
  /** Set when some of the chunk's text was read by OCR: the lowest confidence (0-100) of its OCR'd pages. */
  ocrConfidence?: number;
}

/** One search result. */
export interface SearchHit extends Provenance {
  id: string;
  heading: string | null;
  text: string;
  /** Content hash of the document as indexed (tells a viewer whether the file changed since). */
  docHash?: string;
  /** Higher is better; comparable only within one result list. */
  score: number;
  /** The paper the document is, when the library knows it (citations read "Chaussé (2010), p. 14"). */
  paper?: PaperRef;
  /** The user's own words (a Zotero highlight's comment, a note): cited as the paper's page, never quoted as the paper's. */
  ownWords?: true;
}

/** A paper a question names (src/core/papers/mentions.ts), with how it reads in citations. */
export interface NamedPaper {
  path: string;
  paper: PaperRef;
  /** 0-1: 1 for an author and year, citekey or quoted title the record agrees with. */
  strength: number;
  kind: MentionKind;
}

/** A paper of the library: an indexed document whose record names it. */
export interface LibraryPaper {
  path: string;
  paper: PaperRef;
}

export interface SearchOptions {
  /** How many hits to return (default 10). */
  k?: number;
  /** Restrict to these documents (relative paths). Empty or absent: all documents. */
  paths?: string[];
  /** Default `auto`: hybrid when vectors exist, full-text otherwise. */
  mode?: 'auto' | 'hybrid' | 'fts' | 'vector';
  signal?: AbortSignal;
}

/** One indexed document as listed by the index. */
export interface DocumentInfo {
  path: string;
  kind: DocumentKind;
  pages: number | null;
  chunks: number;
  /** The hash of the document's content as indexed: a reader may keep what it read of the document while it is unchanged. */
  contentHash?: string;
}

export interface IndexStats {
  documents: number;
  chunks: number;
  /** Embedding model recorded in the index, or null for full-text only. */
  embeddingModel: string | null;
  dimension: number | null;
  /** ISO time of the last completed indexing run, or null if never. */
  lastIndexedAt: string | null;
  /** Host whose run completed last, when recorded. */
  lastIndexedBy?: string | null;
}

/** The index's verdict on a question (search/absence.ts): do the documents most likely lack its answer? */
export interface Absence {
  /** The documents most likely do not contain the answer. */
  absent: boolean;
  /** 0..1: how sure the verdict is (for `absent`, 1 - coverage; otherwise coverage). */
  confidence: number;
  /** One line for logs and the decision trail, e.g. `"parquet" occurs nowhere in the index`. */
  reason: string;
  /** The question's words (or names) the top passages lack, rarest first, at most 3: what a rephrase could change. */
  missing: string[];
}

/** What the research graph needs from the index. */
export interface Retriever {
  search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
  /**
   * Whether `hits` (this retriever's results for `query`) most likely lack the answer, judged from
   * the index alone (./absence.ts). Optional: a retriever without it never says "not in your documents".
   */
  assessAbsence?(query: string, hits: readonly SearchHit[]): Promise<Absence>;
  /** The papers of the library the question names, strongest first. Optional: a retriever without papers names none. */
  namedPapers?(query: string): Promise<NamedPaper[]>;
  /** Every paper of the library (documents whose record names a paper). Optional, as namedPapers. */
  papers?(): Promise<LibraryPaper[]>;
  /**
   * One document's passages in reading order: all of them, or those on pages `from`-`to`, at most
   * `limit` (default 500). Optional: the citation check reads a cited paper whole with it, and
   * falls back to searching inside the paper without it.
   */
  passagesOf?(path: string, options?: PassagesOptions): Promise<SearchHit[]>;
  /**
   * Where the library's papers cite a work the question names by author and year, as passages on
   * the citing pages (their reference lists' links; `named`: the papers the question names, whose
   * own citations are what it asks about). Null when the question is not about citations.
   * Optional, as papers.
   */
  citingPassages?(question: string, options?: { named?: readonly string[]; signal?: AbortSignal }): Promise<CitingPassages | null>;
  /**
   * A library paper's reference entries, each linked to the library paper it is (paths as this
   * retriever names them) and with the paper's in-text citations of it; null when no list is
   * stored for it. Optional, as papers: the citation check asks whom a paper credits for a claim.
   */
  citationsIn?(path: string, options?: { signal?: AbortSignal }): Promise<LinkedEntry[] | null>;
  listDocuments(): Promise<DocumentInfo[]>;
  stats(): Promise<IndexStats>;
}

/** Passages where the library cites a work (Retriever.citingPassages). */
export interface CitingPassages {
  /** The works as the question names them ("Zeileis (2004)"). */
  works: string[];
  /** The papers that cite them. */
  citing: string[];
  /** One passage per citation, round-robin over the citing papers. */
  hits: SearchHit[];
}

export interface PassagesOptions {
  /** Physical pages, inclusive: passages that start or end on one of them. */
  pages?: { from: number; to: number };
  limit?: number;
  signal?: AbortSignal;
}

/** Progress of an indexing run, yielded by the indexer as it goes. */
export interface IndexProgress {
  phase: 'discover' | 'extract' | 'ocr' | 'embed' | 'write' | 'optimize' | 'papers' | 'sentences' | 'done';
  /** Files finished so far / files to process in this run ('sentences': passages, build/sentenceVectorPass.ts). */
  done: number;
  total: number;
  /** The file being worked on, when there is one. */
  file?: string;
  message?: string;
}

/** A file that could not be indexed, with a specific reason a user can act on. */
export interface FileFailure {
  path: string;
  /** Machine-readable: 'empty', 'corrupt', 'encrypted', 'no-text', 'binary', 'unreadable', 'vanished', 'too-large', ... */
  code: string;
  /** One line for a human, e.g. "password-protected PDF: remove the password to index it". */
  reason: string;
}

/** What an indexing run did; returned when the run's generator finishes. */
export interface IndexSummary {
  /** Files found under the root that match the include/exclude globs. */
  files: number;
  indexed: number;
  /** Unchanged since the last run. */
  skipped: number;
  removed: number;
  failed: FileFailure[];
  pages: number;
  chunks: number;
  seconds: number;
  pagesPerSecond: number;
  /** True when the run was stopped by its AbortSignal; what was written stays consistent. */
  cancelled: boolean;
  /** Which embedder ran, e.g. 'ollama:nomic-embed-text', 'local:all-MiniLM-L6-v2', 'none'. */
  embedder: string;
  /** Messages the user should see (e.g. "embedding model changed: re-embedding all documents"). */
  notices: string[];
  /** Documents indexed this run with something to know (pages without text, a guessed encoding). */
  warned: DocumentWarnings[];
  /** What OCR did this run (absent when OCR is off). */
  ocr?: OcrSummary;
}

export interface OcrSummary {
  /** Pages whose text came from OCR (read this run or from the OCR cache). */
  pages: number;
  /** Of those, taken from the cache. */
  cached: number;
  /** Pages sent to OCR this run (blank ones included; cache hits not). */
  recognized: number;
  /** Per document: the pages OCR'd, and the pages OCR could not read. */
  documents: Array<{ path: string; read: number[]; unreadable: number[] }>;
}

export interface DocumentWarnings {
  path: string;
  warnings: string[];
}
