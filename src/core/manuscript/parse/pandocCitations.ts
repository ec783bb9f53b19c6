/**
 * Pandoc citations in a Markdown draft whose code, comments and link targets are blanked
 * (../../text/markdownRegions.ts), by Pandoc's rules: a bracketed group `[see @a, p. 3; -@b]` whose every
 * `;`-separated item holds one key, and in-text `@a` with an optional `[p. 3]` right after it.
 * A key starts with a letter, digit or `_` and may hold `:.#$%&-+?<>~/` between word characters;
 * `@{…}` takes anything but braces. An `@` after a letter or digit is an e-mail address; Quarto's
 * cross-references (`@fig-…`, `@tbl-…`, `@sec-…`, `@eq-…` and the other Quarto prefixes) are not citations.
 */
import { Brackets } from './brackets';
import type { RawCitation, RawKey } from './latexCitations';

const KEY_BODY = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*`;
/** `@key` or `@{key}`, with the `-` of a suppressed author. */
const KEY = new RegExp(String.raw`(-?)@(?:\{([^{}\n]+)\}|(${KEY_BODY}))`, 'gu');
/**
 * A group holds a few brackets of its own at most (`[see @a, fig. [3]]`). Past this, a bracket is
 * not a group: each one inside is tried instead, and a draft of brackets nested a thousand deep
 * stays linear (every character is read for a bounded number of the brackets around it).
 */
const MAX_NESTED = 8;
const CROSS_REFERENCE = /^(fig|tbl|lst|tip|nte|wrn|imp|cau|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem|alg|eq|sec)-/;

export function pandocCitations(masked: string): RawCitation[] {
  const out: RawCitation[] = [];
  const taken: Array<[number, number]> = [];
  const brackets = new Brackets(masked);
  // The next `@`, `]` and `[` from the current bracket on: each only moves forward, so the scan
  // stays linear however many brackets never close.
  let nextAt = masked.indexOf('@');
  let nextClose = masked.indexOf(']');
  for (let open = masked.indexOf('['); open !== -1 && nextAt !== -1;) {
    const following = masked.indexOf('[', open + 1);
    if (nextAt < open) nextAt = masked.indexOf('@', open);
    if (nextAt === -1) break;
    if (nextClose !== -1 && nextClose < open) nextClose = masked.indexOf(']', open);
    // A bracket closed before the next `@` (and holding no other bracket) cannot be a citation.
    const holdsBracket = following !== -1 && following < nextClose;
    const found = nextClose !== -1 && nextClose < nextAt && !holdsBracket ? null : groupAt(masked, brackets, open, nextAt);
    if (found) {
      out.push(found);
      taken.push([found.start, found.end]);
      open = masked.indexOf('[', found.end);
    } else open = following;
  }
  return [...out, ...inTextCitations(masked, brackets, taken)].sort((a, b) => a.start - b.start);
}

/** The citation group the bracket at `open` opens, if it opens one. */
function groupAt(masked: string, brackets: Brackets, open: number, nextAt: number): RawCitation | null {
  if (masked[open - 1] === '\\' || masked[open - 1] === '!') return null;
  const end = brackets.closing(open);
  // Every item holds a key: a bracket with no `@` before its end opens no group.
  if (end === -1 || nextAt > end || brackets.nestedIn(open) > MAX_NESTED) return null;
  if (masked[end + 1] === '(' || masked[end + 1] === '[' || masked[end + 1] === ':') return null;
  return bracketGroup(masked, open, end);
}

/** A bracketed group if every `;` item is a citation (Pandoc reads it as text otherwise). */
function bracketGroup(text: string, open: number, end: number): RawCitation | null {
  const keys: RawKey[] = [];
  let itemStart = open + 1;
  for (const itemEnd of [...separators(text, open + 1, end), end]) {
    const key = itemKey(text, itemStart, itemEnd);
    if (!key) return null;
    keys.push(key);
    itemStart = itemEnd + 1;
  }
  return { command: '[@]', start: open, end: end + 1, keys };
}

/** Positions of the `;` that separate items (not inside nested brackets or braces). */
function separators(text: string, from: number, to: number): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') depth--;
    else if (ch === ';' && depth === 0) out.push(i);
  }
  return out;
}

function itemKey(text: string, start: number, end: number): RawKey | null {
  const item = text.slice(start, end);
  KEY.lastIndex = 0;
  for (let m = KEY.exec(item); m; m = KEY.exec(item)) {
    const before = item[m.index - 1];
    if (before !== undefined && !/\s/u.test(before)) continue;
    const key = m[2] ?? m[3]!;
    if (CROSS_REFERENCE.test(key)) return null;
    const keyStart = start + m.index + m[1]!.length + 1 + (m[2] ? 1 : 0);
    return {
      key,
      start: keyStart,
      end: keyStart + key.length,
      prefix: item.slice(0, m.index).trim(),
      locator: item
        .slice(m.index + m[0].length)
        .replace(/^\s*,?\s*/, '')
        .trim(),
      suppressAuthor: m[1] === '-',
    };
  }
  return null;
}

/** `@key` outside the groups, with an optional `[locator]` (one without a key) right after it. */
function inTextCitations(text: string, brackets: Brackets, taken: Array<[number, number]>): RawCitation[] {
  const out: RawCitation[] = [];
  let t = 0;
  KEY.lastIndex = 0;
  for (let m = KEY.exec(text); m; m = KEY.exec(text)) {
    while (t < taken.length && taken[t]![1] <= m.index) t++;
    if (t < taken.length && taken[t]![0] <= m.index) {
      KEY.lastIndex = taken[t]![1];
      continue;
    }
    const at = m.index + m[1]!.length;
    const before = text[at - 1];
    if (m[1] === '-' || (before !== undefined && /[\p{L}\p{N}_\\`]/u.test(before))) continue;
    const key = m[2] ?? m[3]!;
    if (CROSS_REFERENCE.test(key)) continue;
    let end = m.index + m[0].length;
    let locator = '';
    const bracket = /^[ \t]?\[/.exec(text.slice(end, end + 2));
    if (bracket) {
      const open = end + bracket[0].length - 1;
      const close = brackets.closing(open);
      if (close !== -1 && !text.slice(open, close).includes('@')) {
        locator = text.slice(open + 1, close).trim();
        end = close + 1;
      }
    }
    out.push({ command: '@', start: at, end, keys: [{ key, start: at + 1 + (m[2] ? 1 : 0), end: at + 1 + (m[2] ? 1 : 0) + key.length, prefix: '', locator }] });
    KEY.lastIndex = end;
  }
  return out;
}
