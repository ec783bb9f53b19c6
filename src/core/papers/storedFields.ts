/**
 * The `paper_fields` rows as records read them: every field checked for its shape (the table is
 * data a damaged or foreign index could fill with anything), a row that fails left out.
 */
import type { Author, Field, FieldSource, PaperFields } from './record';

const SOURCES: readonly FieldSource[] = ['bib', 'pdf-metadata', 'page-text', 'model'];

/** The fields of one stored row that have the right shape; the rest are dropped. */
export function checkedFields(raw: Record<string, unknown>): PaperFields {
  const fields: PaperFields = {};
  const text = (name: 'title' | 'venue' | 'doi' | 'arxiv' | 'citekey') => {
    const field = fieldOf(raw[name], (v): v is string => typeof v === 'string' && v.trim() !== '');
    if (field) fields[name] = field;
  };
  text('title');
  text('venue');
  text('doi');
  text('arxiv');
  text('citekey');
  const year = fieldOf(raw.year, (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1500 && v <= 2100);
  if (year) fields.year = year;
  const authors = fieldOf(raw.authors, (v): v is Author[] => Array.isArray(v) && v.length > 0 && v.every(isAuthor));
  if (authors) fields.authors = authors;
  return fields;
}

function isAuthor(value: unknown): value is Author {
  const a = value as Author;
  return typeof a === 'object' && a !== null && typeof a.family === 'string' && a.family.trim() !== '' && typeof a.given === 'string';
}

function fieldOf<T>(raw: unknown, valid: (value: unknown) => value is T): Field<T> | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const f = raw as Partial<Field<unknown>>;
  if (!valid(f.value) || !SOURCES.includes(f.source as FieldSource) || typeof f.confidence !== 'number') return undefined;
  return { value: f.value, source: f.source as FieldSource, confidence: f.confidence, ...(typeof f.from === 'string' ? { from: f.from } : {}) };
}

/** Reads every stored row of an index's paper fields; an index without the table has none. */
export async function readPaperFields(store: StoredRows): Promise<Map<string, PaperFields>> {
  const rows = await store.paperFields.readAll();
  return new Map(rows.map((row) => [row.path, checkedFields(row.fields)]));
}

/** What one PDF says of itself: its fields and its page labels (what a reader calls each page). */
export interface StoredPaper {
  fields: PaperFields;
  /** One label per physical page, or null when the PDF defines none. */
  pageLabels: string[] | null;
}

/** Every stored row with its page labels; labels that are not one string per page are dropped. */
export async function readStoredPapers(store: StoredRows): Promise<Map<string, StoredPaper>> {
  const rows = await store.paperFields.readAll();
  return new Map(
    rows.map((row) => [
      row.path,
      {
        fields: checkedFields(row.fields),
        pageLabels: Array.isArray(row.pageLabels) && row.pageLabels.every((l) => typeof l === 'string') ? row.pageLabels : null,
      },
    ]),
  );
}

interface StoredRows {
  paperFields: { readAll(): Promise<Array<{ path: string; fields: Record<string, unknown>; pageLabels?: string[] | null }>> };
}
