/**
 * Zip-bomb DOCX files (test/faults/oneBadFile.test.ts): a valid Word package whose
 * `word/document.xml` inflates to hundreds of megabytes from a few hundred kilobytes, in the two
 * shapes that hurt: millions of tiny paragraphs (`shape: 'paragraphs'`, 150 MB) or one paragraph
 * of 300 MB (`shape: 'one-paragraph'`). `declaredSize` writes a smaller uncompressed size into the
 * zip's headers than the data inflates to: a bomb that lies to a size check.
 *
 * The zip is written by hand (local headers, central directory, end record) around a deflate
 * stream made by repeating compressed chunks (deflateRepeat.ts), so a 300 MB part costs the test
 * a fraction of a second.
 */
import { writeFile } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import { deflateRepeated } from './deflateRepeat';
import { docxPackageParts } from './docx';

export interface DocxBombOptions {
  shape?: 'paragraphs' | 'one-paragraph';
  /** Uncompressed size of document.xml in MB (default 150 for paragraphs, 300 for one paragraph). */
  megabytes?: number;
  /** Uncompressed size written into the zip's headers for document.xml (default: the true size). */
  declaredSize?: number;
}

const XML_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const XML_TAIL = '</w:body></w:document>';
const MB = 1024 * 1024;

export function makeDocxBomb(options: DocxBombOptions = {}): Buffer {
  const shape = options.shape ?? 'paragraphs';
  const megabytes = options.megabytes ?? (shape === 'paragraphs' ? 150 : 300);
  const unit = shape === 'paragraphs' ? '<w:p><w:r><w:t>a</w:t></w:r></w:p>' : 'lorem ipsum dolor sit amet ';
  const chunk = Buffer.from(unit.repeat(Math.floor(MB / unit.length)));
  const times = Math.max(1, Math.round((megabytes * MB) / chunk.length));
  const head = shape === 'paragraphs' ? XML_HEAD : `${XML_HEAD}<w:p><w:r><w:t xml:space="preserve">`;
  const tail = shape === 'paragraphs' ? XML_TAIL : `</w:t></w:r></w:p>${XML_TAIL}`;
  const document = deflateRepeated([
    { chunk: Buffer.from(head), times: 1 },
    { chunk, times },
    { chunk: Buffer.from(tail), times: 1 },
  ]);
  const entries: ZipEntry[] = Object.entries(docxPackageParts()).map(([name, text]) => {
    const data = Buffer.from(text);
    return { name, raw: deflateRawSync(data), crc: crc32(data), size: data.length };
  });
  entries.push({ name: 'word/document.xml', raw: document.raw, crc: document.crc32, size: options.declaredSize ?? document.size });
  return zip(entries);
}

export async function writeDocxBomb(path: string, options?: DocxBombOptions): Promise<string> {
  await writeFile(path, makeDocxBomb(options));
  return path;
}

interface ZipEntry {
  name: string;
  raw: Buffer;
  crc: number;
  /** Uncompressed size as the headers say. */
  size: number;
}

/** A zip of deflated entries: local header + data each, then the central directory and its end record. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.raw.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, entry.raw);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4); // version made by
    record.writeUInt16LE(20, 6); // version needed
    record.writeUInt16LE(0, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(0, 12);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.raw.length, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += local.length + name.length + entry.raw.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
