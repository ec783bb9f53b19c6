/**
 * LaTeX's non-prose regions (./regions.ts): `%` comments (not `\%`), the verbatim-like
 * environments, and `\verb`, `\lstinline`, `\mintinline`. One pass; an environment never closed
 * hides the rest of the file, as LaTeX would read it, and is reported.
 */
import { MAX_INLINE_CODE, type Interval, type RegionProblem, type Regions } from './regions';

/** Environments whose body is not LaTeX (code, listings, commented-out text); the index reads them as code blocks (../index/pipeline/extract/latex.ts). */
export const VERBATIM_ENVIRONMENTS = new Set([
  'verbatim',
  'verbatim*',
  'Verbatim',
  'BVerbatim',
  'lstlisting',
  'minted',
  'comment',
  'alltt',
  'Sinput',
  'Soutput',
  'Schunk',
  'Code',
  'CodeInput',
  'CodeOutput',
  'CodeChunk',
]);

const BEGIN = /\\begin\s*\{([^{}\n]{1,40})\}/y;
const INLINE_VERBATIM = /\\(verb\*?|lstinline|mintinline)(?![A-Za-z])/y;

export function latexRegions(text: string): Regions {
  const hidden: Interval[] = [];
  const literal: Interval[] = [];
  const problems: RegionProblem[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (ch === 37 /* % */) {
      const end = lineEnd(text, i);
      hidden.push([i, end]);
      i = end;
    } else if (ch === 92 /* \ */) {
      i = afterCommand(text, i, hidden, literal, problems);
    } else {
      i++;
    }
  }
  return { hidden, literal, problems };
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

/** At a backslash: hides or marks what the command opens, and returns where scanning goes on. */
function afterCommand(text: string, at: number, hidden: Interval[], literal: Interval[], problems: RegionProblem[]): number {
  BEGIN.lastIndex = at;
  const begin = BEGIN.exec(text);
  if (begin && VERBATIM_ENVIRONMENTS.has(begin[1]!)) {
    const closing = `\\end{${begin[1]}}`;
    const end = text.indexOf(closing, BEGIN.lastIndex);
    if (end === -1) {
      problems.push({
        code: 'unclosed-environment',
        offset: at,
        message: `\\begin{${begin[1]}} is never closed with ${closing}: the rest of the file is read as ${begin[1]}, so its citations are not checked; add ${closing}`,
      });
      hidden.push([at, text.length]);
      return text.length;
    }
    hidden.push([at, end + closing.length]);
    return end + closing.length;
  }
  INLINE_VERBATIM.lastIndex = at;
  const inline = INLINE_VERBATIM.exec(text);
  if (inline) {
    const end = inlineVerbatimEnd(text, INLINE_VERBATIM.lastIndex, inline[1] === 'mintinline');
    literal.push([at, end]);
    return end;
  }
  // `\%`, `\\` and other one-character commands: the character is not a comment sign.
  return at + 2;
}

/**
 * End of `\verb|…|`, `\lstinline{…}`, `\mintinline{lang}{…}`: the delimiter's match on the same
 * line, within MAX_INLINE_CODE characters (inline code is short); none there: the rest of the
 * line. Every search is bounded, so a draft of `\lstinline[` on one line stays linear.
 */
function inlineVerbatimEnd(text: string, from: number, skipLanguage: boolean): number {
  const limit = Math.min(text.length, from + MAX_INLINE_CODE);
  let i = from;
  if (text[i] === '[') i = Math.max(i, onLine(text, ']', i, limit) + 1);
  if (skipLanguage && text[i] === '{') i = Math.max(i, onLine(text, '}', i, limit) + 1);
  const open = text[i];
  if (open === undefined || open === '\n') return i;
  const end = onLine(text, open === '{' ? '}' : open, i + 1, limit);
  return end === -1 ? lineEnd(text, i) : end + 1;
}

/** The first `ch` from `from` on before the line ends or `limit`, or -1. */
function onLine(text: string, ch: string, from: number, limit: number): number {
  for (let i = from; i < limit && text[i] !== '\n'; i++) if (text[i] === ch) return i;
  return -1;
}
