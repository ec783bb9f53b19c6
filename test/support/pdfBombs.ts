/**
 * PDFs that cost far more to read than their size says (test/faults/oneBadFile.test.ts):
 *
 * - `pageTreeFanOutPdf()`: 2 KB. Every page-tree node lists the same child `fanOut` times, `depth`
 *   levels deep, so the tree claims fanOut^depth pages (10^9 by default) that are all one page.
 * - `flatPdf(100_000)`: 100,000 pages under one /Pages node, each with a line of its own.
 * - `giantImagePdf()`: one page painting a single 8-bit grey image of 30000 x 30000 pixels
 *   (900 MB decoded) with a black bar on white, deflated to under 1 MB; `pageSize` puts it on an
 *   enormous page (200,000 pt), where a naive OCR would enlarge it further.
 */
import { deflateRepeated, zlibWrap } from './deflateRepeat';
import { HELVETICA, rawPdf, textContent, type RawObject } from './rawPdf';

export function pageTreeFanOutPdf(options: { fanOut?: number; depth?: number; text?: string } = {}): Uint8Array {
  const fanOut = options.fanOut ?? 10;
  const depth = options.depth ?? 9;
  // 1 catalog, 2..depth+1 the tree's levels, then the one page, its content and its font.
  const page = depth + 2;
  const objects: RawObject[] = [{ body: '<< /Type /Catalog /Pages 2 0 R >>' }];
  for (let level = 0; level < depth; level++) {
    const self = level + 2;
    const child = level === depth - 1 ? page : self + 1;
    const kids = Array.from({ length: fanOut }, () => `${child} 0 R`).join(' ');
    const parent = level === 0 ? '' : ` /Parent ${self - 1} 0 R`;
    objects.push({ body: `<< /Type /Pages /Kids [${kids}] /Count ${fanOut ** (depth - level)}${parent} >>` });
  }
  objects.push({
    body: `<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 612 792] /Contents ${page + 1} 0 R /Resources << /Font << /F1 ${page + 2} 0 R >> >> >>`,
  });
  objects.push({ dict: '', stream: textContent([options.text ?? 'The fan-out page says hello.']) });
  objects.push({ body: HELVETICA });
  return rawPdf(objects);
}

/** Words that differ from page to page (digits alone would be taken for a running header). */
function pageWords(n: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'pu', 'ra', 'si', 'to', 'vu', 'ze'];
  return String(n)
    .split('')
    .map((digit) => syllables[Number(digit)])
    .join('');
}

export function flatPdf(pageCount: number): Uint8Array {
  // 1 catalog, 2 the /Pages node, 3 the font, then a page and its content for every page.
  const objects: RawObject[] = [{ body: '<< /Type /Catalog /Pages 2 0 R >>' }, { body: '' }, { body: HELVETICA }];
  const kids: string[] = [];
  for (let index = 0; index < pageCount; index++) {
    const pageObject = objects.length + 1;
    kids.push(`${pageObject} 0 R`);
    objects.push({ body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageObject + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>` });
    const words = pageWords(index + 1);
    objects.push({ dict: '', stream: textContent([`Section ${words} of the flat document.`, `The ${words} paragraph has its own words.`]) });
  }
  objects[1] = { body: `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pageCount} >>` };
  return rawPdf(objects);
}

export function giantImagePdf(options: { width?: number; height?: number; pageSize?: number } = {}): Uint8Array {
  const width = options.width ?? 30_000;
  const height = options.height ?? 30_000;
  const pageSize = options.pageSize ?? 612;
  // White rows with a black bar across the middle tenth (ink, so the page is not blank), in
  // bands of 100 rows; a remainder row band keeps any height exact.
  const band = 100;
  const white = Buffer.alloc(width * band, 0xff);
  const black = Buffer.alloc(width * band, 0x00);
  const bands = Math.floor(height / band);
  const blackBands = Math.max(1, Math.floor(bands / 10));
  const before = Math.floor((bands - blackBands) / 2);
  const pieces = [
    { chunk: white, times: before },
    { chunk: black, times: blackBands },
    { chunk: white, times: bands - blackBands - before },
    { chunk: Buffer.alloc(width * (height % band), 0xff), times: 1 },
  ];
  const pixels = zlibWrap(deflateRepeated(pieces));
  return rawPdf([
    { body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageSize} ${pageSize}] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>` },
    { dict: '', stream: new Uint8Array(Buffer.from(`q ${pageSize} 0 0 ${pageSize} 0 0 cm /Im1 Do Q`, 'latin1')) },
    {
      dict: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      stream: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    },
  ]);
}
