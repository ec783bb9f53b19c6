/**
 * The pixels Tesseract reads: a decoded PDF image (pdf.js's `{ width, height, kind, data }`) as
 * 8-bit grey, turned upright as it lies on the page, and brought to a resolution Tesseract reads
 * well and fast.
 */
import type { Orientation } from './pageImages';

export interface GreyImage {
  width: number;
  height: number;
  /** One byte a pixel, row by row, 0 = black. */
  pixels: Uint8Array;
}

/** pdf.js's `ImageKind`. */
export const IMAGE_KIND = { GRAYSCALE_1BPP: 1, RGB_24BPP: 2, RGBA_32BPP: 3 } as const;

export interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** Luma of RGB; transparent pixels are laid on white paper. Unknown kinds are an error. */
export function toGrey(image: DecodedImage): GreyImage {
  const { width, height, kind, data } = image;
  const pixels = new Uint8Array(width * height);
  if (kind === IMAGE_KIND.GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // pdf.js paints a set bit white, a clear bit black.
        pixels[y * width + x] = data[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
      }
    }
  } else if (kind === IMAGE_KIND.RGB_24BPP || kind === IMAGE_KIND.RGBA_32BPP) {
    const step = kind === IMAGE_KIND.RGB_24BPP ? 3 : 4;
    for (let i = 0, p = 0; i < pixels.length; i++, p += step) {
      const luma = (299 * data[p]! + 587 * data[p + 1]! + 114 * data[p + 2]!) / 1000;
      const alpha = step === 4 ? data[p + 3]! / 255 : 1;
      pixels[i] = Math.round(255 - alpha * (255 - luma));
    }
  } else {
    throw new Error(`unsupported image kind ${kind}`);
  }
  return { width, height, pixels };
}

/** The image as it appears on the page: rotated by quarter turns and mirrored as `orientation` says. */
export function orient(image: GreyImage, orientation: Orientation): GreyImage {
  const { transposed, flipColumns, flipRows } = orientation;
  if (!transposed && !flipColumns && !flipRows) return image;
  const { width, height, pixels } = image;
  const outWidth = transposed ? height : width;
  const outHeight = transposed ? width : height;
  const out = new Uint8Array(pixels.length);
  for (let row = 0; row < height; row++) {
    const r = flipRows ? height - 1 - row : row;
    for (let column = 0; column < width; column++) {
      const c = flipColumns ? width - 1 - column : column;
      const target = transposed ? c * outWidth + r : r * outWidth + c;
      out[target] = pixels[row * width + column]!;
    }
  }
  return { width: outWidth, height: outHeight, pixels: out };
}

/** Below this a scan is enlarged (Tesseract misreads small glyphs). */
export const MIN_OCR_DPI = 150;
/** Above 1.5 times this a scan is reduced toward it (more pixels cost time, not accuracy). */
export const TARGET_MAX_DPI = 300;
const MAX_UPSCALE = 4;

/** The integer factor to enlarge (> 1) or reduce (< -1) an image shown at `dpi`, or 1. */
export function scaleFactorFor(dpi: number): number {
  // 5% slack: a 150 dpi scan placed with a rotation's rounding errors measures 149.99 dpi.
  if (dpi < MIN_OCR_DPI * 0.95) return Math.min(MAX_UPSCALE, Math.ceil(MIN_OCR_DPI / dpi));
  if (dpi > TARGET_MAX_DPI * 1.5) return -Math.floor(dpi / TARGET_MAX_DPI);
  return 1;
}

/** Enlarges by bilinear interpolation or reduces by averaging `factor`x`factor` blocks. */
export function rescale(image: GreyImage, factor: number): GreyImage {
  if (factor > 1) return enlarge(image, factor);
  if (factor < -1) return reduce(image, -factor);
  return image;
}

function enlarge({ width, height, pixels }: GreyImage, factor: number): GreyImage {
  const outWidth = width * factor;
  const outHeight = height * factor;
  const out = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y++) {
    const sy = Math.max(0, Math.min(height - 1, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < outWidth; x++) {
      const sx = Math.max(0, Math.min(width - 1, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const top = pixels[y0 * width + x0]! * (1 - fx) + pixels[y0 * width + x1]! * fx;
      const bottom = pixels[y1 * width + x0]! * (1 - fx) + pixels[y1 * width + x1]! * fx;
      out[y * outWidth + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width: outWidth, height: outHeight, pixels: out };
}

function reduce({ width, height, pixels }: GreyImage, factor: number): GreyImage {
  const outWidth = Math.max(1, Math.floor(width / factor));
  const outHeight = Math.max(1, Math.floor(height / factor));
  const out = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) sum += pixels[(y * factor + dy) * width + x * factor + dx]!;
      }
      out[y * outWidth + x] = Math.round(sum / (factor * factor));
    }
  }
  return { width: outWidth, height: outHeight, pixels: out };
}

/** True when no pixel is darker than mid-grey (every 2nd pixel of every 2nd row: strokes are wider). */
export function isBlank({ width, height, pixels }: GreyImage): boolean {
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) if (pixels[y * width + x]! < 128) return false;
  }
  return true;
}
