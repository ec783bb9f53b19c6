import { ExtractionError } from './errors';

/** How much of the start of a file the binary sniffing looks at (like git and ripgrep do). */
const SNIFF_BYTES = 64 * 1024;
/** Above this share of control characters, a file is not prose, whatever its name says. */
const MAX_CONTROL_RATIO = 0.1;
/**
 * Western text that is not UTF-8 (Latin-1/Windows-1252) has a few accented letters per line;
 * Shift-JIS, GBK and other double-byte encodings are mostly high bytes. Above this share we would
 * decode garbage, so the file fails with 'encoding' instead.
 */
const MAX_HIGH_BYTE_RATIO_FOR_WESTERN = 0.3;

export interface DecodedText {
  text: string;
  warnings: string[];
}

/**
 * Decodes a Markdown or text file without touching its line structure (line numbers are derived
 * from the text later): UTF-8 (BOM stripped), UTF-16 with a BOM, or, when the bytes are not valid
 * UTF-8, Windows-1252 with a warning so the file is not lost.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length === 0) throw new ExtractionError('empty', 'empty file');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decodeWith('utf-16le', bytes.subarray(2)), warnings: [] };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decodeWith('utf-16be', bytes.subarray(2)), warnings: [] };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  if (looksBinary(bytes)) {
    throw new ExtractionError('binary', 'binary content, not text (wrong file extension?)');
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), warnings: [] };
  } catch (cause) {
    const { valid, invalid } = countUtf8Sequences(bytes);
    if (valid > invalid) {
      // UTF-8 with a few stray bytes (a pasted Latin-1 character, a cut file): re-reading it all
      // as Windows-1252 would garble every correct accented letter, so only the bad bytes go.
      return {
        text: decodeWith('utf-8', bytes),
        warnings: [`${invalid} invalid UTF-8 byte sequence(s) replaced with \ufffd`],
      };
    }
    if (highByteRatio(bytes) > MAX_HIGH_BYTE_RATIO_FOR_WESTERN) {
      throw new ExtractionError('encoding', 'not UTF-8 text (unknown encoding): convert it to UTF-8 to index it', {
        cause,
      });
    }
    return {
      text: decodeWindows1252(bytes),
      warnings: ['not valid UTF-8: read as Windows-1252 (Latin-1); convert it to UTF-8 if characters look wrong'],
    };
  }
}

/** Well-formed multi-byte UTF-8 sequences vs bytes that cannot start or continue one. */
function countUtf8Sequences(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    let ok = length > 0 && i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) ok = ((bytes[i + k] as number) & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += length;
    } else {
      invalid++;
      i++;
    }
  }
  return { valid, invalid };
}

function decodeWith(encoding: string, bytes: Uint8Array): string {
  return new TextDecoder(encoding).decode(bytes);
}

/**
 * Windows-1252 differs from Latin-1 only in 0x80-0x9F (curly quotes, dashes, euro sign). Node's
 * TextDecoder decodes 'windows-1252' as plain Latin-1, which would turn "–" into a C1 control
 * character, so those 32 bytes are mapped here. Undefined bytes (0x81, 0x8D, ...) keep their
 * Latin-1 meaning, as browsers do.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

/** NUL bytes or many control characters near the start: an image, archive or executable. */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    // Tab, LF, VT, FF, CR and ESC (ANSI colours in logs) occur in real text.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) {
      control++;
    }
  }
  return sample.length > 0 && control / sample.length > MAX_CONTROL_RATIO;
}

function highByteRatio(bytes: Uint8Array): number {
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let high = 0;
  for (const byte of sample) if (byte >= 0x80) high++;
  return sample.length === 0 ? 0 : high / sample.length;
}
