import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { crc32, encodeGreyPng } from '../../../src/core/index/pipeline/ocr/png';

/** Splits a PNG into its chunks, checking each chunk's CRC as a PNG reader does. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const out: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `${type} CRC`);
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

describe('OCR page images as PNG without a native image library', () => {
  it('CRC-32 matches the standard check value (a wrong CRC makes Tesseract reject the page as a damaged PNG)', () => {
    assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  });

  it('a greyscale image round-trips: chunk layout, header and every pixel (a malformed PNG would leave a scanned page unread)', () => {
    const width = 5;
    const height = 3;
    const grey = Uint8Array.from({ length: width * height }, (_, i) => (i * 17) % 256);
    const png = encodeGreyPng(width, height, grey);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    assert.deepEqual(
      parts.map((c) => c.type),
      ['IHDR', 'IDAT', 'IEND'],
    );
    const header = parts[0]!.data;
    assert.deepEqual([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[10], header[11], header[12]], [5, 3, 8, 0, 0, 0, 0]);
    const rows = inflateSync(parts[1]!.data);
    assert.equal(rows.length, (width + 1) * height);
    for (let y = 0; y < height; y++) {
      assert.equal(rows[y * (width + 1)], 0, 'filter byte: none');
      assert.deepEqual([...rows.subarray(y * (width + 1) + 1, (y + 1) * (width + 1))], [...grey.subarray(y * width, (y + 1) * width)]);
    }
  });

  it('refuses pixels that do not match the size instead of writing a truncated image', () => {
    assert.throws(() => encodeGreyPng(4, 4, new Uint8Array(15)), RangeError);
  });
});
