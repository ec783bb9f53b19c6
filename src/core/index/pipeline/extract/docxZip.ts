/**
 * The zip inside a DOCX, read with a budget: mammoth reads its parts through this (its `{ file }`
 * input, the object its own JSZip wrapper makes) instead of JSZip, so a zip bomb is refused
 * before anything is inflated and cannot inflate past the budget if its headers lie.
 *
 * - Before any part is read, the XML parts' uncompressed sizes as the central directory declares
 *   them are added up: over `maxUnzippedBytes`, the file is `over-limit` (a 458 KB DOCX whose
 *   document.xml inflates to 150 MB stops here, in microseconds).
 * - Each part is inflated by node:zlib with `maxOutputLength` at its declared size (and the budget
 *   left): a part that inflates past what its header says is `corrupt`, with at most that much
 *   memory spent.
 *
 * Stored (0) and deflated (8) entries only, as Word writes; no ZIP64 (a DOCX is never 4 GB).
 */
import { inflateRawSync } from 'node:zlib';
import { formatMegabytes, raiseFileLimit } from '../fileLimits';
import { ExtractionError } from './errors';

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** What mammoth's `openZip({ file })` takes: the shape of its own zipfile.js object. */
export interface MammothZipFile {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<string | Uint8Array>;
  write(name: string, contents: string): void;
  toArrayBuffer(): Promise<ArrayBuffer>;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

/** The parts mammoth parses as XML: what the budget is about (images are never read). */
function isXmlPart(name: string): boolean {
  return /\.(xml|rels)$/i.test(name);
}

export function openDocxZip(bytes: Uint8Array, maxUnzippedBytes: number): MammothZipFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readDirectory(buffer);
  let declared = 0;
  for (const [name, entry] of entries) if (isXmlPart(name)) declared += entry.size;
  if (declared > maxUnzippedBytes) {
    throw new ExtractionError(
      'over-limit',
      `its XML unzips to ${formatMegabytes(declared)} (limit ${formatMegabytes(maxUnzippedBytes)}; a zip bomb?): ${raiseFileLimit('maxUnzippedBytes')}`,
    );
  }
  let left = maxUnzippedBytes;
  const inflate = (name: string): Buffer => {
    const entry = entries.get(name);
    if (!entry) throw new ExtractionError('corrupt', `damaged DOCX: no ${name} in its zip`);
    const data = entryData(buffer, entry, name);
    if (entry.method === 0) return data;
    if (entry.method !== 8) throw new ExtractionError('corrupt', `damaged DOCX: ${name} is compressed with an unknown method (${entry.method})`);
    if (entry.size > left) {
      throw new ExtractionError('over-limit', `its parts unzip to more than ${formatMegabytes(maxUnzippedBytes)}: ${raiseFileLimit('maxUnzippedBytes')}`);
    }
    let out: Buffer;
    try {
      // One byte over the declared size is enough to know it lies; never more is inflated.
      out = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch (cause) {
      throw new ExtractionError('corrupt', `damaged DOCX: ${name} does not inflate to the ${entry.size} bytes its zip header declares (a zip bomb?)`, {
        cause,
      });
    }
    if (out.length !== entry.size) {
      throw new ExtractionError('corrupt', `damaged DOCX: ${name} does not inflate to the ${entry.size} bytes its zip header declares (a zip bomb?)`);
    }
    left -= out.length;
    return out;
  };
  return {
    exists: (name) => entries.has(name),
    read: async (name, encoding) => {
      const data = inflate(name);
      if (encoding === 'base64') return data.toString('base64');
      if (encoding) return new TextDecoder(encoding).decode(data);
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    },
    write: () => {
      throw new Error('a DOCX being indexed is never written');
    },
    toArrayBuffer: () => Promise.reject(new Error('a DOCX being indexed is never written')),
  };
}

/** The central directory, by entry name (the first of a repeated name wins). */
function readDirectory(buffer: Buffer): Map<string, Entry> {
  const end = findEndRecord(buffer);
  const count = buffer.readUInt16LE(end + 10);
  const size = buffer.readUInt32LE(end + 12);
  let offset = buffer.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff || offset + size > end)
    throw new ExtractionError('corrupt', 'damaged DOCX: its zip directory is out of bounds');
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== DIRECTORY_ENTRY) {
      throw new ExtractionError('corrupt', 'damaged DOCX: its zip directory is cut short');
    }
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (!entries.has(name)) {
      entries.set(name, {
        method: buffer.readUInt16LE(offset + 10),
        compressedSize: buffer.readUInt32LE(offset + 20),
        size: buffer.readUInt32LE(offset + 24),
        localHeaderOffset: buffer.readUInt32LE(offset + 42),
      });
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndRecord(buffer: Buffer): number {
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - END_SEARCH); at--) {
    if (buffer.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ExtractionError('corrupt', 'damaged DOCX: no zip directory (truncated?)');
}

/** An entry's compressed bytes: after its local header, whose name and extra field may differ in length from the directory's. */
function entryData(buffer: Buffer, entry: Entry, name: string): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_HEADER)
    throw new ExtractionError('corrupt', `damaged DOCX: ${name} is not where its zip directory says`);
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const length = entry.method === 0 ? entry.size : entry.compressedSize;
  if (start + length > buffer.length) throw new ExtractionError('corrupt', `damaged DOCX: ${name} is cut short`);
  return buffer.subarray(start, start + length);
}
