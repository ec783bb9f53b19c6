/**
 * Word documents (.docx) through mammoth, which reads the zip and its WordprocessingML and maps
 * paragraph styles to HTML (`Heading 1` → `<h1>`); that HTML becomes blocks like a web page's.
 * A citation's numbers are paragraphs: the n-th non-empty paragraph of the document, headings,
 * list items and table-cell paragraphs included (mammoth drops empty ones).
 */
import mammoth from 'mammoth';
import { blockText, type BlockText } from './blockText';
import { ExtractionError } from './errors';
import { htmlBlocks } from './htmlBlocks';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: a password-protected .docx (encrypted package) or an old binary .doc. */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export async function extractDocx(bytes: Uint8Array): Promise<BlockText & { warnings: string[] }> {
  if (startsWith(bytes, OLE_SIGNATURE)) {
    throw new ExtractionError('encrypted', 'password-protected DOCX or an old binary .doc: remove the password or save it as .docx to index it');
  }
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new ExtractionError('corrupt', 'not a valid DOCX (zip) file');
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // Images are not text: an empty src spares mammoth base64-encoding each one into the HTML.
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })), externalFileAccess: false },
    );
    html = result.value;
  } catch (cause) {
    // Whatever mammoth or its zip reader throws here is about this file's structure.
    throw new ExtractionError('corrupt', 'damaged DOCX: cannot read its zip or document.xml', { cause });
  }
  const extracted = blockText(htmlBlocks(html), (_block, index) => [index + 1, index + 1]);
  if (extracted.text === '') throw new ExtractionError('no-text', 'no text in the document (only images or empty paragraphs?)');
  return { ...extracted, warnings: [] };
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}
