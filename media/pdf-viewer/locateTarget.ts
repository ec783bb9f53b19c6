/**
 * Where a citation's target is on its pages: the user's own Zotero highlight at the rectangles Zotero
 * keeps, else the indexed passage located in this pdf.js's text items of the cited pages
 * (src/core/citations/locate.ts), or in OCR's words on a scanned page; never taken from stored
 * coordinates of the passage. Null when it cannot be found.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { locatePassage, locateWithin, type LocatorPage } from '../../src/core/citations/locate';
import { ocrLocatorItems, ocrStandsForPage } from '../../src/core/citations/ocrItems';
import type { PassageTarget } from '../../src/core/citations/viewerProtocol';
import type { PageMarks } from './highlights';
import { PageTexts } from './loading';
import { userHighlightMarks } from './userHighlights';

export async function locateTarget(
  doc: PDFDocumentProxy,
  pageTexts: PageTexts | undefined,
  target: PassageTarget,
  first: number,
  last: number,
): Promise<PageMarks[] | null> {
  if (target.userHighlights?.length) return userHighlightMarks(doc, target.userHighlights).then((marks) => (marks.length > 0 ? marks : null));
  const pages: LocatorPage[] = [];
  const wordBoxes = new Map<number, Array<[number, number, number, number]>>();
  for (let page = first; page <= last; page++) {
    // The same items the text layer is built from (TextLayerBuilder's parameters), so item
    // indexes and offsets match its spans; read once per page (./loading.ts).
    const content = await (pageTexts ?? new PageTexts(doc)).get(page);
    const items = content.items as LocatorPage['items'];
    // A scanned page: the passage was indexed from OCR's words, so it is looked for in them.
    const ocr = target.ocrPages?.find((p) => p.page === page);
    if (ocr && ocrStandsForPage(ocr.words, items)) {
      pages.push({ page, items: ocrLocatorItems(ocr.words) });
      wordBoxes.set(
        page,
        ocr.words.map((w) => w.box),
      );
    } else {
      pages.push({ page, items });
    }
  }
  const found = locatePassage(target.text ?? '', pages);
  if (!found) return null;
  // Inside the highlight only: a page may repeat the sentence elsewhere.
  const inside = target.emphasis ? (locateWithin(target.emphasis, pages, found)?.spans ?? []) : [];
  return found.pages.map((page) => ({
    page,
    items: pages.find((p) => p.page === page)!.items,
    spans: found.spans.filter((s) => s.page === page),
    emphasis: inside.filter((s) => s.page === page),
    ...(wordBoxes.has(page) ? { wordBoxes: wordBoxes.get(page)! } : {}),
  }));
}
