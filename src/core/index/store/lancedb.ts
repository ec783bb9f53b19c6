/** LanceDB as the store loads it: per-query warnings quiet, Rust backtraces off. */
export type LanceModule = typeof import('@lancedb/lancedb');

/** Loads LanceDB with its per-query WARN logging silenced (must happen before the first import). */
export async function loadLanceDb(): Promise<LanceModule> {
  process.env.LANCEDB_LOG ??= 'error';
  // Bytes damaged in a data file can make LanceDB's reader panic. Rust's panic hook writes the
  // panic to stderr itself before the error reaches us (as IndexCorruptError), and with
  // RUST_BACKTRACE set in the user's shell a 20-line backtrace follows it. Rust reads the
  // variable at the first panic, from this process's environment: off here, the panic's own
  // three lines remain (only a child process could keep those off the terminal).
  process.env.RUST_BACKTRACE = '0';
  return import('@lancedb/lancedb');
}
