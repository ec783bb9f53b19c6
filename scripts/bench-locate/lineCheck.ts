/**
 * "Located on the right lines": the located spans, grouped into the visual lines they form, each
 * compared with the pdftotext lines under it (pdftotextLines.ts).
 */
import type { LocatorPage, PassageLocation } from '../../src/core/citations/locate';
import type { Box, PdfPages } from './pdfPages';
import { onRightLines, type PdftotextLine } from './pdftotextLines';

/** A visual line of a location: consecutive spans on one page whose boxes share a baseline band. */
interface LocatedLine {
  page: number;
  box: Box;
  text: string;
}

export interface LineTally {
  lines: number;
  confirmed: number;
}

function locatedLines(pdf: PdfPages, pages: readonly LocatorPage[], location: PassageLocation): LocatedLine[] {
  const lines: LocatedLine[] = [];
  for (const span of location.spans) {
    const box = pdf.box(span);
    if (!box) continue;
    const text = pages.find((p) => p.page === span.page)?.items[span.item]?.str?.slice(span.start, span.end) ?? '';
    const line = lines.at(-1);
    const shared = line ? Math.min(line.box.y1, box.y1) - Math.max(line.box.y0, box.y0) : 0;
    if (line && line.page === span.page && shared >= 0.5 * Math.min(line.box.y1 - line.box.y0, box.y1 - box.y0)) {
      line.box = { x0: Math.min(line.box.x0, box.x0), y0: Math.min(line.box.y0, box.y0), x1: Math.max(line.box.x1, box.x1), y1: Math.max(line.box.y1, box.y1) };
      line.text += ` ${text}`;
    } else lines.push({ page: span.page, box, text });
  }
  return lines;
}

/** Every located line with letters or digits is confirmed by pdftotext (onRightLines); `tally` counts lines. */
export async function checkLines(
  pdf: PdfPages,
  reference: (page: number) => Promise<PdftotextLine[]>,
  pages: readonly LocatorPage[],
  location: PassageLocation,
  tally: LineTally,
): Promise<{ ok: boolean; report: string }> {
  const bad: string[] = [];
  let checked = 0;
  for (const line of locatedLines(pdf, pages, location)) {
    const verdict = onRightLines(line.box, line.text, await reference(line.page));
    if (verdict === null) continue;
    checked++;
    tally.lines++;
    if (verdict) tally.confirmed++;
    else
      bad.push(
        `      p.${line.page} y ${line.box.y0.toFixed(1)}-${line.box.y1.toFixed(1)} x ${line.box.x0.toFixed(1)}-${line.box.x1.toFixed(1)}: ${JSON.stringify(line.text)}`,
      );
  }
  return { ok: checked > 0 && bad.length === 0, report: bad.join('\n') };
}
