/**
 * `--all-chunks`: every PDF chunk of the index, not only the cited ones, located in its own pages
 * and checked against pdftotext; and, as a check on false positives, located in as many pages
 * that it does not come from (starting two pages after its last), where it should not be found.
 * One document at a time, so only one document's pages are held in memory.
 */
import { join } from 'node:path';
import { locatePassage } from '../../src/core/citations/locate';
import type { IndexStore } from '../../src/core/index/store';
import { checkLines, type LineTally } from './lineCheck';
import { PdfPages } from './pdfPages';
import { pdftotextLines, type PdftotextLine } from './pdftotextLines';

interface ChunkRow {
  id: string;
  path: string;
  ordinal: number;
  page_start: number | null;
  page_end: number | null;
  text: string;
}

/** pdftotext is run on this many pages at a time (one run per page is slow, a whole 2,000-page manual is a huge string). */
const REFERENCE_PAGES = 100;

export async function everyChunk(store: IndexStore, folder: string, out: (line: string) => void, verbose: (line: string) => void): Promise<void> {
  const rows = (await store.table.query().select(['id', 'path', 'ordinal', 'page_start', 'page_end', 'text']).toArray()) as ChunkRow[];
  const byPath = new Map<string, ChunkRow[]>();
  for (const row of rows) {
    if (!row.path.toLowerCase().endsWith('.pdf') || row.page_start === null || row.page_end === null) continue;
    byPath.set(row.path, [...(byPath.get(row.path) ?? []), row]);
  }
  const counts = { documents: byPath.size, chunks: 0, located: 0, exact: 0, rightLines: 0, notLocated: 0, elsewhereTried: 0, elsewhereLocated: 0 };
  const tally: LineTally = { lines: 0, confirmed: 0 };
  const started = performance.now();
  let locateMs = 0;
  for (const [path, chunks] of [...byPath].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const pdf = await PdfPages.open(join(folder, path));
    const reference = referenceLines(join(folder, path), pdf.numPages);
    try {
      for (const chunk of chunks.sort((a, b) => a.ordinal - b.ordinal)) {
        const [first, last] = [chunk.page_start!, chunk.page_end!];
        counts.chunks++;
        const pages = await pdf.range(first, last);
        const t = performance.now();
        const location = locatePassage(chunk.text, pages);
        locateMs += performance.now() - t;
        const where = `${path} #${chunk.ordinal} p.${first}-${last}: ${JSON.stringify(chunk.text.slice(0, 100))}…`;
        if (!location) {
          counts.notLocated++;
          verbose(`not located: ${where}`);
        } else {
          counts.located++;
          if (location.exact) counts.exact++;
          const lines = await checkLines(pdf, reference, pages, location, tally);
          if (lines.ok) counts.rightLines++;
          else verbose(`located, not on its lines: ${where}\n${lines.report}`);
        }
        const away = last + 2;
        if (away + last - first <= pdf.numPages) {
          counts.elsewhereTried++;
          const elsewhere = locatePassage(chunk.text, await pdf.range(away, away + last - first));
          if (elsewhere) {
            counts.elsewhereLocated++;
            verbose(
              `also located on p.${elsewhere.pages.join(',')} (${elsewhere.exact ? 'exact' : 'approximate'}): ${where}\n      there: ${JSON.stringify(elsewhere.text.slice(0, 100))}…`,
            );
          }
        }
      }
    } finally {
      await pdf.close();
    }
  }
  // Rounded down: 100% only when nothing failed.
  const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${(Math.floor((10000 * part) / whole) / 100).toFixed(2)}%`);
  out(
    `\n(all) every PDF chunk of the index: ${counts.chunks} chunks of ${counts.documents} PDFs (${((performance.now() - started) / 1000).toFixed(0)} s; locating ${(locateMs / Math.max(1, counts.chunks)).toFixed(2)} ms per chunk)`,
  );
  out(`  located in its pages:       ${counts.located} (${percent(counts.located, counts.chunks)}; ${counts.exact} exact)`);
  out(
    `  located on the right lines: ${counts.rightLines} (${percent(counts.rightLines, counts.chunks)}); lines ${tally.confirmed} of ${tally.lines} confirmed (${percent(tally.confirmed, tally.lines)})`,
  );
  out(`  not located:                ${counts.notLocated}`);
  out(
    `  located in pages it does not come from: ${counts.elsewhereLocated} of ${counts.elsewhereTried} tries (--verbose shows them: text repeated nearly verbatim there?)`,
  );
}

/** pdftotext lines of a page, fetched REFERENCE_PAGES pages at a time. */
function referenceLines(path: string, numPages: number): (page: number) => Promise<PdftotextLine[]> {
  const windows = new Map<number, Promise<Map<number, PdftotextLine[]>>>();
  return async (page) => {
    const start = Math.floor((page - 1) / REFERENCE_PAGES) * REFERENCE_PAGES + 1;
    let window = windows.get(start);
    if (!window) windows.set(start, (window = pdftotextLines(path, start, Math.min(numPages, start + REFERENCE_PAGES - 1))));
    return (await window).get(page) ?? [];
  };
}
