/**
 * Tables as a PDF's text gives them: one line per row, a label and its numbers ("Rcpp sugar 145
 * 0.67", "Female Alzheimer 91 7 15 21"). The sentence rerank (./sentenceRerank.ts) cannot read
 * them: a row holds the numbers a question asks for and few of its words, and the caption is one
 * short line. Measured in docs/benchmarks.md ("tables in the sentence rerank"). An extractive
 * answer (../../graph/excerpt.ts) keeps a table's rows on their lines.
 */

/** A number as a table cell prints it: 145, 0.67, 2.5e-10, (3.27), <10, 12%, 0.0227*. */
const CELL = /^[(<>=+−-]*\d[\d.,:eE+−-]*[)%*]*$/u;
const MIN_ROW_NUMBERS = 2;
/** Two rows are often a pair of values in prose or code; three make a table. */
export const MIN_TABLE_ROWS = 3;

/** The line reads as a table row: MIN_ROW_NUMBERS numbers or more, and at least half its words. */
export function isTableRow(line: string): boolean {
  const words = line.split(/\s+/u).filter(Boolean);
  const numbers = words.filter((word) => CELL.test(word)).length;
  return numbers >= MIN_ROW_NUMBERS && numbers * 2 >= words.length;
}

/** The text holds a table: MIN_TABLE_ROWS lines that read as rows (not necessarily adjacent). */
export function holdsTable(text: string): boolean {
  let rows = 0;
  for (const line of text.split('\n')) if (isTableRow(line) && ++rows >= MIN_TABLE_ROWS) return true;
  return false;
}
