/** A record as citations name it (../citations/citationLabel.ts PaperRef): short authors, year, title, key. */
import type { PaperRef } from '../citations/citationLabel';
import type { Author, PaperFields } from './record';

/** "Chaussé", "Hyndman & Khandakar", "Bates et al.": the family names a reader cites. */
export function citedAuthors(authors: readonly Author[] | undefined): string {
  const families = (authors ?? []).map((a) => a.family).filter(Boolean);
  if (families.length === 0) return '';
  if (families.length === 1) return families[0]!;
  if (families.length === 2) return `${families[0]} & ${families[1]}`;
  return `${families[0]} et al.`;
}

/** The reference of a record, or undefined when it names no paper (no title, no authors). */
export function paperRefOf(record: PaperFields | undefined): PaperRef | undefined {
  if (!record || (!record.title && !record.authors?.value.length)) return undefined;
  const ref: PaperRef = { authors: citedAuthors(record.authors?.value), year: record.year?.value ?? null };
  if (record.title) ref.title = record.title.value;
  if (record.citekey) ref.citekey = record.citekey.value;
  if ((record as { retracted?: boolean }).retracted) ref.retracted = true;
  return ref;
}
