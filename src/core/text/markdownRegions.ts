/**
 * Markdown's non-prose regions (./regions.ts), as Pandoc reads them: YAML front matter, fenced
 * code blocks (``` and ~~~, Quarto and R Markdown chunks included), HTML comments, inline code,
 * and link destinations and autolinks (a URL's `@` is not a citation). One pass over the lines,
 * then one over the prose for inline code. Indented code blocks are read as prose (a list item's
 * continuation looks the same without a full Markdown parse).
 */
import type { Interval, RegionProblem, Regions } from './regions';

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FRONT_MATTER_END = /^(---|\.\.\.)\s*$/;
const LINK_DESTINATION = /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\)/g;
const AUTOLINK = /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*|[^<>\s@]+@[^<>\s@]+)>/g;
/** A code span longer than this is a stray backtick, not code: keeps a 2 MB draft linear. */
const MAX_CODE_SPAN = 2000;

export function markdownRegions(text: string): Regions {
  const hidden: Interval[] = [];
  const literal: Interval[] = [];
  const problems: RegionProblem[] = [];
  const lines = lineSpans(text);
  let first = frontMatter(text, lines, hidden, problems);
  let fence: { char: string; length: number; start: number; offset: number } | null = null;
  for (; first < lines.length; first++) {
    const [start, end] = lines[first]!;
    const match = FENCE.exec(text.slice(start, end));
    if (!fence) {
      if (match && !(match[1]![0] === '`' && match[2]!.includes('`'))) fence = { char: match[1]![0]!, length: match[1]!.length, start: first, offset: start };
    } else if (match && match[1]![0] === fence.char && match[1]!.length >= fence.length && match[2]!.trim() === '') {
      hidden.push([fence.offset, end]);
      fence = null;
    }
  }
  if (fence) {
    problems.push({
      code: 'unclosed-fence',
      offset: fence.offset,
      message: `the code block opened with ${fence.char.repeat(fence.length)} is never closed: the rest of the file is code, so its citations are not checked; close the fence`,
    });
    hidden.push([fence.offset, text.length]);
  }
  hidden.push(...htmlComments(text));
  for (const pattern of [LINK_DESTINATION, AUTOLINK]) {
    for (const m of text.matchAll(pattern)) hidden.push([m.index, m.index + m[0].length]);
  }
  literal.push(...inlineCode(text, sortedUnion(hidden)));
  return { hidden, literal, problems };
}

/**
 * `<!-- … -->` comments. A lazy pattern would look for the end of every `<!--` afresh (a draft of
 * `<!-- ` repeated took a minute for 250 KB): once no `-->` follows, none of the later openers closes.
 */
function htmlComments(text: string): Interval[] {
  const comments: Interval[] = [];
  for (let open = text.indexOf('<!--'); open !== -1;) {
    const close = text.indexOf('-->', open + 4);
    if (close === -1) break;
    comments.push([open, close + 3]);
    open = text.indexOf('<!--', close + 3);
  }
  return comments;
}

function lineSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    spans.push([start, i]);
    start = i + 1;
  }
  spans.push([start, text.length]);
  return spans;
}

/** How many lines of YAML front matter open the file (0 when none, or when it is never closed): the index leaves them out of a Quarto draft's text. */
export function frontMatterLines(text: string): number {
  return frontMatter(text, lineSpans(text), [], []);
}

/** Hides YAML front matter at the top of the file; returns the first line after it. */
function frontMatter(text: string, lines: Array<[number, number]>, hidden: Interval[], problems: RegionProblem[]): number {
  const [start, end] = lines[0]!;
  if (!/^\uFEFF?---\s*$/.test(text.slice(start, end)) || lines.length < 2 || text.slice(lines[1]![0], lines[1]![1]).trim() === '') return 0;
  for (let i = 1; i < lines.length; i++) {
    const [s, e] = lines[i]!;
    if (FRONT_MATTER_END.test(text.slice(s, e))) {
      hidden.push([0, e]);
      return i + 1;
    }
    // Pandoc ends front matter at a blank line too when no closing line follows; it is then text.
  }
  problems.push({
    code: 'unclosed-front-matter',
    offset: 0,
    message:
      'the YAML front matter opened on line 1 is never closed with --- or ...: it is read as text and its settings (bibliography:) are not used; close it',
  });
  return 1;
}

/** Inline code spans outside the hidden regions: a run of n backticks up to the next run of exactly n, within the paragraph. */
function inlineCode(text: string, hidden: Interval[]): Interval[] {
  const spans: Interval[] = [];
  const breaks = [...text.matchAll(/\n[ \t]*\n/g)].map((m) => m.index);
  const runs = /`+/g;
  let h = 0;
  let b = 0;
  for (let m = runs.exec(text); m; m = runs.exec(text)) {
    while (h < hidden.length && hidden[h]![1] <= m.index) h++;
    if (h < hidden.length && hidden[h]![0] <= m.index) {
      runs.lastIndex = hidden[h]![1];
      continue;
    }
    while (b < breaks.length && breaks[b]! < m.index) b++;
    const limit = Math.min(breaks[b] ?? text.length, runs.lastIndex + MAX_CODE_SPAN);
    const close = closingRun(text, runs.lastIndex, limit, m[0].length);
    if (close === -1) continue;
    spans.push([m.index, close]);
    runs.lastIndex = close;
  }
  return spans;
}

function closingRun(text: string, from: number, limit: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let m = runs.exec(text); m && m.index < limit; m = runs.exec(text)) {
    if (m[0].length === length) return m.index + length;
  }
  return -1;
}

/** The intervals sorted by start, overlapping ones merged. */
export function sortedUnion(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
