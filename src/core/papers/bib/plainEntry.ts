/**
 * The common bib entry read without the full parser: `@type{key, name = {value}, …}` whose fields a
 * record uses hold plain text (no LaTeX command, math, tie, dash ligature, quote ligature, angle
 * bracket), and whose names are "Last, First" or "First von Last" without braces. A lab's shared
 * bib is mostly such entries, and the full parser (@retorquere/bibtex-parser, ./parseBib.ts) costs
 * about 2 ms of CPU each: 40 s for 20,000 entries, before every question. This reads one in
 * microseconds and gives what the parser gives for it (test/unit/papers/bib-limits.test.ts holds
 * the two side by side); anything else returns null and goes to the parser.
 */
import type { Creator, Entry } from '@retorquere/bibtex-parser';

/** The fields ./parseBib.ts's toBibEntry reads: only these must read as the parser reads them. */
const USED = new Set([
  'title',
  'author',
  'editor',
  'year',
  'date',
  'journal',
  'journaltitle',
  'booktitle',
  'series',
  'institution',
  'school',
  'doi',
  'url',
  'eprint',
  'eprinttype',
  'archiveprefix',
  'note',
  'howpublished',
  'crossref',
  'file',
]);
/** Fields the parser keeps verbatim: braces there are characters, not grouping (none taken here). */
const VERBATIM = new Set(['doi', 'url', 'eprint', 'file']);
/** What the parser turns into something else: LaTeX, math, ties, `--`, quote ligatures, `<` `>` (¡ ¿ in OT1), comments, controls. */
const NOT_PLAIN = /[\\$~`<>%\u0000-\u0008\u000b\u000c\u000e-\u001f]|--|''|!`|\?`/;
const HEAD = /^\s*@([A-Za-z]+)\s*\{\s*([^\s,{}()"#%'=\\]+)\s*,/;
const NAME = /[A-Za-z][\w:.+-]*/y;

/** The entry as the parser would give it, or null when it is not plain enough to read here. */
export function readPlainEntry(block: string, strings: Readonly<Record<string, string>>): Entry | null {
  const head = HEAD.exec(block);
  if (!head) return null;
  const raw = new Map<string, string>();
  let i = head[0].length;
  for (;;) {
    i = skipSpace(block, i);
    if (block[i] === '}') break;
    NAME.lastIndex = i;
    const name = NAME.exec(block)?.[0].toLowerCase();
    if (!name || raw.has(name)) return null;
    i = skipSpace(block, NAME.lastIndex);
    if (block[i] !== '=') return null;
    const value = readValue(block, skipSpace(block, i + 1), strings);
    if (!value) return null;
    if (USED.has(name)) raw.set(name, value.text);
    i = skipSpace(block, value.end);
    if (block[i] === ',') i++;
    else if (block[i] !== '}') return null;
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of raw) {
    if (NOT_PLAIN.test(value)) return null;
    if (name === 'author' || name === 'editor') {
      const creators = namesOf(value);
      if (!creators) return null;
      fields[name] = creators;
    } else if (VERBATIM.has(name)) {
      if (/[{}]/.test(value)) return null;
      fields[name] = value.trim();
    } else {
      const text = value.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
      if (text) fields[name] = text;
    }
  }
  return { type: head[1]!.toLowerCase(), key: head[2]!, fields } as unknown as Entry;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** A `{…}`, `"…"`, number or @string name, without `#` concatenation; null for anything else. */
function readValue(text: string, i: number, strings: Readonly<Record<string, string>>): { text: string; end: number } | null {
  const ch = text[i];
  if (ch === '{' || ch === '"') {
    let depth = 0;
    for (let j = i + 1; j < text.length; j++) {
      const c = text[j];
      if (c === '{') depth++;
      else if (c === '}') {
        if (depth === 0) return ch === '{' ? { text: text.slice(i + 1, j), end: j + 1 } : null;
        depth--;
      } else if (c === '"' && ch === '"' && depth === 0) return { text: text.slice(i + 1, j), end: j + 1 };
    }
    return null;
  }
  const word = /[A-Za-z0-9][\w.:+-]*/y;
  word.lastIndex = i;
  const bare = word.exec(text)?.[0];
  if (!bare) return null;
  if (text[skipSpace(text, word.lastIndex)] === '#') return null;
  if (/^\d+$/.test(bare)) return { text: bare, end: word.lastIndex };
  const macro = strings[bare.toLowerCase()] ?? strings[bare];
  return macro === undefined || /[{}"]/.test(macro) ? null : { text: macro, end: word.lastIndex };
}

/** "Last, First", "von Last, Jr, First" or "First von Last" names joined by `and`; null when one is not that plain. */
function namesOf(value: string): Creator[] | null {
  if (/[{}"]/.test(value)) return null;
  const flat = value.replace(/\s+/g, ' ').trim();
  if (!flat || /^and\b|\band$/i.test(flat)) return null;
  const creators: Creator[] = [];
  for (const name of flat.split(/ and /i)) {
    const creator = nameOf(name.trim());
    if (!creator) return null;
    creators.push(creator);
  }
  return creators;
}

const WORD = /^[\p{L}][\p{L}\p{M}.'’-]*$/u;
const lower = (word: string) => /^\p{Ll}/u.test(word);

function nameOf(name: string): Creator | null {
  const parts = name.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '') || parts.length > 3) return null;
  const words = parts[0]!.split(' ');
  if (!words.every((w) => WORD.test(w))) return null;
  if (parts.slice(1).some((p) => !p.split(' ').every((w) => WORD.test(w)))) return null;
  if (parts.length === 1) {
    if (words.length === 1) return { lastName: words[0]! };
    // First von Last: "von" runs from the first lower-case word to the last one before the last word.
    const first = words.slice(0, -1).findIndex(lower);
    if (first === -1) return creator(words.at(-1)!, words.slice(0, -1).join(' '));
    let last = first;
    for (let k = first; k < words.length - 1; k++) if (lower(words[k]!)) last = k;
    return creator(words.slice(last + 1).join(' '), words.slice(0, first).join(' '), words.slice(first, last + 1).join(' '));
  }
  // von Last, [Jr,] First: "von" is the lower-case words in front, the last word always the family name.
  let von = 0;
  while (von < words.length - 1 && lower(words[von]!)) von++;
  const lastName = words.slice(von).join(' ');
  const prefix = words.slice(0, von).join(' ');
  return parts.length === 2 ? creator(lastName, parts[1]!, prefix) : creator(lastName, parts[2]!, prefix, parts[1]!);
}

function creator(lastName: string, firstName = '', prefix = '', suffix = ''): Creator {
  return { lastName, ...(firstName ? { firstName } : {}), ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) } as Creator;
}
