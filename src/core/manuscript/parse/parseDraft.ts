/**
 * A draft's cited sentences: every citation (./latexCitations.ts, ./pandocCitations.ts) outside
 * comments and code (../../text/latexRegions.ts, ../../text/markdownRegions.ts), grouped by the sentence that
 * carries it (./sentences.ts), each sentence also as plain text (./plainText.ts). Linear in the
 * draft's length; what cannot be read is reported with its line and the rest is still parsed.
 */
import type { Citation, CitedSentence, DraftFormat, DraftProblem, ParsedDraft } from '../parsedDraft';
import { latexCitations, type RawCitation } from './latexCitations';
import { latexRegions } from '../../text/latexRegions';
import { markdownRegions } from '../../text/markdownRegions';
import { pandocCitations } from './pandocCitations';
import { plainSentence } from './plainText';
import { LineIndex } from './positions';
import { blank } from '../../text/regions';
import { ProblemLog } from './problemLog';
import type { ProblemAt } from './regions';
import { isStructure, sentenceStarts } from './sentences';

/** `.tex` (and `.ltx`, `.latex`) is LaTeX; anything else (`.md`, `.qmd`, `.Rmd`, `.markdown`) is Pandoc Markdown. */
export function draftFormatOf(path: string): DraftFormat {
  return /\.(tex|ltx|latex)$/i.test(path) ? 'latex' : 'markdown';
}

export function parseDraft(text: string, format: DraftFormat): ParsedDraft {
  const regions = format === 'latex' ? latexRegions(text) : markdownRegions(text);
  const problems = new ProblemLog();
  problems.push(...regions.problems);
  const scan = blank(text, [...regions.hidden, ...regions.literal]);
  const prose = blank(text, regions.hidden);
  const raw = format === 'latex' ? latexCitations(scan, problems) : pandocCitations(scan);
  const lines = new LineIndex(text);
  const starts = outside(sentenceStarts(scan, format), raw);
  const sentences: CitedSentence[] = [];
  let s = 0;
  for (let c = 0; c < raw.length;) {
    while (s + 1 < starts.length && starts[s + 1]! <= raw[c]!.start) s++;
    const group: RawCitation[] = [];
    const sentenceEnd = starts[s + 1] ?? text.length;
    while (c < raw.length && raw[c]!.start < sentenceEnd) group.push(raw[c++]!);
    const [from, to] = trimmed(text, starts[s]!, sentenceEnd);
    const citations = group.map((g) => toCitation(g, lines));
    const plain = plainSentence(cutOut(prose, from, to, group), format);
    if (plain !== '' || s === 0) {
      const context =
        s > 0 && (c - group.length === 0 || raw[c - group.length - 1]!.end <= starts[s - 1]!) ? contextBefore(prose, starts[s - 1]!, from, format) : '';
      sentences.push({ text: plain, range: lines.range(from, to), citations, ...(context ? { context } : {}) });
      continue;
    }
    // A citation standing alone after its sentence's full stop (". \citep{a}") belongs to that sentence.
    const previousStart = trimmed(text, starts[s - 1]!, from)[0];
    const last = sentences[sentences.length - 1];
    if (last && last.range.start.offset === previousStart) {
      last.citations.push(...citations);
      last.range = lines.range(previousStart, to);
    } else {
      sentences.push({ text: plainSentence(cutOut(prose, previousStart, to, group), format), range: lines.range(previousStart, to), citations });
    }
  }
  return {
    format,
    sentences,
    problems: problems.listed.sort((a, b) => a.offset - b.offset).map((p) => toProblem(p, lines)),
    unlistedProblems: problems.unlisted(),
  };
}

/** The longest context sentence taken: a paragraph's uncited sentence, not a stray block of text. */
const MAX_CONTEXT = 600;

/** The sentence before a cited one, as plain text, when it is prose of the same paragraph (it cites nothing: the caller checks). */
function contextBefore(prose: string, from: number, to: number, format: DraftFormat): string {
  const [start, end] = trimmed(prose, from, to);
  const slice = prose.slice(start, end);
  if (slice === '' || slice.length > MAX_CONTEXT || /\n[ \t]*\n/.test(prose.slice(start, to)) || isStructure(slice, format)) return '';
  return plainSentence(slice, format);
}

/** Sentence starts that fall inside a citation (`[see @a, p. 3. Also @b]`) are not starts. */
function outside(starts: number[], citations: readonly RawCitation[]): number[] {
  let c = 0;
  return starts.filter((start) => {
    while (c < citations.length && citations[c]!.end <= start) c++;
    return !(c < citations.length && citations[c]!.start < start);
  });
}

function trimmed(text: string, from: number, to: number): [number, number] {
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  return [from, to];
}

function cutOut(prose: string, from: number, to: number, citations: readonly RawCitation[]): string {
  let out = '';
  let at = from;
  for (const c of citations) {
    out += prose.slice(at, Math.max(at, c.start));
    at = Math.max(at, c.end);
  }
  return out + prose.slice(at, to);
}

function toCitation(raw: RawCitation, lines: LineIndex): Citation {
  return {
    command: raw.command,
    range: lines.range(raw.start, raw.end),
    keys: raw.keys.map((k) => ({
      key: k.key,
      prefix: k.prefix,
      locator: k.locator,
      suppressAuthor: k.suppressAuthor ?? false,
      range: lines.range(k.start, k.end),
    })),
  };
}

function toProblem(problem: ProblemAt, lines: LineIndex): DraftProblem {
  const { line, column } = lines.position(problem.offset);
  return { code: problem.code, line, column, message: `line ${line}: ${problem.message}` };
}
