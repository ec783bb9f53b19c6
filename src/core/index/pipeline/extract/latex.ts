/**
 * A LaTeX source as the text its reader reads (./draftLines.ts): the body only (the preamble is
 * set-up), comments out, sections as `#` headings numbered as LaTeX numbers them
 * (./latexNumbers.ts), the text of `\emph{…}`, `\textbf{…}` and any other text command kept,
 * labels, graphics and layout dropped, floats reduced to their captions, display maths kept as
 * written on lines of its own, verbatim and listings as code blocks, citations and references as
 * written. Each line knows the source lines it came from, so a passage cites the `.tex` file's
 * own lines. What each command does is in ./latexCommands.ts.
 *
 * Comments are found first by the rule the draft parser uses too (../../../text/latexRegions.ts:
 * `%` not after a backslash, nor inside verbatim) and blanked with NULs, which print nothing and
 * are not white space: a commented line neither shows nor breaks a paragraph. Then one pass,
 * linear in the file; braces nest through an explicit stack (capped), an argument is looked for
 * within its paragraph, and an environment never closed runs to the end of the file with a
 * warning, as LaTeX would read it.
 */
import { latexRegions, VERBATIM_ENVIRONMENTS } from '../../../text/latexRegions';
import { blank } from '../../../text/regions';
import { ExtractionError } from './errors';
import { DraftLines, lineLocator, type DraftText } from './draftLines';
import {
  ACCENTS,
  DEFINITIONS,
  DROPPED,
  DROPPED_ENVIRONMENTS,
  ENVIRONMENT_ARGUMENTS,
  FLOATS,
  KEPT_AS_WRITTEN,
  LEAD_WORDS,
  LITERAL_ARGUMENT,
  MATH_ENVIRONMENTS,
  SECOND_ARGUMENT_TEXT,
  SECTION_LEVELS,
  SYMBOLS,
  WORDS,
} from './latexCommands';
import { SectionNumbers } from './latexNumbers';
import { charLimitWarning } from './limitText';
import {
  argumentsEnd,
  bodyOf,
  definitionEnd,
  braced,
  bracketEnd,
  accentedLetter,
  DelimiterFinder,
  environmentEnd,
  lineEnd,
  paragraphEnds,
  skipArguments,
  skipOptional,
  withoutLabels,
} from './latexArguments';

/** Braces open at once beyond this are read as text (a file of 100,000 `{` must not cost a deep stack). */
const MAX_GROUPS = 256;

