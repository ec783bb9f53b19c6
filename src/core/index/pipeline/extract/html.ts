/**
 * HTML pages: decoded in the charset they declare (BOM, else `<meta charset>` in the first
 * 1024 bytes, as browsers prescan), then reduced to their visible text by `htmlBlocks`; each
 * line of the result cites the source lines it came from, which the editor opens.
 */
import { lineCounter } from '../../../text/lines';
import { blockText, type BlockText } from './blockText';
import { ExtractionError } from './errors';
import { htmlBlocks, MAX_OPEN_ELEMENTS, type HtmlBlocks } from './htmlBlocks';
import { charLimitWarning } from './limitText';
import { decodeText, decodeWindows1252, looksBinary } from './text';

/** How far browsers look for a `<meta charset>` before parsing (HTML's encoding prescan). */
const PRESCAN_BYTES = 1024;
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:+-]+)/i;
/** Labels the Encoding Standard maps to windows-1252 (Node's TextDecoder reads them as Latin-1). */
const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
  'cp819',
  'ibm819',
]);

export function extractHtml(bytes: Uint8Array, options: { maxChars?: number } = {}): BlockText & { warnings: string[]; cut: boolean } {
  const { text: html, warnings } = decodeHtml(bytes);
  const lineAt = lineCounter(html);
  const parsed = htmlBlocks(html, options);
  const extracted = blockText(parsed.blocks, (block) => [lineAt(block.start), lineAt(block.end)]);
  if (extracted.text === '') throw new ExtractionError('no-text', 'no visible text (only markup, scripts or navigation)');
  return { ...extracted, warnings: [...warnings, ...blockWarnings(parsed, options.maxChars)], cut: parsed.cut };
}

/** What a reader of the index should know about how the page was read (HTML files and DOCX alike). */
export function blockWarnings(parsed: Pick<HtmlBlocks, 'flattened' | 'cut'>, maxChars: number | undefined): string[] {
  const warnings: string[] = [];
  if (parsed.flattened) warnings.push(`nested more than ${MAX_OPEN_ELEMENTS} elements deep: the deeper ones were read as siblings, as browsers do`);
  if (parsed.cut && maxChars !== undefined) warnings.push(charLimitWarning(maxChars));
  return warnings;
}

export function decodeHtml(bytes: Uint8Array): { text: string; warnings: string[] } {
  const hasBom = (bytes[0] === 0xef && bytes[1] === 0xbb) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const declared = hasBom ? undefined : declaredCharset(bytes);
  // UTF-8 (and what a page wrongly declares as UTF-16, which an ASCII meta tag cannot be) goes
  // through the text decoder, which keeps a page with a stray Latin-1 byte readable.
  if (declared === undefined || declared === 'utf-8' || declared === 'utf8' || declared.startsWith('utf-16')) return decodeText(bytes);
  if (looksBinary(bytes)) throw new ExtractionError('binary', 'binary content, not text (wrong file extension?)');
  if (WINDOWS_1252_LABELS.has(declared)) return { text: decodeWindows1252(bytes), warnings: [] };
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(declared);
  } catch {
    const { text, warnings } = decodeText(bytes);
    return { text, warnings: [`unknown charset "${declared}" declared: read as UTF-8 or Windows-1252 instead`, ...warnings] };
  }
  return { text: decoder.decode(bytes), warnings: [] };
}

function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PRESCAN_BYTES)).toString('latin1');
  return META_CHARSET.exec(head)?.[1]?.toLowerCase();
}
