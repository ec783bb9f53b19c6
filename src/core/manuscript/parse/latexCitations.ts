/**
 * LaTeX citation commands (natbib, biblatex, plain `\cite`) in a draft whose comments and
 * verbatim regions are blanked (../../text/latexRegions.ts). Each command takes up to two optional notes
 * (`\citep[see][chap.~2]{a}`: one note is the postnote) and a braced, comma-separated key list;
 * biblatex's multicite commands (`\cites(pre)(post)[pre][post]{a}[post]{b}`) repeat the notes and
 * keys per group. Commands that print a name, a year or nothing (`\citeauthor`, `\citeyear`,
 * `\nocite`) make no claim and are left out. A brace never closed within its paragraph skips that
 * one command, reported; the scan goes on after it.
 */
import { Brackets } from './brackets';
import type { ProblemAt } from './regions';

/** Commands whose keys back the sentence they sit in (their starred forms too). */
const CLAIM_COMMANDS = new Set([
  'cite',
  'Cite',
  'citep',
  'Citep',
  'citet',
  'Citet',
  'citealp',
  'Citealp',
  'citealt',
  'Citealt',
  'parencite',
  'Parencite',
  'textcite',
  'Textcite',
  'autocite',
  'Autocite',
  'smartcite',
  'Smartcite',
  'footcite',
  'Footcite',
  'footcitetext',
  'supercite',
  'fullcite',
  'footfullcite',
]);
/** biblatex's multicite forms: several key groups, each with its own notes. */
const MULTI_COMMANDS = new Set([
  'cites',
  'Cites',
  'parencites',
  'Parencites',
  'textcites',
  'Textcites',
  'autocites',
  'Autocites',
  'smartcites',
  'Smartcites',
  'footcites',
  'Footcites',
  'supercites',
]);

export interface RawKey {
  key: string;
  start: number;
  end: number;
  prefix: string;
  locator: string;
  suppressAuthor?: boolean;
}

export interface RawCitation {
  command: string;
  start: number;
  end: number;
  keys: RawKey[];
}

const COMMAND = /\\([A-Za-z]+)(\*?)/g;

export function latexCitations(masked: string, problems: { push(problem: ProblemAt): void }): RawCitation[] {
  const out: RawCitation[] = [];
  const brackets = new Brackets(masked);
  COMMAND.lastIndex = 0;
  for (let m = COMMAND.exec(masked); m; m = COMMAND.exec(masked)) {
    const name = m[1]!;
    const multi = MULTI_COMMANDS.has(name);
    if (!multi && !CLAIM_COMMANDS.has(name)) continue;
    const command = `\\${name}${m[2]}`;
    const parsed = multi ? multiGroups(masked, brackets, COMMAND.lastIndex) : oneGroup(masked, brackets, COMMAND.lastIndex);
    if ('problem' in parsed) {
      problems.push({ code: parsed.problem, offset: m.index, message: problemText(parsed.problem, command) });
      continue;
    }
    out.push({ command, start: m.index, end: parsed.end, keys: parsed.keys });
    COMMAND.lastIndex = parsed.end;
  }
  return out;
}

function problemText(code: ProblemAt['code'], command: string): string {
  return code === 'unbalanced-braces'
    ? `${command}'s { or [ is never closed in its paragraph: this citation is skipped; close the brace`
    : `${command} has no {key}: this citation is skipped; add the key in braces`;
}

type Parsed = { end: number; keys: RawKey[] } | { problem: 'unbalanced-braces' | 'citation-without-keys' };

function oneGroup(text: string, brackets: Brackets, from: number): Parsed {
  const notes: Array<[number, number]> = [];
  let i = skipSpace(text, from);
  while (text[i] === '[' && notes.length < 2) {
    const end = brackets.closing(i);
    if (end === -1) return { problem: 'unbalanced-braces' };
    notes.push([i + 1, end]);
    i = skipSpace(text, end + 1);
  }
  if (text[i] !== '{') return { problem: 'citation-without-keys' };
  const end = brackets.closing(i);
  if (end === -1) return { problem: 'unbalanced-braces' };
  const [prefix, locator] = notes.length === 2 ? [slice(text, notes[0]!), slice(text, notes[1]!)] : ['', notes[0] ? slice(text, notes[0]) : ''];
  return { end: end + 1, keys: splitKeys(text, i + 1, end, prefix, locator) };
}

function multiGroups(text: string, brackets: Brackets, from: number): Parsed {
  let i = skipSpace(text, from);
  // The whole list's pre- and postnote, in parentheses.
  for (let n = 0; n < 2 && text[i] === '('; n++) {
    const end = brackets.closing(i);
    if (end === -1) return { problem: 'unbalanced-braces' };
    i = skipSpace(text, end + 1);
  }
  const keys: RawKey[] = [];
  let end = i;
  for (;;) {
    const group = oneGroup(text, brackets, end);
    if ('problem' in group) {
      if (group.problem === 'citation-without-keys' && keys.length > 0) break;
      return group;
    }
    keys.push(...group.keys);
    end = group.end;
    const next = skipSpace(text, end);
    if (text[next] !== '[' && text[next] !== '{') break;
  }
  return { end, keys };
}

function slice(text: string, [start, end]: [number, number]): string {
  return text.slice(start, end).trim();
}

/** Spaces and at most one line break (a blank line ends the command). */
function skipSpace(text: string, i: number): number {
  let newlines = 0;
  while (i < text.length && /\s/.test(text[i]!)) {
    if (text[i] === '\n' && ++newlines > 1) break;
    i++;
  }
  return i;
}

function splitKeys(text: string, start: number, end: number, prefix: string, locator: string): RawKey[] {
  const keys: RawKey[] = [];
  const pattern = /[^,\s]+/g;
  const list = text.slice(start, end);
  for (let m = pattern.exec(list); m; m = pattern.exec(list))
    keys.push({ key: m[0], start: start + m.index, end: start + m.index + m[0].length, prefix: '', locator: '' });
  // natbib and biblatex print the prenote before the list and the postnote after it.
  if (keys.length > 0) {
    keys[0]!.prefix = prefix;
    keys[keys.length - 1]!.locator = locator;
  }
  return keys;
}
