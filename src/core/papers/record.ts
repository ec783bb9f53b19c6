/**
 * A paper as the library knows it: title, authors, year, venue, identifiers and citekey, each
 * field with where it came from and how sure we are. Records are built offline, with no model:
 * from the user's BibTeX files (best), the PDF's Info dictionary and XMP, and the first pages'
 * layout (README.md). A field we are unsure of is left out: a wrong year or author is worse than
 * none.
 */

/** Where a field's value came from, best first. */
export type FieldSource = 'zotero' | 'bib' | 'pdf-metadata' | 'page-text' | 'model';

export interface Field<T> {
  value: T;
  source: FieldSource;
  /** 0-1: how sure the rule that found it is (a bib entry is 1). */
  confidence: number;
  /** Where exactly, for a person checking it: `refs.bib:12`, `Info Title`, `page 1`, `citation note, page 1`. */
  from?: string;
}

export interface Author {
  family: string;
  given: string;
}

/** What one source says about a paper; absent fields are unknown. */
export interface PaperFields {
  title?: Field<string>;
  authors?: Field<Author[]>;
  /** Publication year a reader would cite: never a build date, never a year from a reference list. */
  year?: Field<number>;
  /** Journal, proceedings or series. */
  venue?: Field<string>;
  /** Lower-case, without a `https://doi.org/` prefix. */
  doi?: Field<string>;
  /** New-style (`2101.00001`) or old-style (`hep-th/9901001`) identifier, without a version. */
  arxiv?: Field<string>;
  /** The user's bib key: only a bib entry has one. */
  citekey?: Field<string>;
}

/** One indexed document's record, its fields merged from every source (the bib wins). */
export interface PaperRecord extends PaperFields {
  /** Relative POSIX path of the document, as indexed. */
  path: string;
  /** Zotero flags the paper as retracted (src/core/library): said wherever it is cited. */
  retracted?: boolean;
}

export const RECORD_FIELDS = ['title', 'authors', 'year', 'venue', 'doi', 'arxiv', 'citekey'] as const satisfies readonly (keyof PaperFields)[];
