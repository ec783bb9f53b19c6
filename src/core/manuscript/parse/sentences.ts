/**
 * Where a draft's sentences start, in one pass over its scan text (comments and code blanked).
 * A sentence ends at `.`, `!` or `?` followed by space and a capital, a digit or a citation, unless
 * the word before is an abbreviation a paper uses ("et al.", "e.g.", "p. 3", "Fig. 2", "cf.") or
 * an initial after another ("J. R. Smith"). No space after the full stop (`3.5`, `p.~14`,
 * `et al.\ `) never ends one; closing quotes, brackets, braces and emphasis marks (`*e.g.*`) may
 * sit between the stop and the space. Paragraphs, headings, list items and LaTeX's structural
 * commands (`\section`, `\begin`, `\item`) always start a new one. A note (`\footnote{…}`,
 * Pandoc's `^[…]`) is a sentence of its own, and the text after it starts another.
 */
import type { DraftFormat } from '../parsedDraft';
import { Brackets } from './brackets';

const ABBREVIATIONS = new Set(
  (
    'al e.g i.e cf vs viz resp approx ca cp esp incl p pp ch chap sec secs fig figs eq eqs tab tabs no nos vol vols ed eds ' +
    'dr mr mrs ms prof jr sr st ibid op cit et seq ff n.b'
  ).split(' '),
);
const STOP = /[.!?]+(?=[)\]}"'”’*_]*(?:\s|$))/g;
const LATEX_STRUCTURE =
  /^[ \t]*\\(part|chapter|section|subsection|subsubsection|paragraph|subparagraph|begin|end|item|caption|title|author|date|maketitle|bibliography|addbibresource|printbibliography|bibliographystyle|usepackage|documentclass|label|newpage|clearpage)(?![A-Za-z])/gm;
const LATEX_ONE_LINE = new Set(['item', 'caption']);
const MARKDOWN_STRUCTURE = /^(?:[ \t]{0,3}(#{1,6}[ \t]|:::|\||[-*+][ \t]+|\d{1,9}[.)][ \t]+))/gm;
const PARAGRAPH = /\n[ \t]*\n/g;
const CITE_START = /^\\[A-Za-z]*cite[a-z]*\*?[[{(]|^-?@[\p{L}\p{N}_{]/u;
const NOTE = { latex: /\\(?:footnote|footnotetext|marginpar)\*?(?:\[[^\]\n]{0,20}\])?\{/g, markdown: /\^\[/g };

/** Sorted sentence start offsets (the first is 0). */
export function sentenceStarts(scan: string, format: DraftFormat): number[] {
  const starts = [0];
  for (const m of scan.matchAll(PARAGRAPH)) starts.push(m.index + m[0].length);
  const structure = format === 'latex' ? LATEX_STRUCTURE : MARKDOWN_STRUCTURE;
  for (const m of scan.matchAll(structure)) {
    starts.push(m.index);
    const wholeLine = format === 'latex' ? !LATEX_ONE_LINE.has(m[1]!) : /^[ \t]*(#|:::|\|)/.test(m[0]);
    if (wholeLine) {
      const eol = scan.indexOf('\n', m.index);
      if (eol !== -1) starts.push(eol + 1);
    }
  }
  const brackets = new Brackets(scan);
  for (const m of scan.matchAll(NOTE[format])) {
    const open = m.index + m[0].length - 1;
    const end = brackets.closing(open);
    if (end === -1) continue;
    starts.push(m.index, end + 1);
  }
  for (const m of scan.matchAll(STOP)) {
    const next = sentenceAfter(scan, m.index + m[0].length, /[}\]]/.test(scan[m.index - 1] ?? ''));
    if (next !== -1 && !abbreviated(scan, m.index, m[0])) starts.push(next);
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

/** Whether a sentence is a heading, a list marker or a structural command rather than prose (it gives no context to the next). */
export function isStructure(sentence: string, format: DraftFormat): boolean {
  const structure = format === 'latex' ? LATEX_STRUCTURE : MARKDOWN_STRUCTURE;
  structure.lastIndex = 0;
  const found = structure.exec(sentence);
  structure.lastIndex = 0;
  return (found !== null && found.index === 0) || new RegExp(`^${NOTE[format].source}`).test(sentence.trimStart());
}

/**
 * Where the next sentence starts after a full stop at `from`, or -1 if what follows does not start
 * one. A sentence may start with a lower-case name (`lme4`, `gmm`) when it is marked up
 * (`\pkg{lme4}`, `**brms**`) or when the stop closes a citation or a command (`\citep{a}.`).
 */
function sentenceAfter(scan: string, from: number, afterBracket: boolean): number {
  let i = from;
  while (i < scan.length && /[)\]}"'”’*_]/.test(scan[i]!)) i++;
  const spaceStart = i;
  while (i < scan.length && /\s/.test(scan[i]!)) i++;
  if (i === spaceStart || i >= scan.length) return -1;
  const start = i;
  const rest = scan.slice(i, i + 60);
  if (CITE_START.test(rest)) return start;
  // Opening marks and one formatting command (`\emph{`, `\textbf{`) before the first letter.
  const lead = /^(?:[("'“‘*_[]|\\[A-Za-z]+\{)*/.exec(rest)![0];
  const first = rest[lead.length];
  if (first === undefined) return -1;
  if (/[\p{Lu}\p{N}]/u.test(first)) return start;
  const marked = /\\[A-Za-z]+\{|\*\*|__/.test(lead);
  return /\p{Ll}/u.test(first) && (marked || afterBracket) ? start : -1;
}

/** Whether the stop at `at` closes an abbreviation or an initial rather than a sentence. */
function abbreviated(scan: string, at: number, stop: string): boolean {
  if (stop !== '.') return false;
  let i = at;
  while (i > 0 && !/[\s(["'“‘*_~{]/.test(scan[i - 1]!)) i--;
  const word = scan.slice(i, at);
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  // "et al" written with a tie or a space inside emphasis reaches here as "al".
  if (/^\p{Lu}$/u.test(word)) {
    // An initial next to another initial ("J. R. Smith"); a lone capital ends a sentence ("written in R.").
    return /\p{Lu}\.\s+$/u.test(scan.slice(Math.max(0, i - 4), i)) || /^\s+\p{Lu}\./u.test(scan.slice(at + 1, at + 5));
  }
  return false;
}
