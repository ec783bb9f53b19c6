/**
 * The user's own Zotero highlights (a citation of their annotation, `PassageTarget.userHighlights`):
 * Zotero keeps where a highlight is, so nothing is located in the text. Each rectangle (PDF points,
 * origin bottom left) becomes a box in fractions of the page through the page's own viewport (its
 * crop box and rotation), drawn by PassageHighlights like OCR'd word boxes, in Zotero's colour.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { UserHighlight } from '../../src/core/citations/viewerProtocol';
import type { PageMarks } from './highlights';

export const USER_HIGHLIGHT_CLASS = 'lra-user-highlight';

export async function userHighlightMarks(doc: PDFDocumentProxy, highlights: readonly UserHighlight[]): Promise<PageMarks[]> {
  const pages = [...new Set(highlights.map((h) => h.page))].filter((p) => p >= 1 && p <= doc.numPages).sort((a, b) => a - b);
  const marks: PageMarks[] = [];
  for (const page of pages) {
    const viewport = (await doc.getPage(page)).getViewport({ scale: 1 });
    const onPage = highlights.filter((h) => h.page === page);
    const wordBoxes = onPage.flatMap((h) =>
      h.rects.map((rect): [number, number, number, number] => {
        const [x1, y1] = viewport.convertToViewportPoint(rect[0], rect[1]) as [number, number];
        const [x2, y2] = viewport.convertToViewportPoint(rect[2], rect[3]) as [number, number];
        return [Math.min(x1, x2) / viewport.width, Math.min(y1, y2) / viewport.height, Math.max(x1, x2) / viewport.width, Math.max(y1, y2) / viewport.height];
      }),
    );
    // One item a rectangle, named by what the user made (the report's highlighted text reads "highlight").
    const items = onPage.flatMap((h) => h.rects.map(() => ({ str: h.type })));
    marks.push({
      page,
      items,
      spans: items.map((item, i) => ({ page, item: i, start: 0, end: item.str.length })),
      emphasis: [],
      wordBoxes,
      color: onPage.find((h) => h.color)?.color ?? null,
    });
  }
  return marks;
}

/**
 * The user's highlights as drawn on the viewer's pages now (read from the pages' elements under `pages`): page,
 * box in percent of the page, colour. The first page's picture, a stand-in shown over them while the viewer draws
 * (./firstPage.ts), is left out: counted too, one highlight would read as two while both are in the page.
 */
export function drawnUserHighlights(pages: ParentNode): Array<{ page: number; box: [number, number, number, number]; color: string }> {
  return [...pages.querySelectorAll<HTMLElement>(`.${USER_HIGHLIGHT_CLASS}`)].map((el) => ({
    page: Number(el.closest<HTMLElement>('.lra-highlights')?.dataset.page ?? 0),
    box: [parseFloat(el.style.left), parseFloat(el.style.top), parseFloat(el.style.width), parseFloat(el.style.height)],
    color: el.style.backgroundColor,
  }));
}
