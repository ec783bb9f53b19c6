/**
 * A Quarto (`.qmd`) or R Markdown (`.Rmd`) source as the text its reader reads (./draftLines.ts):
 * the YAML front matter out (set-up, not text; the manuscript parser's rule finds where it ends),
 * code chunks (```` ```{r label} ````) kept as code blocks without their `#|` option lines, a
 * heading's attributes (`{#sec-methods .unnumbered}`) and fenced-div markers (`::: {.callout-note}`)
 * dropped, every other line as written.
 */
import { frontMatterLines } from '../../../text/markdownRegions';
import { DraftLines, type DraftText } from './draftLines';
import { ExtractionError } from './errors';
import { charLimitWarning } from './limitText';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*(.*?)\s*$/;
/** An executable chunk's header: ```{r}, ```{python fig-cap="…"}, ```{r, echo=FALSE}. */
const CHUNK_HEADER = /^\{\s*([A-Za-z][\w.-]*)?[^}]*\}$/;
const CHUNK_OPTION = /^\s*#\|/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*(?:\{[^{}]*\})?\s*#*\s*$/;
const DIV_MARKER = /^ {0,3}:{3,}/;

export function extractQuarto(source: string, options: { maxChars?: number } = {}): DraftText {
  const out = new DraftLines(options.maxChars);
  const lines = source.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  let fence: { mark: string; chunk: boolean } | null = null;
  for (let index = frontMatterLines(source); index < lines.length && !out.full; index++) {
    const line = lines[index]!;
    const number = index + 1;
    const opening = FENCE.exec(line);
    if (fence) {
      if (opening && opening[1]!.startsWith(fence.mark) && opening[2] === '') {
        out.own('```', number);
        fence = null;
      } else if (!(fence.chunk && CHUNK_OPTION.test(line))) out.own(line, number);
      continue;
    }
    if (opening) {
      const chunk = CHUNK_HEADER.exec(opening[2]!);
      fence = { mark: opening[1]!, chunk: chunk !== null };
      out.own(`\`\`\`${chunk ? (chunk[1] ?? '') : opening[2]}`, number);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) out.heading(heading[1]!.length, heading[2]!, number, number);
    else if (DIV_MARKER.test(line)) out.endLine();
    else if (line.trim() === '') out.paragraph(number);
    else {
      out.add(line, number);
      out.endLine();
    }
  }
  if (fence) out.own('```', lines.length);
  const text = out.finish();
  if (text.text.trim() === '') throw new ExtractionError('no-text', 'no text outside the front matter');
  return { ...text, warnings: text.cut && options.maxChars !== undefined ? [charLimitWarning(options.maxChars)] : [] };
}
