/**
 * A chat answer as text for the draft: its `[n]` markers (`[1]`, `[2, 3]`, `[2][3]`) become
 * citations in the document's style (./citationText.ts), and for LaTeX the rest is made safe to
 * compile: TeX's special characters escaped (a `%` would comment out the rest of the line), the
 * answer's Markdown emphasis and code as `\emph`, `\textbf`, `\texttt`. For Markdown an `@` that
 * Pandoc would read as a citation is escaped. Plain text, like citationText.
 */
import { citationMarkerRuns } from '../../citations/citationMarkers';
import { citationText, type CitationRequest, type CitationStyle } from './citationText';

export interface AnswerText {
  text: string;
  /** Marker numbers the answer uses that `sources` does not give: left in the text as written. */
  unknownMarkers: number[];
}

/** `sources[n]` is what marker `[n]` cites. */
export function answerText(style: CitationStyle, answer: string, sources: ReadonlyMap<number, CitationRequest>): AnswerText {
  const unknown = new Set<number>();
  const pieces: string[] = [];
  let at = 0;
  for (const m of answer.matchAll(citationMarkerRuns())) {
    const numbers = m[0].match(/\d+/g)!.map(Number);
    const missing = numbers.filter((n) => !sources.has(n));
    if (missing.length > 0) {
      missing.forEach((n) => unknown.add(n));
      continue;
    }
    pieces.push(
      prose(style, answer.slice(at, m.index)),
      citationText(
        style,
        numbers.map((n) => sources.get(n)!),
      ),
    );
    at = m.index + m[0].length;
  }
  pieces.push(prose(style, answer.slice(at)));
  const text =
    style.format === 'latex' ? pieces.join('').replace(/ (\\(?:cite|citep|parencite|autocite|citetext|parencites|autocites)[[{])/g, '~$1') : pieces.join('');
  return { text, unknownMarkers: [...unknown].sort((a, b) => a - b) };
}

function prose(style: CitationStyle, text: string): string {
  return style.format === 'latex' ? latexProse(text) : text.replace(/(^|[^\p{L}\p{N}_\\])(-?@)(?=[\p{L}\p{N}_{])/gu, '$1\\$2');
}

const TEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  _: '\\_',
  $: '\\$',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

function escapeTex(text: string): string {
  return text.replace(/[\\%&#_${}~^]/g, (c) => TEX_SPECIALS[c]!);
}

/** Markdown code, strong and emphasis as LaTeX; everything else escaped. */
function latexProse(text: string): string {
  const out: string[] = [];
  const inline = /`([^`\n]+)`|\*\*([^*\n]+)\*\*|(?<![\p{L}\p{N}*])\*([^*\n]+)\*(?![\p{L}\p{N}*])|(?<![\p{L}\p{N}_])_([^_\n]+)_(?![\p{L}\p{N}_])/gu;
  let at = 0;
  for (const m of text.matchAll(inline)) {
    out.push(escapeTex(text.slice(at, m.index)));
    if (m[1] !== undefined) out.push(`\\texttt{${escapeTex(m[1])}}`);
    else if (m[2] !== undefined) out.push(`\\textbf{${escapeTex(m[2])}}`);
    else out.push(`\\emph{${escapeTex(m[3] ?? m[4]!)}}`);
    at = m.index + m[0].length;
  }
  out.push(escapeTex(text.slice(at)));
  return out.join('');
}
