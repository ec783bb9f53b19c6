/**
 * The `paper_fields` table: what each PDF says about the paper it is (title, authors, year, …:
 * src/core/papers/pdf), read from its Info dictionary, XMP and first pages by an index run, and
 * its page labels. One row per document path, stamped with the document's content hash and the
 * version of the rules that read it: a changed file or better rules mean the row is read again
 * (page 1 and the metadata only, never the whole text, OCR or embeddings).
 *
 * The user's bib files are not stored here: they are read when the records are (../papers), so
 * editing a .bib takes effect without an index run. Older indexes have no table; their next run
 * adds it (the meta file's `paperFields` says when it is complete).
 */
import type { Connection } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { arrow } from './arrow';
import { PathRowTable, type PathTableHost } from './pathRowTable';

export const PAPER_FIELDS_TABLE = 'paper_fields';

export function paperFieldsSchema(): Schema {
  const { Field, Int32, Schema, Utf8 } = arrow();
  return new Schema([
    new Field('path', new Utf8(), false),
    /** Content hash of the document the row was read from. */
    new Field('doc_hash', new Utf8(), false),
    /** The rules' version (PDF_RECORD_VERSION) that read it. */
    new Field('version', new Int32(), false),
    /** The fields as JSON (src/core/papers/record.ts PaperFields); `{}` when nothing was found. */
    new Field('fields', new Utf8(), false),
    /** The PDF's page labels as a JSON array, one per physical page; null when it has none. */
    new Field('page_labels', new Utf8(), true),
  ]);
}

/** One document's row. `fields` is kept opaque here: src/core/papers validates it when it reads it. */
export interface PaperFieldRow {
  path: string;
  docHash: string;
  version: number;
  fields: Record<string, unknown>;
  pageLabels: string[] | null;
}

type StoredRow = {
  path: string;
  doc_hash: string;
  version: number;
  fields: string;
  page_labels: string | null;
};

export class PaperFieldTable extends PathRowTable<StoredRow> {
  constructor(db: Connection, store: PathTableHost) {
    super(db, store, PAPER_FIELDS_TABLE, paperFieldsSchema);
  }

  /** Every row; a row whose JSON does not parse is left out (its document is read again by the next run). */
  async readAll(): Promise<PaperFieldRow[]> {
    const rows = await this.storedRows();
    return rows.flatMap((row) => {
      try {
        const fields = JSON.parse(row.fields) as unknown;
        const labels = row.page_labels ? (JSON.parse(row.page_labels) as unknown) : null;
        if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return [];
        return [
          {
            path: row.path,
            docHash: row.doc_hash,
            version: row.version,
            fields: fields as Record<string, unknown>,
            pageLabels: Array.isArray(labels) && labels.every((l) => typeof l === 'string') ? labels : null,
          },
        ];
      } catch {
        return [];
      }
    });
  }

  /** Writes rows, replacing those of the same paths, in one commit. */
  async upsert(rows: PaperFieldRow[]): Promise<void> {
    await this.upsertStored(
      rows.map((row) => ({
        path: row.path,
        doc_hash: row.docHash,
        version: row.version,
        fields: JSON.stringify(row.fields),
        page_labels: row.pageLabels ? JSON.stringify(row.pageLabels) : null,
      })),
    );
  }
}
