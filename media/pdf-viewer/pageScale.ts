/**
 * The scale and width pdf.js's PDFViewer will give a page for a zoom value, before it has laid out
 * any page: the first page's picture (firstPage.ts) and the page's preview (early.ts) are placed
 * where the viewer's page will be.
 */

/** pdf.js's own constants for its scale presets (web/pdf_viewer.mjs). */
const SCROLLBAR_PADDING = 40;
const VERTICAL_PADDING = 5;
const MAX_AUTO_SCALE = 1.25;
export const PDF_TO_CSS_UNITS = 96 / 72;

/**
 * The scale PDFViewer will choose for `value` (a number or one of its presets) once its pages are
 * laid out (its #setScale), for a page of `page` CSS pixels at scale 1 in a container of `width`
 * by `height`.
 */
export function scaleFor(value: string, page: { width: number; height: number }, width: number, height: number): number {
  const fixed = parseFloat(value);
  if (fixed > 0) return fixed;
  const byWidth = (width - SCROLLBAR_PADDING) / page.width;
  const byHeight = (height - VERTICAL_PADDING) / page.height;
  switch (value) {
    case 'page-fit':
      return Math.min(byWidth, byHeight);
    case 'page-height':
      return byHeight;
    case 'auto':
      return Math.min(MAX_AUTO_SCALE, page.width <= page.height ? byWidth : Math.min(byWidth, byHeight));
    default:
      return byWidth;
  }
}

/** The width of a vertical scrollbar here: PDFViewer measures with the one its pages will bring. */
export function scrollbarWidth(): number {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;visibility:hidden;overflow:scroll;width:100px;height:100px';
  document.body.append(probe);
  const width = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return width;
}
