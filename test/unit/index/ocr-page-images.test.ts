import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { PDFDocument, degrees } from 'pdf-lib';
import { encodeGreyPng } from '../../../src/core/index/pipeline/ocr/png';
import { imagePlacements, orientationOf, scanImages, type ImageOps } from '../../../src/core/index/pipeline/ocr/pageImages';
import { IMAGE_KIND, isBlank, orient, rescale, scaleFactorFor, toGrey, type GreyImage } from '../../../src/core/index/pipeline/ocr/greyImage';
import { openForOcr, readPageScan } from '../../../src/core/index/pipeline/ocr/pageScan';

const OPS: ImageOps = {
  save: 10,
  restore: 11,
  transform: 12,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  paintImageXObject: 85,
  paintInlineImageXObject: 86,
};
/** pdf.js's viewport transform of a US Letter page at scale 1: y flipped, origin top left. */
const LETTER = [1, 0, 0, -1, 0, 792];

/** A 3x2 test pattern: every pixel distinct, so any wrong turn or mirror shows. */
const PATTERN: GreyImage = { width: 3, height: 2, pixels: Uint8Array.from([10, 20, 30, 40, 50, 60]) };

/** Pixels of a greyscale PNG made by `encodeGreyPng` (filter 0 on every row). */
function decodeGreyPng(png: Buffer): GreyImage {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat = png.subarray(41, 41 + png.readUInt32BE(33));
  const rows = inflateSync(idat);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) pixels.set(rows.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  return { width, height, pixels };
}

