/**
 * Regions of a LaTeX or Markdown source that are not prose (./latexRegions.ts,
 * ./markdownRegions.ts). `hidden` is text a reader never sees as the document's sentences
 * (comments, verbatim environments, code blocks, YAML front matter): no citation there, and no
 * part of a sentence. `literal` is code inside a sentence (`\verb|x|`, `` `x` ``): no citation
 * there, but its words stay in the sentence (a function name is what a claim is about). Read by
 * the draft parser (manuscript/parse) and the index's draft readers (index/pipeline/extract).
 */

/** Inline code (`\verb|…|`, `\lstinline{…}`) is short: an unclosed delimiter is looked for no further than this. */
export const MAX_INLINE_CODE = 1000;

/** [start, end) offsets. */
export type Interval = readonly [number, number];

/** A region opened and never closed: the rest of the file is read as that region. */
export interface RegionProblem {
  code: 'unclosed-environment' | 'unclosed-fence' | 'unclosed-front-matter';
  offset: number;
  message: string;
}

export interface Regions {
  hidden: Interval[];
  literal: Interval[];
  problems: RegionProblem[];
}

/** `text` with the intervals' characters turned to spaces, or `fill` (line breaks kept, so offsets and lines stay). */
export function blank(text: string, intervals: readonly Interval[], fill = ' '): string {
  if (intervals.length === 0) return text;
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    parts.push(text.slice(at, from), text.slice(from, end).replace(/[^\n]/g, fill));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
