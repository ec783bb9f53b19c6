/**
 * A BibTeX entry for a paper of the library that the user's bib lacks, from its record
 * (src/core/papers/record.ts), written the way the user writes theirs (./bibStyle.ts) and keyed
 * the way their keys look (./keyPattern.ts), unique among them. Never a duplicate: when the bib
 * already has the paper (same DOI, or the same title and year), the answer is that entry's key.
 * Pure: the caller offers `text` as an edit to the bibliography (setup/documentSetup.ts target).
 */
import type { Author, PaperRecord } from '../../papers/record';
import { titleSimilarity } from '../../papers/normalize';
import type { BibEntryFacts } from './bibScan';
import { bibStyleOf, type BibStyle } from './bibStyle';
import { inferKeyPattern, keyFor, uniqueKey } from './keyPattern';
import { fromLatex, toLatex } from './latexText';

export type BibEntryResult =
  /** The bib has this paper already: cite it by its key. */
  | { kind: 'existing'; key: string; line: number; matchedBy: 'doi' | 'title' }
  /** A new entry: append `text` to the bibliography. */
  | { kind: 'new'; key: string; text: string }
  /** The record has no title: nothing to write an entry from. */
  | { kind: 'no-title'; path: string };

export interface GenerateOptions {
  /** The PDF's path relative to the bib file's folder, for a `file` field when the user's entries have them. */
  pdfFromBib?: string;
  /** The key to give the entry when no entry of this bib has it: the user's key for the paper in another of their bib files. */
  preferredKey?: string;
}

/** Titles at least this alike (after case, accent and punctuation folding) name the same paper. */
const SAME_TITLE = 0.95;

export function bibEntryFor(record: PaperRecord, entries: readonly BibEntryFacts[], options: GenerateOptions = {}): BibEntryResult {
  const existing = sameWork(record, entries);
  if (existing) return existing;
  const title = record.title?.value;
  if (!title) return { kind: 'no-title', path: record.path };
  const style = bibStyleOf(entries);
  const pattern = inferKeyPattern(entries.map((e) => ({ key: e.key, ...keyPartsOf(e) })));
  const authors = record.authors?.value ?? [];
  const year = record.year?.value ?? null;
  const taken = new Set(entries.map((e) => e.key.toLowerCase()));
  const preferred = options.preferredKey && !taken.has(options.preferredKey.toLowerCase()) ? options.preferredKey : null;
  const key = preferred ?? uniqueKey(keyFor({ family: authors[0]?.family ?? null, year, title }, pattern) || 'paper', new Set(entries.map((e) => e.key)));
  const { type, venueField } = entryType(record);
  const fields: Array<[string, string]> = [];
  if (authors.length > 0) fields.push(['author', authors.map(authorText).join(' and ')]);
  fields.push(['title', titleText(title, style)]);
  if (venueField) fields.push([venueField, toLatex(record.venue!.value)]);
  if (year !== null) fields.push(['year', String(year)]);
  if (record.doi) fields.push(['doi', record.doi.value]);
  if (record.arxiv) fields.push(['eprint', record.arxiv.value], ['archiveprefix', 'arXiv']);
  if (style.linksFiles && options.pdfFromBib) fields.push(['file', `:${options.pdfFromBib}:PDF`]);
  return { kind: 'new', key, text: entryText(type, key, fields, style) };
}

/** The user's entry for this paper, by DOI or by title (and year, when both have one). */
function sameWork(record: PaperRecord, entries: readonly BibEntryFacts[]): BibEntryResult | null {
  const doi = record.doi?.value.toLowerCase();
  if (doi) {
    const byDoi = entries.find((e) => e.fields.doi && normalDoi(e.fields.doi) === doi);
    if (byDoi) return { kind: 'existing', key: byDoi.key, line: byDoi.line, matchedBy: 'doi' };
  }
  const title = record.title?.value;
  if (!title) return null;
  const year = record.year?.value;
  const byTitle = entries.find((e) => {
    if (!e.fields.title || titleSimilarity(fromLatex(e.fields.title), title) < SAME_TITLE) return false;
    const theirs = Number.parseInt(e.fields.year ?? '', 10);
    return year === undefined || Number.isNaN(theirs) || Math.abs(theirs - year) <= 1;
  });
  return byTitle ? { kind: 'existing', key: byTitle.key, line: byTitle.line, matchedBy: 'title' } : null;
}