describe("OCR reads the page's own scan images (no renderer)", () => {
  it('places an image by the transforms in effect, restored after save/restore (a misplaced scan would be dropped as a logo)', () => {
    const placements = imagePlacements(
      [OPS.save, OPS.transform, OPS.save, OPS.transform, OPS.restore, OPS.transform, OPS.paintImageXObject, OPS.restore, OPS.paintImageXObject],
      [null, [1, 0, 0, 1, 0, 0], null, [9, 0, 0, 9, 0, 0], null, [612, 0, 0, 792, 0, 0], ['img_p0_1', 100, 100], null, ['img_p0_2', 10, 10]],
      OPS,
      LETTER,
    );
    assert.deepEqual(
      placements.map(({ left, top, width, height }) => [left, top, width, height]),
      [
        [0, 0, 612, 792],
        [0, 791, 1, 1],
      ],
    );
  });

  it('a scan is the images covering a quarter of the page, in reading order; a small logo is left out', () => {
    const at = (source: string, top: number, height: number, width = 612) => ({
      source,
      matrix: [width, 0, 0, -height, 0, top + height] as [number, number, number, number, number, number],
      left: 0,
      top,
      width,
      height,
    });
    const chosen = scanImages([at('lower', 400, 392), at('logo', 0, 40, 60), at('upper', 0, 400)], 612, 792);
    assert.deepEqual(
      chosen.map((p) => p.source),
      ['upper', 'lower'],
    );
    const strips = scanImages(
      Array.from({ length: 6 }, (_, i) => at(`strip${5 - i}`, (5 - i) * 132, 132)),
      612,
      792,
    );
    assert.deepEqual(
      strips.map((p) => p.source),
      ['strip0', 'strip1', 'strip2', 'strip3', 'strip4', 'strip5'],
      'tiles of a scan are all read, top first',
    );
  });

  it('turns an image placed at a quarter turn, or mirrored, upright as it shows on the page (Tesseract reads sideways text as nothing)', () => {
    const upright = orientationOf([612, 0, 0, -792, 0, 792]);
    assert.deepEqual(upright, { transposed: false, flipColumns: false, flipRows: false });
    assert.equal(orient(PATTERN, upright), PATTERN);
    // Image x running down the page, image rows running right to left: turned 90° clockwise.
    const clockwise = orient(PATTERN, orientationOf([0, 612, 792, 0, 0, 0]));
    assert.deepEqual([clockwise.width, clockwise.height, [...clockwise.pixels]], [2, 3, [40, 10, 50, 20, 60, 30]]);
    const mirrored = orient(PATTERN, orientationOf([-612, 0, 0, -792, 612, 792]));
    assert.deepEqual([...mirrored.pixels], [30, 20, 10, 60, 50, 40]);
  });

  it("converts pdf.js's three pixel kinds to grey (1-bit: set bit is white; alpha laid on white paper)", () => {
    assert.deepEqual(
      [...toGrey({ width: 10, height: 1, kind: IMAGE_KIND.GRAYSCALE_1BPP, data: Uint8Array.from([0b10100000, 0b01000000]) }).pixels],
      [255, 0, 255, 0, 0, 0, 0, 0, 0, 255],
    );
    assert.deepEqual([...toGrey({ width: 2, height: 1, kind: IMAGE_KIND.RGB_24BPP, data: Uint8Array.from([255, 255, 255, 255, 0, 0]) }).pixels], [255, 76]);
    assert.deepEqual([...toGrey({ width: 2, height: 1, kind: IMAGE_KIND.RGBA_32BPP, data: Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 255]) }).pixels], [255, 0]);
    assert.throws(() => toGrey({ width: 1, height: 1, kind: 9, data: new Uint8Array(4) }), /unsupported image kind 9/);
  });

  it('enlarges scans below 150 dpi and reduces those far above 300 dpi by whole factors, and leaves usual scans alone', () => {
    assert.deepEqual(
      [scaleFactorFor(72), scaleFactorFor(100), scaleFactorFor(150), scaleFactorFor(300), scaleFactorFor(450), scaleFactorFor(600), scaleFactorFor(1200)],
      [3, 2, 1, 1, 1, -2, -4],
    );
    const reduced = rescale({ width: 4, height: 2, pixels: Uint8Array.from([0, 100, 200, 200, 0, 100, 0, 0]) }, -2);
    assert.deepEqual([reduced.width, reduced.height, [...reduced.pixels]], [2, 1, [50, 100]]);
    const enlarged = rescale(PATTERN, 2);
    assert.deepEqual([enlarged.width, enlarged.height, enlarged.pixels[0], enlarged.pixels[enlarged.pixels.length - 1]], [6, 4, 10, 60]);
    assert.equal(isBlank({ width: 2, height: 2, pixels: Uint8Array.from([255, 200, 130, 255]) }), true);
    assert.equal(isBlank(enlarged), false);
  });

  it("a real PDF's scan drawn rotated 90° comes back upright at its own pixels, a logo on the page left out", async () => {
    const width = 250;
    const height = 125;
    const pixels = Uint8Array.from({ length: width * height }, (_, i) => (i * 7) % 256);
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(encodeGreyPng(width, height, pixels));
    const logo = await doc.embedPng(encodeGreyPng(2, 2, new Uint8Array(4)));
    // 250x125 pixels drawn 60x120 pt (a quarter turn, so 150 dpi on both axes: kept as they are) on a 100x150 pt page.
    const page = doc.addPage([100, 150]);
    page.drawImage(image, { x: 80, y: 10, width: 120, height: 60, rotate: degrees(90) });
    page.drawImage(logo, { x: 0, y: 140, width: 10, height: 10 });
    const pdf = await openForOcr(await doc.save());
    try {
      const scan = await readPageScan(pdf, 1);
      assert.equal(scan.images.length, 1);
      const read = decodeGreyPng(scan.images[0]!.png);
      // Its frame on the page (y down), for the viewer's OCR highlights: x 20-80 pt of 100, y 20-140 pt of 150.
      const { left, top, width: w, height: h } = scan.images[0]!.frame;
      assert.deepEqual(
        [left, top, w, h].map((n) => Math.round(n * 1000) / 1000),
        [0.2, 0.133, 0.6, 0.8],
      );
      // The image shows turned a quarter turn counter-clockwise.
      assert.deepEqual([read.width, read.height], [height, width]);
      const expected = orient({ width, height, pixels }, { transposed: true, flipColumns: true, flipRows: false });
      const sample = (img: GreyImage, x: number, y: number) => img.pixels[y * img.width + x];
      assert.deepEqual([...read.pixels], [...expected.pixels]);
      for (const [x, y] of [
        [0, 0],
        [124, 0],
        [0, 249],
        [7, 23],
      ] as const) {
        assert.equal(sample(read, x, y), pixels[(width - 1 - y) * 1 + x * width], `pixel ${x},${y}`);
      }
    } finally {
      await pdf.close();
    }
  });
});
