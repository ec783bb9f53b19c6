/**
 * The one place that turns values into SQL literals for LanceDB `where` / `delete` filters.
 *
 * LanceDB parses filters with DataFusion's SQL dialect: a string literal is single-quoted and a
 * quote inside it is written twice. Backslashes are NOT escape characters there, so they pass
 * through unchanged. Every path that reaches a filter must go through these helpers; never
 * interpolate a value into filter text by hand.
 */

/** A quoted SQL string literal: `it's` -> `'it''s'`. */
export function sqlString(value: string): string {
  // A NUL cannot be in a path and DataFusion rejects it; refuse it loudly rather than truncate.
  if (value.includes('\0')) throw new RangeError('SQL string literal may not contain a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

/** A column name for a filter. Ours are plain snake_case; anything else is a programming error. */
export function sqlColumn(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new RangeError(`not a plain column name: ${name}`);
  return name;
}

/** `column = 'value'` */
export function sqlEquals(column: string, value: string): string {
  return `${sqlColumn(column)} = ${sqlString(value)}`;
}

/**
 * `column IN ('a', 'b')`. An empty list matches nothing (`false`), which is what "delete these
 * zero documents" means; DataFusion would reject `IN ()`.
 */
export function sqlIn(column: string, values: readonly string[]): string {
  if (values.length === 0) return 'false';
  return `${sqlColumn(column)} IN (${values.map(sqlString).join(', ')})`;
}

/**
 * Splits a long list into several `IN` filters joined by OR-free batches the caller runs one by
 * one; very long filter strings make DataFusion's planner slow.
 */
export function sqlInBatches(column: string, values: readonly string[], batchSize = 500): string[] {
  const filters: string[] = [];
  for (let i = 0; i < values.length; i += batchSize) filters.push(sqlIn(column, values.slice(i, i + batchSize)));
  return filters;
}
