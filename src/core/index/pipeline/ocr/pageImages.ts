/**
 * Where a page paints its images, from pdf.js's operator list: the transform in effect at each
 * image operator (`save`/`restore`/`transform`, and a form XObject's matrix), mapped through the
 * page's viewport (its crop box and /Rotate, y pointing down), and which of them make up the scan.
 */

/** The operator codes used here (pdf.js `OPS`, passed in so this file does not load pdf.js). */
export interface ImageOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
}

type Matrix = [number, number, number, number, number, number];

/** An image painted on the page: `source` is pdf.js's object id, or the inline image itself. */
export interface ImagePlacement {
  source: string | object;
  /** Image space (unit square) -> page space in points at scale 1, y down. */
  matrix: Matrix;
  /** Bounding box on the page, in points. */
  left: number;
  top: number;
  width: number;
  height: number;
}

export function multiply(m: readonly number[], n: readonly number[]): Matrix {
  return [
    m[0]! * n[0]! + m[1]! * n[2]!,
    m[0]! * n[1]! + m[1]! * n[3]!,
    m[2]! * n[0]! + m[3]! * n[2]!,
    m[2]! * n[1]! + m[3]! * n[3]!,
    m[4]! * n[0]! + m[5]! * n[2]! + n[4]!,
    m[4]! * n[1]! + m[5]! * n[3]! + n[5]!,
  ];
}

/** Every image operator with its placement; `viewport` is pdf.js's viewport transform at scale 1. */
export function imagePlacements(fnArray: readonly number[], argsArray: readonly unknown[], ops: ImageOps, viewport: readonly number[]): ImagePlacement[] {
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const placements: ImagePlacement[] = [];
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? ctm;
    else if (fn === ops.transform) ctm = multiply(args as number[], ctm);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      const formMatrix = args?.[0];
      if (Array.isArray(formMatrix) && formMatrix.length === 6) ctm = multiply(formMatrix as number[], ctm);
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if ((fn === ops.paintImageXObject || fn === ops.paintInlineImageXObject) && args?.[0]) {
      const matrix = multiply(ctm, viewport);
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u, v]) => [matrix[0] * u! + matrix[2] * v! + matrix[4], matrix[1] * u! + matrix[3] * v! + matrix[5]]);
      const xs = corners.map((c) => c[0]!);
      const ys = corners.map((c) => c[1]!);
      const left = Math.min(...xs);
      const top = Math.min(...ys);
      placements.push({ source: args[0] as string | object, matrix, left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top });
    }
  }
  return placements;
}

/** An image this large a share of the page is a scan (or a part of one), not a logo or an icon. */
export const MIN_SCAN_SHARE = 0.25;
/** Smaller images count when together they cover this much of the page: a scan cut in strips. */
const MIN_TILED_SHARE = 0.5;
/** Slivers among tiles (borders, rules) are left out. */
const MIN_TILE_SHARE = 0.01;

/** The images to OCR, in reading order (top to bottom, then left to right). */
export function scanImages(placements: ImagePlacement[], pageWidth: number, pageHeight: number): ImagePlacement[] {
  const pageArea = pageWidth * pageHeight;
  const share = (p: ImagePlacement) => (p.width * p.height) / pageArea;
  let chosen = placements.filter((p) => share(p) >= MIN_SCAN_SHARE);
  if (chosen.length === 0 && placements.reduce((sum, p) => sum + share(p), 0) >= MIN_TILED_SHARE) {
    chosen = placements.filter((p) => share(p) >= MIN_TILE_SHARE);
  }
  return chosen.sort((a, b) => a.top - b.top || a.left - b.left);
}

/**
 * How the image's pixels lie on the page, to the nearest quarter turn: whether its rows run down
 * the page (or across it, `transposed`), and whether columns and rows are reversed. Image row 0 is
 * at the top of the image's unit square (PDF image space), so a row step is minus its y axis.
 */
export interface Orientation {
  transposed: boolean;
  flipColumns: boolean;
  flipRows: boolean;
}

export function orientationOf(matrix: readonly number[]): Orientation {
  const [a, b, c, d] = matrix as Matrix;
  // Column step (along the image's x) and row step (down the image), on the page (y down).
  const column = [a, b];
  const row = [-c, -d];
  const transposed = Math.abs(column[1]!) > Math.abs(column[0]!);
  if (!transposed) return { transposed, flipColumns: column[0]! < 0, flipRows: row[1]! < 0 };
  return { transposed, flipColumns: column[1]! < 0, flipRows: row[0]! < 0 };
}
