/**
 * Copies of one passage: the same text indexed more than once (a manual kept in two folders, a
 * report and the collection that reprints it, the scale corpus's volumes). Search treats them as
 * one candidate, at the rank of its best copy, and answers with that copy: a list of the same
 * passage five times says less than five passages, and crowds out the one that answers
 * (docs/benchmarks.md, "Copies of one passage").
 */

/** What makes two rows one passage: their text, exactly as indexed. */
export const passageKey = (row: { text: string }): string => row.text;

/** `rows` with each passage's copies after the first left out, order kept. */
export function distinctPassages<T extends { text: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = passageKey(row);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Below this share of distinct passages in a full read, the list is read again, longer: an index
 * that holds a few copies (34 of 13,866 chunks in the evaluation corpus) reads as before, one made
 * of copies still gets its `limit` distinct candidates.
 */
const DISTINCT_SHARE = 0.8;
/** The longest read, as a multiple of `limit`. */
const MAX_WIDENING = 4;

const rowsFor = (limit: number, perPassage: number) => Math.min(MAX_WIDENING * limit, Math.ceil(limit * perPassage));

/**
 * Rows per distinct passage in a list's last full read: an index of copies then reads the next
 * list long enough at once, instead of short and then again (two full-text reads cost about twice
 * one longer read: docs/benchmarks.md). One per list of a retriever.
 */
export class CopyRatio {
  private value = 1;

  /** Rows to read for `limit` distinct passages. */
  rowsFor(limit: number): number {
    return rowsFor(limit, this.value);
  }

  /** A full read of `rows` rows held `distinct` passages (a short read shows no ratio: it held all there is). */
  observe(rows: number, distinct: number): void {
    if (rows > 0 && distinct > 0) this.value = rows / distinct;
  }
}

/**
 * Up to `limit` distinct passages from a ranked read (`read(n)`: the best n rows), as many rows
 * read as `ratio` expects; a full read still short of distinct passages is read once more, as much
 * longer as its copies suggest.
 */
export async function readDistinct<T extends { text: string }>(read: (n: number) => Promise<T[]>, limit: number, ratio: CopyRatio): Promise<T[]> {
  const first = ratio.rowsFor(limit);
  const rows = await read(first);
  const distinct = distinctPassages(rows);
  if (rows.length < first) return distinct.slice(0, limit);
  ratio.observe(rows.length, distinct.length);
  if (distinct.length >= limit * DISTINCT_SHARE) return distinct.slice(0, limit);
  // As many rows per passage as this read found, and a little more: copies are not spread evenly.
  const widened = rowsFor(limit, (1.25 * rows.length) / distinct.length);
  if (widened <= first) return distinct.slice(0, limit);
  const more = await read(widened);
  const distinctMore = distinctPassages(more);
  if (more.length === widened) ratio.observe(more.length, distinctMore.length);
  return distinctMore.slice(0, limit);
}
