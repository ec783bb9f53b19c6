/**
 * PDFs written object by object, for shapes pdf-lib will not make (a page tree that lists one
 * child many times, a /Count that lies, a 100,000-page document in a few seconds, an image of
 * 30000 x 30000 pixels). Each object is given as its body text (`<< ... >>`) or as a stream; the
 * cross-reference table is computed, so pdf.js and poppler open the file without repairing it.
 *
 *   rawPdf([{ body: '<< /Type /Catalog /Pages 2 0 R >>' }, ...])  // object 1 is the catalog
 */

/** One indirect object: numbered by its place in the list (the first is `1 0 obj`). */
export type RawObject = { body: string } | { dict: string; stream: Uint8Array };

/** A whole PDF: header, the objects, the xref table and a trailer whose /Root is object 1. */
export function rawPdf(objects: RawObject[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (chunk: Buffer) => {
    parts.push(chunk);
    length += chunk.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if ('body' in object) {
      push(Buffer.from(`${index + 1} 0 obj\n${object.body}\nendobj\n`, 'latin1'));
    } else {
      push(Buffer.from(`${index + 1} 0 obj\n<< ${object.dict} /Length ${object.stream.length} >>\nstream\n`, 'latin1'));
      push(Buffer.from(object.stream.buffer, object.stream.byteOffset, object.stream.byteLength));
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  const xrefAt = length;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}`, 'latin1'));
  push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** A content stream that writes `lines` in Helvetica 12 (font resource /F1), top down. */
export function textContent(lines: string[]): Uint8Array {
  const escaped = lines.map((line) => line.replace(/[\\()]/g, (c) => `\\${c}`));
  const ops = escaped.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 16} Td (${line}) Tj ET`).join('\n');
  return new Uint8Array(Buffer.from(ops, 'latin1'));
}

export const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
