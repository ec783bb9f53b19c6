/**
 * The `paper_references` table: each PDF's reference list and in-text citations
 * (src/core/papers/references), read by an index run from the PDF's layout. One row per document
 * path, stamped with the document's content hash and the version of the rules that read it: a
 * changed file or better rules mean the row is read again (the PDF's text layout and the OCR
 * cache's words, never OCR or embeddings). Links to the library are not stored: they are made
 * when the library is read, so adding a paper links the entries that cite it at once.
 */
import type { Connection } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { arrow } from './arrow';
import { PathRowTable, type PathTableHost } from './pathRowTable';
import { sqlEquals } from '../sql';

export const PAPER_REFERENCES_TABLE = 'paper_references';

export function paperReferencesSchema(): Schema {
  const { Field, Int32, Schema, Utf8 } = arrow();
  return new Schema([
    new Field('path', new Utf8(), false),
    /** Content hash of the document the row was read from. */
    new Field('doc_hash', new Utf8(), false),
    /** The rules' version (REFERENCES_VERSION) that read it. */
    new Field('version', new Int32(), false),
    /** The references as JSON (src/core/papers/references/types.ts PaperReferences). */
    new Field('references', new Utf8(), false),
  ]);
}

/** One document's row; `references` is kept opaque here: src/core/papers/references checks it when it reads it. */
export interface PaperReferenceRow {
  path: string;
  docHash: string;
  version: number;
  references: unknown;
}

type StoredRow = { path: string; doc_hash: string; version: number; references: string };

export class PaperReferenceTable extends PathRowTable<StoredRow> {
  constructor(db: Connection, store: PathTableHost) {
    super(db, store, PAPER_REFERENCES_TABLE, paperReferencesSchema);
  }

  /** Every row (or one path's); a row whose JSON does not parse is left out (the next run reads its document again). */
  async readAll(path?: string): Promise<PaperReferenceRow[]> {
    const rows = await this.storedRows(path === undefined ? undefined : sqlEquals('path', path));
    return rows.flatMap((row) => {
      try {
        return [{ path: row.path, docHash: row.doc_hash, version: row.version, references: JSON.parse(row.references) as unknown }];
      } catch {
        return [];
      }
    });
  }

  /** The stamps alone (path, hash, version): what a run compares, without parsing every list. */
  async stamps(): Promise<Array<Omit<PaperReferenceRow, 'references'>>> {
    const table = await this.handle();
    if (!table) return [];
    const rows = (await table.query().select(['path', 'doc_hash', 'version']).toArray()) as Array<Omit<StoredRow, 'references'>>;
    return rows.map((row) => ({ path: row.path, docHash: row.doc_hash, version: row.version }));
  }

  async upsert(rows: PaperReferenceRow[]): Promise<void> {
    await this.upsertStored(rows.map((row) => ({ path: row.path, doc_hash: row.docHash, version: row.version, references: JSON.stringify(row.references) })));
  }
}
