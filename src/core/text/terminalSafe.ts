/**
 * Text from documents and models made safe to print on a terminal. A Markdown file (or a model
 * quoting one) can hold escape sequences that set the window title (OSC 0), clear the screen
 * (CSI 2J), write the clipboard (OSC 52) or open links of its own (OSC 8); printed raw, the
 * terminal obeys them. What goes out keeps its printable text, newlines and tabs; every escape
 * sequence goes whole (so no half of one shows as junk), and any control character left over
 * goes too. The CLI's own escapes (its OSC 8 links, the progress bar) are added after this runs.
 *
 * Stateless on purpose: a sequence split across two streamed tokens loses its ESC in the first
 * and prints the rest as plain text in the second. Harmless (no control byte is ever written),
 * only less tidy than the whole-sequence case.
 */

// ECMA-48 in its 7-bit (ESC x) and 8-bit (one C1 character) forms, which xterm and VTE accept too.
const ESC = '\\u001b';
const BEL = '\\u0007';
const ST = `(?:${ESC}\\\\|\\u009c)`;
/** CSI: ESC [ or U+009B, parameter bytes, intermediate bytes, one final byte (e.g. ESC[2J, ESC[31m). */
const CSI = `(?:${ESC}\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]`;
/** OSC: ESC ] or U+009D up to BEL or ST (title, clipboard, hyperlinks, colours). */
const OSC = `(?:${ESC}\\]|\\u009d)[^\\u0007\\u001b\\u009c]*(?:${BEL}|${ST})`;
/** DCS, SOS, PM, APC: a string up to ST (some terminals end them on BEL too). */
const STRING = `(?:${ESC}[P^_X]|[\\u0090\\u0098\\u009e\\u009f])[^\\u0007\\u001b\\u009c]*(?:${BEL}|${ST})`;
/** Any other escape: ESC, intermediate bytes, one final byte (ESC c resets the terminal, ESC ( 0 switches charset). */
const OTHER = `${ESC}[\\u0020-\\u002f]*[\\u0030-\\u007e]`;
const SEQUENCE = new RegExp(`${OSC}|${STRING}|${CSI}|${OTHER}`, 'g');
/** C0 except tab and newline, DEL, C1: also catches a lone ESC and unterminated introducers. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` without escape sequences or control characters; newlines and tabs kept. */
export function terminalSafe(text: string): string {
  return text.replace(SEQUENCE, '').replace(CONTROL, '');
}
