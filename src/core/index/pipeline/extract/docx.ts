/**
 * Word documents (.docx) through mammoth, which reads its WordprocessingML (from the zip as
 * docxZip.ts opens it, within a size budget) and maps paragraph styles to HTML (`Heading 1` →
 * `<h1>`); that HTML becomes blocks like a web page's.
 * A citation's numbers are paragraphs: the n-th non-empty paragraph of the document, headings,
 * list items and table-cell paragraphs included (mammoth drops empty ones).
 */
import { blockText, type BlockText } from './blockText';
import { ExtractionError } from './errors';
import { htmlBlocks } from './htmlBlocks';
import { openDocxZip } from './docxZip';
import { blockWarnings } from './html';
import { DEFAULT_FILE_LIMITS } from '../fileLimits';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: a password-protected .docx (encrypted package) or an old binary .doc. */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export interface DocxLimits {
  /** The XML parts together may inflate to this many bytes (docxZip.ts). */
  maxUnzippedBytes?: number;
  /** Text kept (htmlBlocks.ts). */
  maxChars?: number;
}

export async function extractDocx(bytes: Uint8Array, limits: DocxLimits = {}): Promise<BlockText & { warnings: string[]; cut: boolean }> {
  if (startsWith(bytes, OLE_SIGNATURE)) {
    throw new ExtractionError('encrypted', 'password-protected DOCX or an old binary .doc: remove the password or save it as .docx to index it');
  }
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new ExtractionError('corrupt', 'not a valid DOCX (zip) file');
  // Over the budget, or a part that lies about its size: refused here, before mammoth parses anything.
  const file = openDocxZip(bytes, limits.maxUnzippedBytes ?? DEFAULT_FILE_LIMITS.maxUnzippedBytes);
  let html: string;
  // Loaded with the first DOCX: a process that opens no Word document (a search, an unchanged library's re-check) never initialises it.
  const { default: mammoth } = await import('mammoth');
  try {
    const result = await mammoth.convertToHtml(
      // mammoth's own input for an opened zip (lib/unzip.js), not in its typings.
      { file } as unknown as { buffer: Buffer },
      // Images are not text: an empty src spares mammoth base64-encoding each one into the HTML.
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })), externalFileAccess: false },
    );
    html = result.value;
  } catch (cause) {
    if (cause instanceof ExtractionError) throw cause; // the zip's budget, as docxZip.ts said it
    // Whatever else mammoth throws here is about this file's structure.
    throw new ExtractionError('corrupt', 'damaged DOCX: cannot read its zip or document.xml', { cause });
  }
  const parsed = htmlBlocks(html, { maxChars: limits.maxChars });
  const extracted = blockText(parsed.blocks, (_block, index) => [index + 1, index + 1]);
  if (extracted.text === '') throw new ExtractionError('no-text', 'no text in the document (only images or empty paragraphs?)');
  return { ...extracted, warnings: blockWarnings(parsed, limits.maxChars), cut: parsed.cut };
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}
