/**
 * Where a LaTeX command's arguments end, read from the source text as the LaTeX reader
 * (./latex.ts) needs it: `{…}` with braces nested, `[…]` options, the document's body. Each
 * search stays within its paragraph and within MAX_ARGUMENT characters, so a stray brace costs
 * a bounded look, never a scan of the rest of the file.
 */

/** An argument (`{…}`, `[…]`) is looked for this far at most, and never past a blank line. */
const MAX_ARGUMENT = 20_000;

const CONTROL_WORD = /[A-Za-z@]+/y;
const BEGIN_DOCUMENT = /\\begin\s*\{document\}/;
const END_DOCUMENT = /\\end\s*\{document\}/;

/** The end of the line at `from` (the offset of its `\n`, or `to`). */
export function lineEnd(text: string, from: number, to: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 || end > to ? to : end;
}

/** [start, end) of the body: after `\begin{document}` up to `\end{document}`; a file without one (a chapter `\input` elsewhere) is all body. */
export function bodyOf(text: string): [number, number] {
  const begin = BEGIN_DOCUMENT.exec(text);
  if (!begin) return [0, text.length];
  const from = begin.index + begin[0].length;
  const end = END_DOCUMENT.exec(text.slice(from));
  return [from, end ? from + end.index : text.length];
}

export function withoutLabels(math: string): string {
  return math.replace(/\\(?:label\s*\{[^{}\n]*\}|nonumber\b|notag\b)/g, '');
}

/** Whether a blank line lies between `from` and `to` (an argument or maths never crosses one). */
export function paragraphEnds(text: string, from: number, to: number): boolean {
  return /\n[ \t\r]*\n/.test(text.slice(from, to));
}

/** `{…}` starting at `at` (spaces before it skipped), braces nested, within its paragraph; null when there is none. */
export function braced(text: string, at: number, to: number): { start: number; end: number } | null {
  let start = at;
  while (start < to && (text[start] === ' ' || text[start] === '\t')) start++;
  if (text[start] !== '{') return null;
  const limit = Math.min(to, start + MAX_ARGUMENT);
  let depth = 0;
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { start, end: i + 1 };
    else if (c === '\n' && /^\n[ \t\r]*\n/.test(text.slice(i, i + 80))) return null;
  }
  return null;
}

/** The `]` closing the `[` at `at`, or -1. */
export function bracketEnd(text: string, at: number, to: number): number {
  const limit = Math.min(to, at + MAX_ARGUMENT);
  let depth = 0;
  for (let i = at; i < limit; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ']' && depth === 0) return i;
    else if (c === '\n' && text[i + 1] === '\n') return -1;
  }
  return -1;
}

/** After any `[…]` arguments at `at` (a command's options). */
export function skipOptional(text: string, at: number, to: number): number {
  let i = at;
  for (;;) {
    let j = i;
    while (j < to && (text[j] === ' ' || text[j] === '\t')) j++;
    if (text[j] !== '[') return i;
    const end = bracketEnd(text, j, to);
    if (end === -1) return i;
    i = end + 1;
  }
}

/** After `count` braced arguments (optional ones between them skipped too). */
export function skipArguments(text: string, at: number, to: number, count: number): number {
  let i = skipOptional(text, at, to);
  for (let n = 0; n < count; n++) {
    const arg = braced(text, i, to);
    if (!arg) return i;
    i = skipOptional(text, arg.end, to);
  }
  return i;
}

/** After every argument that follows without a space: `[…]`, `(…)` (biblatex's multicite notes), `{…}`. */
export function argumentsEnd(text: string, at: number, to: number): number {
  let i = at;
  for (;;) {
    const c = text[i];
    if (c === '{') {
      const arg = braced(text, i, to);
      if (!arg) return i;
      i = arg.end;
    } else if (c === '[' || c === '(') {
      const close = text.indexOf(c === '[' ? ']' : ')', i);
      if (close === -1 || close > to || close - i > MAX_ARGUMENT || text.slice(i, close).includes('\n\n')) return i;
      i = close + 1;
    } else return i;
  }
}

/** `\end{name}` closing an environment whose body starts at `from` (the same name nested counts): [its start, after it], or null when never closed before `to`. */
export function environmentEnd(text: string, name: string, from: number, to: number): { start: number; after: number } | null {
  const pattern = new RegExp(`\\\\(begin|end)\\s*\\{${name.replace(/[*]/g, '\\*')}\\}`, 'g');
  pattern.lastIndex = from;
  let depth = 1;
  for (let m = pattern.exec(text); m && m.index < to; m = pattern.exec(text)) {
    depth += m[1] === 'begin' ? 1 : -1;
    if (depth === 0) return { start: m.index, after: m.index + m[0].length };
  }
  return null;
}

/**
 * The first `delimiter` (`$`, `\\]`) at or after an offset, remembered: searching again from a
 * later start finds the same one without a new scan, so a file of many unpaired `$` is read in
 * linear time.
 */
export class DelimiterFinder {
  private readonly found = new Map<string, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  next(delimiter: string, from: number): number {
    const last = this.found.get(delimiter);
    if (last && from >= last.from && (last.at === -1 || last.at >= from)) return last.at;
    const at = this.text.indexOf(delimiter, from);
    this.found.set(delimiter, { from, at });
    return at;
  }
}

/** The letter an accent command (`\\'`, `\\c`, `\\v`) at `i` applies to (`e`, `{e}`, `{\\i}`, ` s` after a letter command) and where it ends; null when there is none. */
export function accentedLetter(text: string, accent: string, i: number, to: number): { letter: string | null; end: number } {
  let j = i;
  while (/[A-Za-z]/.test(accent) && text[j] === ' ') j++;
  if (text[j] === '{') {
    const arg = braced(text, j, to);
    if (!arg) return { letter: null, end: i };
    const letter = text.slice(arg.start + 1, arg.end - 1).replace(/^\\([ij])$/, (_, c: string) => c);
    return { letter: letter.length === 1 ? letter : null, end: arg.end };
  }
  if (j < to && /[A-Za-z]/.test(text[j]!)) return { letter: text[j]!, end: j + 1 };
  return { letter: null, end: i };
}

/** After a definition (`\newcommand{\name}[1]{body}`, `\def\name#1{body}`, `\let\a=\b`) whose name starts at `i`: all of it goes. */
export function definitionEnd(text: string, i: number, to: number): number {
  let j = i;
  while (text[j] === ' ') j++;
  if (text[j] === '{') j = braced(text, j, to)?.end ?? j + 1;
  else if (text[j] === '\\') {
    CONTROL_WORD.lastIndex = j + 1;
    j += 1 + (CONTROL_WORD.exec(text)?.[0].length ?? 1);
  }
  // `\def`'s parameter text (#1#2), `\newcommand`'s [n][default], `\let\a=\b`: up to the body.
  while (j < to && text[j] !== '{' && text[j] !== '\n' && text[j] !== '\\') j++;
  if (text[j] === '\\') return j;
  return text[j] === '{' ? (braced(text, j, to)?.end ?? j + 1) : j;
}
