/**
 * The SQLite engine the library readers use: sql.js, SQLite compiled to WebAssembly, from the npm
 * registry alone. Chosen because it runs unchanged wherever the product does (Node 20 for the CLI,
 * the extension host's Node in code-server, Electron's Node in VS Code): a native addon such as
 * better-sqlite3 needs a build per Node ABI and platform (a prebuilt binary fetched at install, or
 * a compiler), and `node:sqlite` is missing from Node 20. sql.js opens a database from bytes in
 * memory, never from the file: nothing is ever written beside the user's database (no lock, no
 * journal, no `-shm`), and the snapshot (snapshot.ts) decides what those bytes are.
 *
 * The WebAssembly is the package's inlined build, so the bundles carry it and nothing is looked
 * up on disk when the engine starts (~150 ms, once per process).
 */
import initSqlJs from 'sql.js/dist/sql-wasm-inline.js';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';

let engine: Promise<SqlJsStatic> | undefined;

/** The engine, started on first use and shared. */
export function sqlite(): Promise<SqlJsStatic> {
  engine ??= initSqlJs();
  return engine;
}

export type { Database, SqlValue };
export type Row = Record<string, SqlValue>;

/** Every row of a query, as objects keyed by column name. */
export function rows(db: Database, sql: string, params: SqlValue[] = []): Row[] {
  const statement = db.prepare(sql);
  try {
    statement.bind(params);
    const out: Row[] = [];
    while (statement.step()) out.push(statement.getAsObject());
    return out;
  } finally {
    statement.free();
  }
}

/** The names of a database's tables. */
export function tableNames(db: Database): Set<string> {
  return new Set(rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)));
}

/** The columns of a table (empty for a missing table). */
export function columnNames(db: Database, table: string): Set<string> {
  return new Set(rows(db, `SELECT name FROM pragma_table_info(?)`, [table]).map((r) => String(r.name)));
}

export function text(value: SqlValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value instanceof Uint8Array ? new TextDecoder().decode(value) : String(value);
}

export function num(value: SqlValue | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
