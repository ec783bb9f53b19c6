/**
 * A table of one row per document path, beside the chunks: what a pass of the index run reads of
 * each document and keeps (paper fields, reference lists). Created on first write; a reader that
 * finds none looks again after a while (a run may be adding it). Each commit is followed by the
 * checksum record (store.ts).
 */
import type { Connection, Table } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { sqlInBatches } from '../sql';

/** How long a reader that found no table waits before looking for it again (a run may be adding it). */
const RECHECK_MS = 10_000;

export interface PathTableHost {
  existing(names: string[]): Promise<string[]>;
  assertWritable(): void;
  /** After each commit: the checksum record follows the version it describes (store.ts). */
  committed(): Promise<void>;
}

export class PathRowTable<Stored extends { path: string }> {
  private table: Table | null = null;
  private lookedAt = -Infinity;
  private looking: Promise<Table | null> | null = null;

  constructor(
    private readonly db: Connection,
    private readonly store: PathTableHost,
    private readonly name: string,
    private readonly schema: () => Schema,
  ) {}

  /** The table, or null when there is none (yet); `create` makes it. */
  async handle(create = false): Promise<Table | null> {
    if (this.table) return this.table;
    // A look already under way answers the readers that come meanwhile (else they would find "no table" while it opens).
    if (this.looking) {
      const found = await this.looking;
      if (found || !create) return found;
    }
    if (!create && performance.now() - this.lookedAt < RECHECK_MS) return null;
    this.lookedAt = performance.now();
    const look = this.look(create);
    this.looking = look;
    try {
      return await look;
    } finally {
      if (this.looking === look) this.looking = null;
    }
  }

  private async look(create: boolean): Promise<Table | null> {
    if ((await this.store.existing([this.name])).includes(this.name)) this.table = await this.db.openTable(this.name);
    else if (create) this.table = await this.db.createEmptyTable(this.name, this.schema());
    return this.table;
  }

  /** Every stored row as LanceDB gives it (the caller checks each one's shape). */
  protected async storedRows(where?: string): Promise<Stored[]> {
    const table = await this.handle();
    if (!table) return [];
    const query = table.query();
    return (await (where ? query.where(where) : query).toArray()) as Stored[];
  }

  /** Writes rows, replacing those of the same paths, in one commit. */
  protected async upsertStored(rows: Stored[]): Promise<void> {
    this.store.assertWritable();
    if (rows.length === 0) return;
    const table = (await this.handle(true))!;
    await table
      .mergeInsert('path')
      .whenMatchedUpdateAll()
      .whenNotMatchedInsertAll()
      .execute(rows as unknown as Record<string, unknown>[]);
    await this.store.committed();
  }

  async delete(paths: string[]): Promise<void> {
    this.store.assertWritable();
    const table = paths.length > 0 ? await this.handle() : null;
    if (!table) return;
    for (const filter of sqlInBatches('path', paths)) await table.delete(filter);
    await this.store.committed();
  }

  /**
   * Compacts the table after a run wrote to it. The run holds the writer lock, so the fragments
   * just compacted away may be deleted at once.
   */
  async optimize(): Promise<void> {
    this.store.assertWritable();
    const table = await this.handle();
    if (!table) return;
    await table.optimize();
    await table.optimize({ cleanupOlderThan: new Date(), deleteUnverified: true });
    await this.store.committed();
  }

  close(): void {
    this.table?.close();
  }
}
