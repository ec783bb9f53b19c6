/**
 * A table row as a PDF's text prints it: the row's name, then only figures ("parameters 8 8 8 9 15
 * 15", "log L −17971.6 −12170.6 −12090.1"). Each figure of such a row is stated for what the row
 * names, as "15 parameters" would be in prose: a claim that gives a table's figure in words
 * ("needs fifteen parameters", "a log-likelihood of -12090.1") is stated there, not only near its
 * words. A row numbering the columns ("Components 1 2 3") states nothing.
 */
import { stemOf, wordsOf } from './claimTerms';

/** A row: its name (letters, spaces, hyphens, a parenthesis or two) and at least two figures, nothing else. */
const ROW = /^[ \t]*(\p{L}[\p{L} \t'()-]{0,40}?)[ \t]+((?:[−–-]?\(?\d[\d.,]*%?\)?[ \t]*){2,})$/u;

/** The stems of the name of the table row the number at `at` of `text` lies in, or null when its line is no row. */
export function rowNameAt(text: string, at: number): string[] | null {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end === -1 ? text.length : end);
  const match = ROW.exec(line);
  if (!match || start + match.index + match[0].length - match[2]!.length > at) return null;
  // "Components 1 2 3": a header numbering the columns, not figures of anything.
  const figures = match[2]!.trim().split(/[ \t]+/u);
  if (figures.every((figure, i) => figure === String(i + Number(figures[0])) && Number(figures[0]) <= 1)) return null;
  const stems = wordsOf(match[1]!).map(stemOf);
  return stems.length > 0 ? stems : null;
}
