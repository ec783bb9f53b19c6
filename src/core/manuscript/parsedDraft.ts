/**
 * What a draft's citations look like once parsed: shared by the parser (parse/), the check
 * (check/) and the hosts. Offsets are UTF-16 offsets into the draft's text; lines and columns
 * are 1-based, as a person reads them (an editor converts to its own 0-based positions).
 */

/** LaTeX (`.tex`) or Pandoc Markdown (`.md`, `.qmd`, `.Rmd`). */
export type DraftFormat = 'latex' | 'markdown';

export interface SourcePosition {
  offset: number;
  line: number;
  column: number;
}

export interface SourceRange {
  start: SourcePosition;
  /** Exclusive. */
  end: SourcePosition;
}

/** One key inside a citation, with the notes that belong to it. */
export interface CitedKey {
  key: string;
  /** Text before the key: `see` in `\citep[see][]{a}` or `[see @a]`. */
  prefix: string;
  /** The locator or suffix: `chap.~2` in `\citep[see][chap.~2]{a}`, `p. 3` in `[@a, p. 3]`. */
  locator: string;
  /** Pandoc's `[-@a]`: the year without the author. */
  suppressAuthor: boolean;
  range: SourceRange;
}

/** A citation command or group as written. */
export interface Citation {
  /** `\citep`, `\parencite*`, `\cites`; `[@…]` for a bracketed Pandoc group, `@` for an in-text one. */
  command: string;
  keys: CitedKey[];
  range: SourceRange;
}

/** A sentence of the draft that carries at least one citation. */
export interface CitedSentence {
  /** The sentence as a reader reads it: citations, markup and commands removed. */
  text: string;
  /** The sentence as written, citations included. */
  range: SourceRange;
  citations: Citation[];
  /**
   * The sentence before it in its paragraph, as plain text, when that one cites nothing: what a
   * pronoun or the rest of a list in this sentence leans on ("An xts object is a zoo object with
   * three additions. Its index must …").
   */
  context?: string;
}

/** Something in the draft that could not be read as intended; the rest is still parsed. */
export interface DraftProblem {
  code: 'unbalanced-braces' | 'citation-without-keys' | 'unclosed-environment' | 'unclosed-fence' | 'unclosed-front-matter';
  line: number;
  column: number;
  /** One line naming what is wrong and what to do. */
  message: string;
}

export interface ParsedDraft {
  format: DraftFormat;
  sentences: CitedSentence[];
  /** The first of each kind (parse/problemLog.ts); the rest are in `unlistedProblems`. */
  problems: DraftProblem[];
  /** How many problems of each kind were found past those listed. */
  unlistedProblems: Partial<Record<DraftProblem['code'], number>>;
}
