/**
 * One bib entry as the library uses it: the fields a record takes, already turned from LaTeX into
 * text by the parser (`Chauss{\'e}` -> Chaussé, `{GMM}` -> GMM: case protection never reaches the
 * user), with where it stands (file and line) so a person can find it.
 */
import type { Author } from '../record';

export interface BibEntry {
  key: string;
  /** Entry type, lower case: article, inproceedings, techreport, … */
  type: string;
  /** The bib file, relative POSIX path from the indexed root (or as given when outside it). */
  bibFile: string;
  /** 1-based line of the `@type{key,` line. */
  line: number;
  title?: string;
  authors?: Author[];
  /** Editors, for an entry without authors (a proceedings volume, an edited book). */
  editors?: Author[];
  year?: number;
  venue?: string;
  doi?: string;
  arxiv?: string;
  /** The `file` field's paths as written (filesOfField). */
  files: string[];
  /** The entry it inherits from (`crossref`), applied by parseBib when that entry exists. */
  crossref?: string;
}