const CONTROL_WORD = /[A-Za-z@]+/y;
const PLAIN_RUN = /[^\0\n\\{}$~`'&-]+/y;
const COMMENTED = /\0+/y;

export function extractLatex(source: string, options: { maxChars?: number } = {}): DraftText {
  const reader = new LatexReader(source, options.maxChars);
  const text = reader.read();
  if (text.text.trim() === '') throw new ExtractionError('no-text', 'no text outside the preamble, comments and code');
  const warnings = [...reader.warnings, ...(text.cut && options.maxChars !== undefined ? [charLimitWarning(options.maxChars)] : [])];
  return { ...text, warnings };
}

interface Group {
  /** Called when the group's `}` is read. */
  close?: () => void;
}

class LatexReader {
  readonly warnings: string[] = [];
  private readonly out: DraftLines;
  private readonly lineOf: (offset: number) => number;
  private readonly numbers: SectionNumbers;
  private readonly groups: Group[] = [];
  /** Heading text being read (`\section{…}`'s argument), else null. */
  private capture: string[] | null = null;

  /** The source with its comments blanked (NULs). */
  private readonly src: string;
  private readonly body: [number, number];
  private readonly delimiters: DelimiterFinder;

  constructor(source: string, maxChars?: number) {
    const comments = latexRegions(source).hidden.filter(([start]) => source[start] === '%');
    this.src = blank(source, comments, '\0');
    this.out = new DraftLines(maxChars);
    this.lineOf = lineLocator(source);
    this.body = bodyOf(this.src);
    this.delimiters = new DelimiterFinder(this.src);
    this.numbers = SectionNumbers.of(this.src, this.body[0]);
  }

  read(): { text: string; sourceLines: Array<[number, number]>; cut: boolean } {
    this.convert(this.body[0], this.body[1]);
    return this.out.finish();
  }

  /** Reads `src[from, to)` into the output. */
  private convert(from: number, to: number): void {
    let i = from;
    while (i < to && !this.out.full) {
      const ch = this.src[i]!;
      if (ch === '\0') {
        COMMENTED.lastIndex = i;
        COMMENTED.exec(this.src);
        i = COMMENTED.lastIndex;
      } else if (ch === '\n') i = this.newline(i, to);
      else if (ch === '\\') i = this.command(i, to);
      else if (ch === '{') {
        if (this.groups.length < MAX_GROUPS) this.groups.push({});
        i++;
      } else if (ch === '}') {
        this.groups.pop()?.close?.();
        i++;
      } else if (ch === '$') i = this.inlineMath(i, to);
      else if (ch === '~') i = this.text(' ', i, i + 1);
      else if (ch === '&') i = this.text(' | ', i, i + 1);
      else if (ch === '-') {
        const dashes = this.src.startsWith('---', i) ? 3 : this.src.startsWith('--', i) ? 2 : 1;
        i = this.text(dashes === 3 ? '—' : dashes === 2 ? '–' : '-', i, i + dashes);
      } else if (ch === '`' || ch === "'") {
        // ``…'' are LaTeX's double quotes; a single ' is an apostrophe as often as a quote, and stays.
        const double = this.src[i + 1] === ch;
        i = this.text(ch === '`' ? (double ? '“' : '‘') : double ? '”' : "'", i, i + (double ? 2 : 1));
      } else {
        PLAIN_RUN.lastIndex = i;
        PLAIN_RUN.exec(this.src);
        const end = Math.min(PLAIN_RUN.lastIndex, to);
        i = this.text(this.src.slice(i, end), i, end);
      }
    }
  }

  /** Text printed from source offset `at`; returns `next`. */
  private text(text: string, at: number, next: number): number {
    if (this.capture) this.capture.push(text);
    else this.out.add(text, this.lineOf(at));
    return next;
  }

  /** A line break: a blank line ends the paragraph; a single one ends the output line. */
  private newline(at: number, to: number): number {
    let j = at + 1;
    let blank = false;
    for (let k = j; k < to; k++) {
      const c = this.src[k];
      if (c === '\n') {
        blank = true;
        j = k + 1;
      } else if (c !== ' ' && c !== '\t' && c !== '\r') break;
    }
    if (this.capture) this.capture.push(' ');
    else if (blank) this.out.paragraph(this.lineOf(at));
    else this.out.endLine();
    return j;
  }

  private command(at: number, to: number): number {
    CONTROL_WORD.lastIndex = at + 1;
    const word = CONTROL_WORD.exec(this.src)?.[0];
    if (!word) return this.symbol(at, to);
    let i = at + 1 + word.length;
    const starred = this.src[i] === '*';
    if (starred) i++;
    if (word === 'begin' || word === 'end') return this.environment(word, at, i, to);
    if (word in SECTION_LEVELS) return this.section(word, starred, at, i, to);
    if (word === 'appendix' || word === 'frontmatter' || word === 'mainmatter' || word === 'backmatter') {
      this.numbers.mark(word);
      return i;
    }
    if (word === 'item') return this.item(at, i, to);
    if (word === 'verb' || word === 'lstinline' || word === 'mintinline') return this.inlineCode(word, at, i, to);
    if (word === 'footnote') return this.wrapped(at, i, to, ' (', ')');
    if (word in DROPPED) return skipArguments(this.src, i, to, DROPPED[word]!);
    if (DEFINITIONS.has(word)) return definitionEnd(this.src, i, to);
    if (LITERAL_ARGUMENT.has(word)) {
      const arg = braced(this.src, skipOptional(this.src, i, to), to);
      return arg ? this.text(this.src.slice(arg.start + 1, arg.end - 1), at, arg.end) : i;
    }
    if (SECOND_ARGUMENT_TEXT.has(word)) return skipArguments(this.src, i, to, 1);
    if (KEPT_AS_WRITTEN.test(word)) {
      const end = argumentsEnd(this.src, i, to);
      return this.text(this.src.slice(at, end).replace(/\s+/g, ' '), at, end);
    }
    if (word in WORDS) {
      const printed = WORDS[word]!;
      if (printed === '\n\n') {
        if (!this.capture) this.out.paragraph(this.lineOf(at));
        return i;
      }
      if (printed === '\n') {
        if (!this.capture) this.out.endLine();
        return i;
      }
      return this.text(printed, at, this.src[i] === '{' && this.src[i + 1] === '}' ? i + 2 : i);
    }
    if (word in ACCENTS) return this.accent(word, at, i, to);
    // Any other command: its name goes, its optional arguments too; its braces' text stays.
    return skipOptional(this.src, i, to);
  }

  /** `\%`, `\\`, `\'e`, `\[ … \]`, `\( … \)`. */
  private symbol(at: number, to: number): number {
    const ch = this.src[at + 1];
    if (ch === undefined) return at + 1;
    if (ch === '\\') {
      if (!this.capture) this.out.endLine();
      let i = at + 2;
      if (this.src[i] === '*') i++;
      return skipOptional(this.src, i, to);
    }
    if (ch === '[' || ch === '(') {
      const close = ch === '[' ? '\\]' : '\\)';
      const end = this.delimiters.next(close, at + 2);
      const stop = end === -1 || end > to ? -1 : end + 2;
      if (stop === -1 || paragraphEnds(this.src, at, stop)) return this.text(ch, at, at + 2);
      return ch === '[' ? this.display(at, stop) : this.text(withoutLabels(this.src.slice(at, stop)), at, stop);
    }
    if (ch in ACCENTS) return this.accent(ch, at, at + 2, to);
    const printed = SYMBOLS[ch];
    return this.text(printed ?? ch, at, at + 2);
  }

  /** `\'e`, `\'{e}`, `\c{c}`, `\v s`: the letter with its accent, composed. */
  private accent(accent: string, at: number, i: number, to: number): number {
    const { letter, end } = accentedLetter(this.src, accent, i, to);
    return this.text(letter === null ? '' : `${letter}${ACCENTS[accent]}`.normalize('NFC'), at, end);
  }

  /** `\section*[short]{Title}`: a heading line, numbered as LaTeX numbers it. */
  private section(word: string, starred: boolean, at: number, i: number, to: number): number {
    const open = skipOptional(this.src, i, to);
    if (this.src[open] !== '{' || this.capture) return open;
    const number = this.numbers.next(word, starred);
    const level = Math.max(1, SECTION_LEVELS[word]! + 1);
    const capture: string[] = [];
    this.capture = capture;
    this.groups.push({
      close: () => {
        this.capture = null;
        const title = capture.join('');
        this.out.heading(level, number ? `${number} ${title}` : title, this.lineOf(at), this.lineOf(open));
      },
    });
    return open + 1;
  }

  /** `\item` starts a line "- "; `\item[Term]` reads "- Term: ". */
  private item(at: number, i: number, to: number): number {
    if (this.capture) return i;
    this.out.endLine();
    this.out.add('- ', this.lineOf(at));
    let j = i;
    while (this.src[j] === ' ') j++;
    if (this.src[j] !== '[') return i;
    const end = bracketEnd(this.src, j, to);
    if (end === -1) return i;
    this.convert(j + 1, end);
    this.text(': ', j, j);
    return end + 1;
  }

  /** `\footnote{…}`: its text in the sentence, between `before` and `after`. */
  private wrapped(at: number, i: number, to: number, before: string, after: string): number {
    const open = skipOptional(this.src, i, to);
    if (this.src[open] !== '{') return open;
    this.text(before, at, at);
    this.groups.push({ close: () => this.text(after, open, open) });
    return open + 1;
  }

  /** `\verb|x|`, `\lstinline{x}`, `\mintinline{r}{x}`: the code as written. */
  private inlineCode(word: string, at: number, i: number, to: number): number {
    let j = skipOptional(this.src, i, to);
    if (word === 'mintinline') j = braced(this.src, j, to)?.end ?? j;
    const open = this.src[j];
    if (open === undefined || open === '\n' || j >= to) return j;
    const close = open === '{' ? '}' : open;
    const end = this.src.indexOf(close, j + 1);
    const eol = lineEnd(this.src, j, to);
    if (end === -1 || end > eol) return this.text(this.src.slice(j + 1, eol), at, eol);
    return this.text(this.src.slice(j + 1, end), at, end + 1);
  }

  /** Inline `$…$` and display `$$…$$`, as written. A `$` without its pair in the paragraph is a dollar. */
  private inlineMath(at: number, to: number): number {
    const display = this.src[at + 1] === '$';
    const delimiter = display ? '$$' : '$';
    let end = at + delimiter.length;
    for (;;) {
      end = this.delimiters.next(delimiter, end);
      if (end === -1 || this.src[end - 1] !== '\\') break;
      end += 1;
    }
    const stop = end === -1 || end >= to ? -1 : end + delimiter.length;
    if (stop === -1 || paragraphEnds(this.src, at, stop)) return this.text('$', at, at + 1);
    return display ? this.display(at, stop) : this.text(withoutLabels(this.src.slice(at, stop)), at, stop);
  }

  /** Display maths `src[at, end)` on lines of its own, as written, labels and comments dropped. */
  private display(at: number, end: number): number {
    if (this.capture) return this.text(withoutLabels(this.src.slice(at, end)).replace(/\s+/g, ' '), at, end);
    this.out.endLine();
    this.rawLines(at, end, (line) => withoutLabels(line.replace(/\0+/g, '')).trim());
    this.out.endLine();
    return end;
  }

  /** Each source line of `src[from, to)` as a line of its own, through `shape` (empty lines dropped). */
  private rawLines(from: number, to: number, shape: (line: string) => string, keepEmpty = false): void {
    let start = from;
    while (start < to) {
      const end = lineEnd(this.src, start, to);
      const line = shape(this.src.slice(start, end).replace(/\r$/, ''));
      if (line !== '' || keepEmpty) this.out.own(line, this.lineOf(start));
      start = end + 1;
    }
  }

  private environment(word: 'begin' | 'end', at: number, i: number, to: number): number {
    const arg = braced(this.src, i, to);
    if (!arg) return i;
    const name = this.src.slice(arg.start + 1, arg.end - 1).trim();
    if (word === 'end') {
      if (!this.capture) this.out.endLine();
      return arg.end;
    }
    const inner = arg.end;
    if (VERBATIM_ENVIRONMENTS.has(name) && name !== 'comment') return this.code(name, at, inner, to);
    if (DROPPED_ENVIRONMENTS.has(name)) return this.endOf(name, at, inner, to).after;
    if (name in FLOATS) return this.float(name, at, inner, to);
    if (MATH_ENVIRONMENTS.has(name)) {
      const { after } = this.endOf(name, at, inner, to);
      return this.display(at, after);
    }
    if (name === 'abstract') {
      this.out.heading(2, 'Abstract', this.lineOf(at), this.lineOf(at));
      return inner;
    }
    this.out.endLine();
    const lead = LEAD_WORDS[name.replace(/\*$/, '')];
    if (lead) {
      const optional = this.src[inner] === '[' ? bracketEnd(this.src, inner, to) : -1;
      const title =
        optional !== -1
          ? ` (${this.src
              .slice(inner + 1, optional)
              .replace(/\s+/g, ' ')
              .trim()})`
          : '';
      this.text(`${lead}${title}. `, at, at);
      return optional !== -1 ? optional + 1 : inner;
    }
    return skipArguments(this.src, inner, to, ENVIRONMENT_ARGUMENTS[name] ?? 0);
  }

  /** Where `\end{name}` of the environment opened at `at` is (the same name nested counts); to the end with a warning when never closed. */
  private endOf(name: string, at: number, from: number, to: number): { start: number; after: number } {
    const end = environmentEnd(this.src, name, from, to);
    if (end) return end;
    this.warnings.push(`\\begin{${name}} on line ${this.lineOf(at)} is never closed: the rest of the file is read as ${name}; add \\end{${name}}`);
    return { start: to, after: to };
  }

  /** A figure or table: its captions, each a line "Figure: …"; the rest is code. */
  private float(name: string, at: number, inner: number, to: number): number {
    const { start, after } = this.endOf(name, at, inner, to);
    const caption = /\\caption\*?\s*(?:\[[^\]\n]*\]\s*)?\{/g;
    caption.lastIndex = inner;
    for (let m = caption.exec(this.src); m && m.index < start; m = caption.exec(this.src)) {
      const arg = braced(this.src, m.index + m[0].length - 1, start);
      if (!arg) continue;
      this.out.endLine();
      this.text(`${FLOATS[name]}: `, m.index, m.index);
      this.convert(arg.start + 1, arg.end - 1);
      this.out.endLine();
      caption.lastIndex = arg.end;
    }
    return after;
  }

  /** `verbatim`, `lstlisting`, `minted`…: a code block, its lines as written. */
  private code(name: string, at: number, inner: number, to: number): number {
    const { start, after } = this.endOf(name, at, inner, to);
    // The code starts on the line after `\begin{…}[options]{language}`.
    const first = lineEnd(this.src, inner, start) + 1;
    this.out.own('```', this.lineOf(at));
    if (first < start) this.rawLines(first, start, (line) => (/^\s*$/.test(line) ? '' : line), true);
    this.out.own('```', this.lineOf(Math.max(at, start)));
    return after;
  }
}
