/**
 * pdf.js's text items as the paper readers take them (the first pages' evidence, the reference
 * lists' lines), and the page's frame: its size and the map from PDF user space (origin at the
 * bottom left) to page coordinates (origin at the top left), through pdf.js's viewport when the
 * page has one (it knows the page's rotation), else from the page's view box.
 */

/** One text item of `getTextContent()`, as far as it is read. */
export interface RawItem {
  str: string;
  transform: number[];
  width: number;
  fontName?: string;
  hasEOL?: boolean;
}

export function isRawItem(item: unknown): item is RawItem {
  if (typeof item !== 'object' || item === null) return false;
  const v = item as Record<string, unknown>;
  return typeof v.str === 'string' && Array.isArray(v.transform) && v.transform.length === 6 && typeof v.width === 'number';
}

/** A pdf.js page as far as its frame is read. */
export interface PageGeometry {
  view?: number[];
  getViewport?(params: { scale: number }): { width: number; height: number; convertToViewportPoint(x: number, y: number): number[] };
}

export interface PageFrame {
  width: number;
  height: number;
  /** A point of PDF user space on the page, origin at the top left. */
  toPage(x: number, y: number): [number, number];
}

export function pageFrame(page: PageGeometry): PageFrame {
  const viewport = page.getViewport?.({ scale: 1 });
  const view = page.view ?? [0, 0, 612, 792];
  const width = viewport?.width ?? Math.abs(view[2]! - view[0]!);
  const height = viewport?.height ?? Math.abs(view[3]! - view[1]!);
  const toPage = (x: number, y: number): [number, number] => {
    if (viewport) {
      const [px, py] = viewport.convertToViewportPoint(x, y);
      return [px ?? x, py ?? y];
    }
    return [x - view[0]!, view[3]! - y];
  };
  return { width, height, toPage };
}
