/**
 * Section numbers as LaTeX prints them ("2 Methods", "2.1 Data", "A Proofs"), so a citation of a
 * draft reads like the compiled document: "draft.tex, §2 Methods, lines 40-52".
 *
 * Only a document that is whole in its file (it has `\documentclass`) is numbered: a chapter kept
 * in its own file and `\input` by a main file gets its numbers from that file, which this one
 * does not read, so its sections are named by their titles alone. Starred sections, parts, front
 * and back matter are unnumbered; `\appendix` turns the top level into letters; the depth
 * numbered is the class's (`secnumdepth`: 2 with chapters, 3 without) unless the preamble sets it.
 * A class that redefines how numbers print (`\renewcommand\thesection`) is not followed.
 */
import { CHAPTER_CLASSES, SECTION_LEVELS, UNNUMBERED_SECTIONS } from './latexCommands';

export class SectionNumbers {
  private readonly counters = [0, 0, 0, 0, 0, 0];
  private readonly top: number;
  private appendix = false;
  private matter: 'front' | 'main' | 'back' = 'main';

  /**
   * `documentClass`: null when the file has no `\documentclass` (nothing is numbered).
   * `usesChapters`: the document has a `\chapter`. `secnumdepth`: as the preamble sets it, if it does.
   */
  constructor(
    private readonly documentClass: string | null,
    usesChapters: boolean,
    private readonly secnumdepth: number | null,
  ) {
    this.top = documentClass !== null && (usesChapters || CHAPTER_CLASSES.has(documentClass)) ? 0 : 1;
  }

  /** The numbering of the LaTeX source `text` whose body starts at `bodyStart` (its class and `secnumdepth` are in the preamble). */
  static of(text: string, bodyStart: number): SectionNumbers {
    const preamble = text.slice(0, bodyStart);
    const documentClass = /\\documentclass\s*(?:\[[^\]]*\]\s*)?\{([^}]+)\}/.exec(preamble)?.[1]?.trim() ?? null;
    const depth = /\\setcounter\s*\{secnumdepth\}\s*\{(-?\d+)\}/.exec(preamble)?.[1];
    return new SectionNumbers(documentClass, /\\chapter\b/.test(text), depth !== undefined ? Number(depth) : null);
  }

  /** `\appendix`, `\frontmatter`, `\mainmatter`, `\backmatter`. */
  mark(command: 'appendix' | 'frontmatter' | 'mainmatter' | 'backmatter'): void {
    if (command === 'appendix') {
      this.appendix = true;
      this.counters[this.top] = 0;
    } else this.matter = command === 'frontmatter' ? 'front' : command === 'backmatter' ? 'back' : 'main';
  }

  /** The number the heading prints, or null when it prints none. */
  next(command: string, starred: boolean): string | null {
    const level = SECTION_LEVELS[command];
    if (level === undefined || level < this.top || this.documentClass === null) return null;
    if (starred || UNNUMBERED_SECTIONS.has(command) || (this.matter !== 'main' && this.top === 0)) return null;
    const depth = this.secnumdepth ?? (this.top === 0 ? 2 : 3);
    if (level > depth) return null;
    const index = level - this.top;
    this.counters[index] = (this.counters[index] ?? 0) + 1;
    for (let deeper = index + 1; deeper < this.counters.length; deeper++) this.counters[deeper] = 0;
    const parts = this.counters.slice(0, index + 1).map(String);
    if (this.appendix) parts[0] = letter(this.counters[0] ?? 0);
    return parts.join('.');
  }
}

function letter(n: number): string {
  return n >= 1 && n <= 26 ? String.fromCharCode(64 + n) : String(n);
}
