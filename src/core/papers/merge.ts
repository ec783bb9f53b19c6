/**
 * One document's record from what its PDF says and the bib entry that describes it: every field
 * the bib has wins (the user's own bibliography, confidence 1), the PDF's fill the rest.
 */
import type { BibEntry } from './bib/entry';
import type { Field, PaperFields, PaperRecord } from './record';

export function mergeRecord(path: string, pdf: PaperFields | null, entry: BibEntry | undefined): PaperRecord {
  const record: PaperRecord = { path, ...(pdf ?? {}) };
  if (!entry) return record;
  const from = `${entry.bibFile}:${entry.line}`;
  const bib = <T>(value: T): Field<T> => ({ value, source: 'bib', confidence: 1, from });
  if (entry.title) record.title = bib(entry.title);
  const people = entry.authors ?? entry.editors;
  if (people) record.authors = bib(people);
  if (entry.year) record.year = bib(entry.year);
  if (entry.venue) record.venue = bib(entry.venue);
  if (entry.doi) record.doi = bib(entry.doi);
  if (entry.arxiv) record.arxiv = bib(entry.arxiv);
  record.citekey = bib(entry.key);
  return record;
}

/** A record built from a bib entry alone (an entry whose PDF is not in the folder). */
export function recordOfEntry(entry: BibEntry): PaperRecord {
  return mergeRecord(entry.files[0] ?? '', null, entry);
}

/** True when the record can name the paper (a title or authors). */
export function namesAPaper(record: PaperFields): boolean {
  return Boolean(record.title || record.authors?.value.length);
}
