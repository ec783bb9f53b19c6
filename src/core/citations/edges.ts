/**
 * Running headers and footers: the chunker drops a line that repeats among the first or last
 * three non-empty lines of many pages (chunkUnits.ts), so a chunk that crosses a page break lacks
 * the footer of one page and the header of the next. The locator lets page text on those edge
 * lines sit unmatched inside a match; any other unmatched text counts against it. Pure.
 */
import type { FoldedPages } from './fold';

/** As chunkUnits.ts's EDGE_LINES (not imported: this module is bundled into the webview). */
const EDGE_LINES = 3;
// What extraction removes before it decides a line is empty (pageText.ts).
const INVISIBLE_OR_SPACE = /[\s\u0000-\u001f\u007f\u00ad\u200b-\u200d\u2060\ufeff]/gu;

interface ItemLike {
  str?: string;
  hasEOL?: boolean;
}

/** 1 for each folded character (fold.ts) on one of its page's edge lines; `count` of them. */
export function edgeLineMask(pages: ReadonlyArray<{ items: readonly ItemLike[] }>, folded: FoldedPages): { mask: Uint8Array; count: number } {
  const edgeItems = pages.map((page) => edgeItemsOf(page.items));
  const mask = new Uint8Array(folded.text.length);
  let count = 0;
  folded.sources.forEach((source, j) => {
    if (edgeItems[source.pageIndex]?.has(source.item)) {
      mask[j] = 1;
      count++;
    }
  });
  return { mask, count };
}

/** Indexes of the items on the first and last EDGE_LINES non-empty lines (lines end at hasEOL, as extraction joins them). */
function edgeItemsOf(items: readonly ItemLike[]): Set<number> {
  const lines: number[][] = [[]];
  const nonEmpty: number[] = [];
  items.forEach((item, index) => {
    const line = lines.length - 1;
    lines[line]!.push(index);
    if (nonEmpty.at(-1) !== line && typeof item.str === 'string' && item.str.replace(INVISIBLE_OR_SPACE, '') !== '') nonEmpty.push(line);
    if (item.hasEOL) lines.push([]);
  });
  const edges = new Set<number>();
  for (const line of new Set([...nonEmpty.slice(0, EDGE_LINES), ...nonEmpty.slice(-EDGE_LINES)])) {
    for (const index of lines[line]!) edges.add(index);
  }
  return edges;
}
