/**
 * The SQLite engine the library readers use: sql.js, SQLite compiled to WebAssembly, from the npm
 * registry alone. Chosen because it runs unchanged wherever the product does (Node 20 for the CLI,
 * the extension host's Node in code-server, Electron's Node in VS Code): a native addon such as
 * better-sqlite3 needs a build per Node ABI and platform (a prebuilt binary fetched at install, or
 * a compiler), and `node:sqlite` is missing from Node 20. sql.js opens a database from bytes in
 * memory, never from the file: nothing is ever written beside the user's database (no lock, no
 * journal, no `-shm`), and the snapshot (snapshot.ts) decides what those bytes are.
 *
 * The WebAssembly (688 KB) is a file beside the bundles (esbuild.mjs copies it into dist/), read
 * once and handed over, not the package's base64-inlined build: inlined, every bundle importing
 * the reader carried a third more, which the .vsix's download budget does not have room for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';

let engine: Promise<SqlJsStatic> | undefined;

/** The engine, started on first use and shared. */
export function sqlite(): Promise<SqlJsStatic> {
  engine ??= Promise.resolve().then(() => {
    const wasm = sqliteWasmPath();
    if (!wasm) throw new Error('SQLite (sql-wasm.wasm) is missing from this installation: reinstall the extension to read a Zotero library');
    const bytes = readFileSync(wasm);
    return initSqlJs({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  });
  return engine;
}

/** The WebAssembly file: beside the bundle when shipped, in node_modules from source. */
function sqliteWasmPath(): string | undefined {
  const shipped = join(__dirname, 'sql-wasm.wasm');
  if (existsSync(shipped)) return shipped;
  try {
    return require.resolve('sql.js/dist/sql-wasm.wasm');
  } catch {
    return undefined;
  }
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
