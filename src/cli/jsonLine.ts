/**
 * One JSON value as one line of `--json` output. JSON.stringify escapes only C0 controls; the
 * rest of what a document can carry and a terminal obeys or shows misleadingly goes out raw: DEL
 * and the C1 controls (U+009B is CSI, U+009D OSC to an 8-bit terminal) and the bidi embeddings,
 * overrides and isolates that reorder what is shown ("Trojan Source"). Those are written as
 * `\uXXXX` escapes here: a program reading the JSON gets the same string, a terminal shows the
 * escape. They can only occur inside strings (JSON's own syntax is ASCII), so the replacement
 * never touches structure.
 */
const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}
