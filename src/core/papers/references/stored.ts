/**
 * A paper's references as stored in the index, checked for their shape before use: the table is
 * data a damaged or foreign index could fill with anything. An entry or mention that fails is
 * dropped; a row that is not a reference list at all reads as none.
 */
import type { Author } from '../record';
import type { Box, CitationMention, PaperReferences, ReferenceEntry } from './types';

const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const optionalString = (v: unknown) => (str(v) ? v : undefined);

export function checkedReferences(raw: unknown): PaperReferences | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!int(r.version) || !Array.isArray(r.entries) || !Array.isArray(r.mentions)) return null;
  const entries = r.entries.flatMap((e) => {
    const entry = checkedEntry(e);
    return entry ? [entry] : [];
  });
  const indexes = new Set(entries.map((e) => e.index));
  const mentions = r.mentions.flatMap((m) => {
    const mention = checkedMention(m);
    return mention && indexes.has(mention.entry) ? [mention] : [];
  });
  const s = r.section as Record<string, unknown> | null | undefined;
  const section = s && str(s.heading) && int(s.firstPage) && int(s.lastPage) ? { heading: s.heading, firstPage: s.firstPage, lastPage: s.lastPage } : null;
  return { version: r.version, section, entries, mentions, limits: Array.isArray(r.limits) ? r.limits.filter(str) : [] };
}

function checkedEntry(raw: unknown): ReferenceEntry | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as Record<string, unknown>;
  if (!int(e.index) || !int(e.page) || !str(e.raw) || !Array.isArray(e.authors)) return null;
  const authors = e.authors.filter((a): a is Author => typeof a === 'object' && a !== null && str((a as Author).family) && str((a as Author).given));
  const entry: ReferenceEntry = {
    index: e.index,
    authors: authors.map((a) => ({ family: a.family, given: a.given })),
    year: str(e.year) ? e.year : null,
    title: str(e.title) ? e.title : null,
    venue: str(e.venue) ? e.venue : null,
    raw: e.raw,
    page: e.page,
  };
  for (const key of ['label', 'volume', 'issue', 'pages', 'doi', 'arxiv', 'url'] as const) {
    const value = optionalString(e[key]);
    if (value !== undefined) entry[key] = value;
  }
  if (e.etAl === true) entry.etAl = true;
  return entry;
}

function checkedMention(raw: unknown): CitationMention | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  if (!int(m.page) || !int(m.entry) || !str(m.text) || !str(m.sentence) || !Array.isArray(m.boxes)) return null;
  const boxes = m.boxes.filter((b): b is Box => Array.isArray(b) && b.length === 4 && b.every((v) => typeof v === 'number' && Number.isFinite(v)));
  return { page: m.page, text: m.text, boxes, entry: m.entry, sentence: m.sentence, ...(str(m.citedPage) ? { citedPage: m.citedPage } : {}) };
}
