/**
 * Reads a BibTeX / BibLaTeX file into entries with @retorquere/bibtex-parser (the parser Better
 * BibTeX uses: LaTeX accents, `@string`, case protection, name lists). The file is cut into
 * entries at each `@type{` that starts a line and each entry is parsed on its own, so that:
 * - one broken entry (unbalanced braces) costs that entry, not every entry after it, and is
 *   reported with its file and line;
 * - parsing stays linear in the file's size (the parser's own whole-file run grows faster), and an
 *   editor can yield between entries;
 * - an unchanged entry is not parsed again (entries are memoised by their text).
 * Duplicate keys keep the first entry (as biber does) and report the others.
 */
import type { Author } from '../record';
import { normalizeArxiv, normalizeDoi } from '../identifiers';
import type { BibEntry } from './entry';
import { filesOfField } from './fileField';
import { lineCounter } from '../../text/lines';

type Parser = typeof import('@retorquere/bibtex-parser');
type ParsedEntry = import('@retorquere/bibtex-parser').Entry;
type Creator = import('@retorquere/bibtex-parser').Creator;

let parser: Promise<Parser> | undefined;
/** Loaded on first use: about 1 MB of code that a session without a .bib never needs. */
function loadParser(): Promise<Parser> {
  parser ??= import('@retorquere/bibtex-parser');
  return parser;
}

/** Something in a bib file that was left out, said once with its place. */
export interface BibProblem {
  bibFile: string;
  line: number;
  message: string;
}

export interface ParsedBib {
  entries: BibEntry[];
  problems: BibProblem[];
}

/** One `@type{…}` block of the file, with its 1-based first line. */
interface Block {
  type: string;
  text: string;
  line: number;
}

const BLOCK_START = /^[ \t]*@([A-Za-z]+)[ \t]*[{(]/gm;

function blocksOf(text: string): Block[] {
  const starts = [...text.matchAll(BLOCK_START)];
  const lineAt = lineCounter(text);
  return starts.map((match, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.index! : text.length;
    return { type: match[1]!.toLowerCase(), text: text.slice(match.index!, end), line: lineAt(match.index!) };
  });
}

/** Parsed entries by their exact text and the strings they were parsed with. */
const memo = new Map<string, { entry: ParsedEntry | null; error?: string }>();
const MEMO_LIMIT = 50_000;

export interface ParseBibOptions {
  /** Called between entries about every 20 ms, so a long file never holds an editor's thread. */
  yieldNow?: () => Promise<void>;
  signal?: AbortSignal;
}

export async function parseBibText(text: string, bibFile: string, options: ParseBibOptions = {}): Promise<ParsedBib> {
  const { parse } = await loadParser();
  const problems: BibProblem[] = [];
  const blocks = blocksOf(text);
  const strings: Record<string, string> = {};
  for (const block of blocks.filter((b) => b.type === 'string')) {
    try {
      Object.assign(strings, parse(block.text, { sentenceCase: false }).strings);
    } catch (error) {
      problems.push({ bibFile, line: block.line, message: `@string cannot be read: ${describe(error)}` });
    }
  }
  const stringsKey = JSON.stringify(strings);
  const parsed: Array<{ entry: ParsedEntry; line: number }> = [];
  let lastYield = performance.now();
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type === 'string' || block.type === 'comment' || block.type === 'preamble') continue;
    options.signal?.throwIfAborted();
    let result = parseBlock(parse, block.text, strings, stringsKey);
    // A line inside a field that starts with `@` cut one entry in two: both halves fail alone.
    const next = blocks[i + 1];
    if (!result.entry && next && !['string', 'comment', 'preamble'].includes(next.type)) {
      const joined = parseBlock(parse, block.text + next.text, strings, stringsKey);
      if (joined.entry) {
        result = joined;
        i++;
      }
    }
    if (result.entry) parsed.push({ entry: result.entry, line: block.line });
    else problems.push({ bibFile, line: block.line, message: `${entryName(block.text)} cannot be read (${result.error ?? 'not an entry'}): left out` });
    if (options.yieldNow && performance.now() - lastYield > 20) {
      await options.yieldNow();
      lastYield = performance.now();
    }
  }
  const entries: BibEntry[] = [];
  const seen = new Map<string, number>();
  for (const { entry, line } of parsed) {
    const first = seen.get(entry.key.toLowerCase());
    if (first !== undefined) {
      problems.push({ bibFile, line, message: `duplicate key ${entry.key} (first at line ${first}): this entry is left out` });
      continue;
    }
    seen.set(entry.key.toLowerCase(), line);
    entries.push(toBibEntry(entry, bibFile, line));
  }
  return { entries: applyCrossrefs(entries, problems), problems };
}

function parseBlock(parse: Parser['parse'], text: string, strings: Record<string, string>, stringsKey: string): { entry: ParsedEntry | null; error?: string } {
  const key = `${stringsKey}\u0000${text}`;
  const known = memo.get(key);
  if (known) return known;
  let result: { entry: ParsedEntry | null; error?: string };
  try {
    const library = parse(text, { sentenceCase: false, strings });
    const entry = library.entries.length === 1 ? library.entries[0]! : null;
    // An entry the parser had to repair (its braces did not close) is not trusted: its fields
    // may have swallowed the next ones ("title = {A, author = {B}}").
    const error = library.errors[0]?.error ?? (entry ? undefined : `${library.entries.length} entries in one block`);
    result = error || !entry?.key ? { entry: null, error: error ?? 'no key' } : { entry };
  } catch (error) {
    result = { entry: null, error: describe(error) };
  }
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, result);
  return result;
}