function normalDoi(raw: string): string {
  return fromLatex(raw)
    .trim()
    .toLowerCase()
    .replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/, '');
}

/** What an existing entry's key could have been built from. */
function keyPartsOf(entry: BibEntryFacts): { family: string | null; year: string | null; title: string | null } {
  const firstAuthor = entry.fields.author ? fromLatex(entry.fields.author.split(/\s+and\s+/)[0]!) : '';
  const family = firstAuthor.includes(',') ? firstAuthor.split(',')[0]!.trim() : (firstAuthor.split(/\s+/).pop() ?? '');
  const year = /\d{4}/.exec(entry.fields.year ?? entry.fields.date ?? '')?.[0] ?? null;
  return { family: family || null, year, title: entry.fields.title ? fromLatex(entry.fields.title) : null };
}

function authorText(author: Author): string {
  return author.given ? `${toLatex(author.family)}, ${toLatex(author.given)}` : toLatex(author.family);
}

/** The title in LaTeX; where the user protects case, words a style must not lower-case (`R`, `GMM`, `RcppEigen`) in braces. */
function titleText(title: string, style: BibStyle): string {
  if (!style.protectsCase) return toLatex(title);
  return title
    .split(/(\s+)/)
    .map((word, i) => {
      const latex = toLatex(word);
      const core = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+]+$/gu, '');
      const protect = (i > 0 && /^\p{Lu}$/u.test(core)) || /^.+\p{Lu}/u.test(core);
      return protect ? latex.replace(toLatex(core), `{${toLatex(core)}}`) : latex;
    })
    .join('');
}

/** The entry type and the field that names the venue, from the venue's words. */
function entryType(record: PaperRecord): { type: string; venueField: string | null } {
  const venue = record.venue?.value ?? '';
  if (venue === '') return { type: 'misc', venueField: null };
  if (/proceedings|conference|workshop|symposium|\bproc\./i.test(venue)) return { type: 'inproceedings', venueField: 'booktitle' };
  if (/thesis|dissertation/i.test(venue)) return { type: /master/i.test(venue) ? 'mastersthesis' : 'phdthesis', venueField: 'school' };
  if (/technical report|working paper|discussion paper|research report/i.test(venue)) return { type: 'techreport', venueField: 'institution' };
  if (/journal|transactions|review|letters|annals|statistician|biometri|news|magazine|quarterly|bulletin|acta|archives/i.test(venue)) {
    return { type: 'article', venueField: 'journal' };
  }
  return { type: 'misc', venueField: 'howpublished' };
}

function entryText(type: string, key: string, fields: Array<[string, string]>, style: BibStyle): string {
  const typeWord = style.typeCase === 'upper' ? type.toUpperCase() : style.typeCase === 'capitalized' ? type[0]!.toUpperCase() + type.slice(1) : type;
  const width = style.alignWidth > 0 ? Math.max(style.alignWidth, ...fields.map(([name]) => name.length)) : 0;
  const [open, close] = style.delimiter === 'quotes' ? ['"', '"'] : ['{', '}'];
  const lines = fields.map(([name, value]) => `${style.indent}${name.padEnd(width)} = ${open}${value}${close}`);
  return `@${typeWord}{${key},\n${lines.join(',\n')}${style.trailingComma ? ',' : ''}\n}\n`;
}

/** The bib's text with the entry appended after one blank line. */
export function withEntry(bibText: string, entryText: string): string {
  const trimmed = bibText.replace(/\s*$/, '');
  return trimmed === '' ? entryText : `${trimmed}\n\n${entryText}`;
}
