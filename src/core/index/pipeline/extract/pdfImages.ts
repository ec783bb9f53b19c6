/**
 * The largest image a PDF holds over a pixel limit, read from the file's bytes without decoding
 * anything. pdf.js, told a `maxImageSize`, drops such an image from a page without a trace, so
 * without this a scan too large to OCR would read as a page with nothing on it. An image is a
 * stream, and streams never sit inside object streams, so every image's dictionary is in the
 * file as plain text (`<< /Subtype /Image /Width 30000 /Height 30000 ... >> stream`); an image
 * whose size is an indirect reference, or an inline image inside a compressed content stream, is
 * not found (pdf.js still refuses to decode it).
 */

const IMAGE_SUBTYPE = /\/Subtype\s*\/Image(?![A-Za-z0-9])/g;
const WIDTH = /\/(?:Width|W)\s+(\d+)(?![\d.]|\s+\d+\s+R)/;
const HEIGHT = /\/(?:Height|H)\s+(\d+)(?![\d.]|\s+\d+\s+R)/;
/** How far around `/Subtype /Image` its dictionary's other keys are looked for. */
const WINDOW = 2048;

export interface ImageSize {
  width: number;
  height: number;
}

export function largestImageOver(bytes: Uint8Array, maxPixels: number): ImageSize | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest: ImageSize | undefined;
  const marker = Buffer.from('/Image');
  for (let at = buffer.indexOf(marker); at >= 0; at = buffer.indexOf(marker, at + marker.length)) {
    const from = Math.max(0, at - WINDOW);
    const text = buffer.toString('latin1', from, Math.min(buffer.length, at + WINDOW));
    const dictionary = dictionaryAround(text, at - from);
    if (!dictionary) continue;
    IMAGE_SUBTYPE.lastIndex = 0;
    if (!IMAGE_SUBTYPE.test(dictionary)) continue;
    const width = Number(WIDTH.exec(dictionary)?.[1]);
    const height = Number(HEIGHT.exec(dictionary)?.[1]);
    if (!(width > 0 && height > 0) || width * height <= maxPixels) continue;
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest;
}

/** The object's text around `at`: from its `obj` keyword to the `stream` (or `endobj`) after it. */
function dictionaryAround(text: string, at: number): string | undefined {
  const start = text.lastIndexOf(' obj', at);
  if (start < 0) return undefined;
  const ends = [text.indexOf('stream', at), text.indexOf('endobj', at)].filter((index) => index >= 0);
  if (ends.length === 0) return undefined;
  return text.slice(start, Math.min(...ends));
}

/** The flag and setting that raise OCR's pixel limit (ocr/settings.ts `maxImagePixels`). */
export const OCR_PIXEL_LIMIT = { flag: '--ocr-max-megapixels', setting: 'research.index.ocrMaxMegapixels' } as const;

/** "its image of 30,000 × 30,000 pixels is over the OCR limit of 50 megapixels: raise …". */
export function ocrPixelLimitText(image: { width: number; height: number }, maxPixels: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  const megapixels = Number((maxPixels / 1_000_000).toFixed(1));
  return `its image of ${count(image.width)} × ${count(image.height)} pixels is over the OCR limit of ${megapixels} megapixels: raise ${OCR_PIXEL_LIMIT.flag} (VS Code: ${OCR_PIXEL_LIMIT.setting})`;
}