function entryName(text: string): string {
  const head = /@([A-Za-z]+)\s*[{(]\s*([^,\s]*)/.exec(text);
  return head ? `@${head[1]}{${head[2]}` : 'an entry';
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}

function toAuthors(creators: Creator[] | undefined): Author[] | undefined {
  const authors = (creators ?? [])
    .map((c): Author => {
      if (c.name) return { family: c.name.trim().normalize('NFC'), given: '' };
      const family = [c.prefix, c.lastName].filter(Boolean).join(' ').trim().normalize('NFC');
      const given = [c.firstName, c.suffix].filter(Boolean).join(' ').trim().normalize('NFC');
      return { family, given };
    })
    .filter((a) => a.family);
  return authors.length > 0 ? authors : undefined;
}

function yearOf(fields: Record<string, unknown>): number | undefined {
  for (const name of ['year', 'date']) {
    const value = fields[name];
    const match = typeof value === 'string' ? /\b(1[5-9]\d\d|20\d\d)\b/.exec(value) : null;
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The parser marks up what LaTeX emphasised or protected (`<i>`, `<sup>`, `<span class="nocase">`): a record holds plain text. */
const MARKUP = /<\/?(?:i|b|sup|sub|sc|span|nc|ncx)(?:\s[^>]*)?>/g;

function text(value: unknown): string | undefined {
  if (Array.isArray(value)) value = value.join(', ');
  if (typeof value !== 'string') return undefined;
  // The parser spells accents as combining marks ("e" + U+0301): composed, they compare and show as typed.
  const cleaned = value.replace(MARKUP, '').replace(/\s+/g, ' ').trim().normalize('NFC');
  return cleaned || undefined;
}

function venueOf(type: string, f: Record<string, unknown>): string | undefined {
  const venue = text(f.journal) ?? text(f.journaltitle) ?? text(f.booktitle) ?? text(f.series);
  if (venue) return venue;
  if (type === 'techreport' || type === 'report') return text(f.institution);
  if (type.endsWith('thesis')) return text(f.school) ?? text(f.institution);
  return undefined;
}

function arxivOf(type: string, f: Record<string, unknown>): string | undefined {
  const kind = (text(f.eprinttype) ?? text(f.archiveprefix) ?? '').toLowerCase();
  if (kind === 'arxiv') return normalizeArxiv(text(f.eprint));
  for (const name of ['url', 'journal', 'note', 'howpublished']) {
    const value = text(f[name]);
    if (value && /arxiv/i.test(value)) {
      const id = normalizeArxiv(value.replace(/^.*?arxiv[.:/\s]*(?:org\/abs\/)?/i, ''));
      if (id) return id;
    }
  }
  return type === 'misc' && /^\d{4}\.\d{4,5}/.test(text(f.eprint) ?? '') ? normalizeArxiv(text(f.eprint)) : undefined;
}

function toBibEntry(entry: ParsedEntry, bibFile: string, line: number): BibEntry {
  const f = entry.fields as Record<string, unknown>;
  const type = entry.type.toLowerCase();
  const result: BibEntry = { key: entry.key, type, bibFile, line, files: filesOfField(typeof f.file === 'string' ? f.file : undefined) };
  const title = text(f.title);
  if (title) result.title = title;
  const authors = toAuthors(entry.fields.author);
  if (authors) result.authors = authors;
  const editors = toAuthors(entry.fields.editor);
  if (editors) result.editors = editors;
  const year = yearOf(f);
  if (year) result.year = year;
  const venue = venueOf(type, f);
  if (venue) result.venue = venue;
  const doi = normalizeDoi(text(f.doi)) ?? normalizeDoi(text(f.url)?.includes('doi.org') ? text(f.url) : undefined);
  if (doi) result.doi = doi;
  const arxiv = arxivOf(type, f);
  if (arxiv) result.arxiv = arxiv;
  const crossref = text(f.crossref);
  if (crossref) result.crossref = crossref;
  return result;
}

/**
 * BibLaTeX's inheritance for what a record uses: a child without a year, venue or editors takes
 * the parent's (an `@inproceedings` takes its `@proceedings`' title as its venue).
 */
function applyCrossrefs(entries: BibEntry[], problems: BibProblem[]): BibEntry[] {
  const byKey = new Map(entries.map((e) => [e.key.toLowerCase(), e]));
  return entries.map((entry) => {
    if (!entry.crossref) return entry;
    const parent = byKey.get(entry.crossref.toLowerCase());
    if (!parent) {
      problems.push({ bibFile: entry.bibFile, line: entry.line, message: `${entry.key}: crossref ${entry.crossref} is not in this file` });
      return entry;
    }
    return {
      ...entry,
      year: entry.year ?? parent.year,
      venue: entry.venue ?? parent.title ?? parent.venue,
      editors: entry.editors ?? parent.editors,
      authors: entry.authors ?? (parent.type === 'book' || parent.type === 'mvbook' ? parent.authors : undefined),
    };
  });
}
