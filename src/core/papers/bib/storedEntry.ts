/**
 * A parsed bib entry (the parser's, or ./plainEntry.ts's) as the library keeps it: the fields a
 * record takes, as plain text (the parser's emphasis and case markup dropped, accents composed).
 */
import type { Author } from '../record';
import { normalizeArxiv, normalizeDoi } from '../identifiers';
import type { BibEntry } from './entry';
import { filesOfField } from './fileField';

type ParsedEntry = import('@retorquere/bibtex-parser').Entry;
type Creator = import('@retorquere/bibtex-parser').Creator;

/** An entry as a block gives it, before its place (file, line) is known. */
export type StoredEntry = Omit<BibEntry, 'bibFile' | 'line'>;

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

export function toStoredEntry(entry: ParsedEntry): StoredEntry {
  const f = entry.fields as Record<string, unknown>;
  const type = entry.type.toLowerCase();
  const result: StoredEntry = { key: entry.key, type, files: filesOfField(typeof f.file === 'string' ? f.file : undefined) };
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
