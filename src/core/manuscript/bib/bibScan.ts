/**
 * What the manuscript tools need from a user's .bib file, read as written: each entry's type, key,
 * line and raw field text (braces inside kept), and the file's habits (./bibStyle.ts). Not a
 * BibTeX parser: titles and names as a reader sees them come from the paper library's parsed
 * records; here the raw text is the point (does the user protect case with `{R}`? escape accents?).
 * One pass; an entry never closed is reported with its line and the scan resumes at the next
 * line that starts with `@`.
 */
import { lineCounter } from '../../text/lines';

export interface BibEntryFacts {
  type: string;
  key: string;
  /** Field names lower-cased; values as written, without their outer braces or quotes. */
  fields: Record<string, string>;
  /** 1-based line of the `@`. */
  line: number;
  /** The entry's text as written. */
  source: string;
}

export interface BibProblem {
  line: number;
  message: string;
}

export interface BibScan {
  entries: BibEntryFacts[];
  problems: BibProblem[];
}

const ENTRY_START = /@[ \t]*([A-Za-z]+)[ \t]*([{(])/g;
const NON_ENTRIES = new Set(['string', 'preamble', 'comment']);

export function scanBib(text: string): BibScan {
  const entries: BibEntryFacts[] = [];
  const problems: BibProblem[] = [];
  const lineOf = lineCounter(text);
  ENTRY_START.lastIndex = 0;
  for (let m = ENTRY_START.exec(text); m; m = ENTRY_START.exec(text)) {
    const type = m[1]!.toLowerCase();
    const close = m[2] === '{' ? '}' : ')';
    const end = matching(text, ENTRY_START.lastIndex - 1, close);
    if (end === -1) {
      problems.push({ line: lineOf(m.index), message: `@${m[1]} entry is never closed with ${close}: it is skipped` });
      const next = text.indexOf('\n@', ENTRY_START.lastIndex);
      ENTRY_START.lastIndex = next === -1 ? text.length : next + 1;
      continue;
    }
    ENTRY_START.lastIndex = end + 1;
    if (NON_ENTRIES.has(type)) continue;
    const body = text.slice(m.index + m[0].length, end);
    const comma = body.indexOf(',');
    const key = (comma === -1 ? body : body.slice(0, comma)).trim();
    if (key === '' || /[\s{}"]/.test(key)) {
      problems.push({ line: lineOf(m.index), message: `@${m[1]} entry has no key: it is skipped` });
      continue;
    }
    entries.push({ type, key, fields: comma === -1 ? {} : fieldsOf(body.slice(comma + 1)), line: lineOf(m.index), source: text.slice(m.index, end + 1) });
  }
  return { entries, problems };
}

/** The entry's closing delimiter, braces inside counted; -1 when a new entry starts on a line before it closes. */
function matching(text: string, open: number, closer: string): number {
  let depth = 0;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      if (depth === 0) return closer === '}' ? i : -1;
      depth--;
    } else if (ch === ')' && closer === ')' && depth === 0) return i;
    else if (ch === '\n' && text[i + 1] === '@' && /^@[ \t]*[A-Za-z]+[ \t]*[{(]/.test(text.slice(i + 1, i + 40))) return -1;
  }
  return -1;
}

const FIELD = /\s*([A-Za-z][\w:.+-]*)\s*=\s*/y;

function fieldsOf(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let i = 0;
  while (i < body.length) {
    FIELD.lastIndex = i;
    const m = FIELD.exec(body);
    if (!m) break;
    i = FIELD.lastIndex;
    const parts: string[] = [];
    for (;;) {
      const [value, next] = valueAt(body, i);
      parts.push(value);
      i = skipSpace(body, next);
      if (body[i] !== '#') break;
      i = skipSpace(body, i + 1);
    }
    fields[m[1]!.toLowerCase()] = parts.join('');
    i = skipSpace(body, i);
    if (body[i] === ',') i++;
  }
  return fields;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** A braced, quoted or bare value starting at `i`, without its delimiters, and where it ends. */
function valueAt(body: string, i: number): [string, number] {
  const ch = body[i];
  if (ch === '{') {
    let depth = 0;
    for (let j = i; j < body.length; j++) {
      if (body[j] === '\\') j++;
      else if (body[j] === '{') depth++;
      else if (body[j] === '}' && --depth === 0) return [body.slice(i + 1, j), j + 1];
    }
    return [body.slice(i + 1), body.length];
  }
  if (ch === '"') {
    let depth = 0;
    for (let j = i + 1; j < body.length; j++) {
      if (body[j] === '\\') j++;
      else if (body[j] === '{') depth++;
      else if (body[j] === '}') depth--;
      else if (body[j] === '"' && depth === 0) return [body.slice(i + 1, j), j + 1];
    }
    return [body.slice(i + 1), body.length];
  }
  const bare = /^[^,#\s}]*/.exec(body.slice(i))![0];
  return [bare, i + bare.length];
}
