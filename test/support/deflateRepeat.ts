/**
 * A deflate stream of hundreds of megabytes of repeated content, made in milliseconds: each
 * distinct chunk is compressed once (ending in a sync flush, so the blocks can follow one another)
 * and its compressed bytes are repeated; the checksums are computed without building the data.
 * What a decompression bomb is made of (test/support/docxBombs.ts, pdfBombs.ts).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface RepeatedPiece {
  chunk: Buffer;
  times: number;
}

export interface RepeatedDeflate {
  /** Raw deflate (no zlib header), ending in a final block. */
  raw: Buffer;
  /** Uncompressed size in bytes. */
  size: number;
  crc32: number;
  adler32: number;
}

export function deflateRepeated(pieces: RepeatedPiece[]): RepeatedDeflate {
  const blocks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  let adler = 1;
  for (const { chunk, times } of pieces) {
    const compressed = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    const chunkAdler = adler32(chunk);
    for (let i = 0; i < times; i++) {
      blocks.push(compressed);
      crc = crc32(chunk, crc);
      adler = adler32Combine(adler, chunkAdler, chunk.length);
      size += chunk.length;
    }
  }
  // An empty final block ends the stream.
  blocks.push(deflateRawSync(Buffer.alloc(0)));
  return { raw: Buffer.concat(blocks), size, crc32: crc, adler32: adler };
}

/** The same stream as zlib data (what a PDF's /FlateDecode holds): header, blocks, Adler-32. */
export function zlibWrap(deflated: RepeatedDeflate): Buffer {
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(deflated.adler32);
  return Buffer.concat([Buffer.from([0x78, 0xda]), deflated.raw, trailer]);
}

const ADLER_BASE = 65521;

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; i++) {
    a = (a + data[i]!) % ADLER_BASE;
    b = (b + a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A followed by B from theirs and B's length. */
function adler32Combine(adlerA: number, adlerB: number, lengthB: number): number {
  const rem = lengthB % ADLER_BASE;
  let sum1 = adlerA & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (adlerB & 0xffff) + ADLER_BASE - 1;
  sum2 += ((adlerA >>> 16) & 0xffff) + ((adlerB >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
