/**
 * A list a page writes out counts its items: "any one of the following - Date, POSIXct, chron,
 * yearmon, yearqtr, or timeDate" is six classes. A writer who counts a list ("one of six known
 * classes") states a number the page never prints as a figure. Only a plain list is counted: items
 * of a few words each, split by commas, the last joined by "and" or "or".
 */

/** An item of a list: at most this many words (longer pieces are clauses, not items). */
const ITEM_WORDS = 4;
/** A list has at least this many items ("A and B" is a pair a writer seldom counts). */
const MIN_ITEMS = 3;

const JOINED = /^(?:and|or)\s+/iu;
const words = (piece: string) => piece.trim().split(/\s+/u).filter(Boolean).length;

/** The number of items of each plain list in a sentence. */
export function listCounts(sentence: string): number[] {
  const pieces = sentence.split(',');
  const counts: number[] = [];
  // The first item is the tail of the piece before the first comma (what precedes it introduces the list).
  for (let first = 0; first < pieces.length - 1; first++) {
    let end = first + 1;
    while (end < pieces.length - 1 && words(pieces[end]!) <= ITEM_WORDS && !JOINED.test(pieces[end]!.trim())) end++;
    // The last item after "and"/"or", a few words up to a stop: its own piece ("…, or timeDate.") or the end of the piece before it ("B and C").
    const last = pieces[end]!.trim().split(/[.;:()]/u)[0]!;
    const joined = /^(?:(.*?)\s+)?(?:and|or)\s+(.+)$/iu.exec(last);
    const fits = joined !== null && words(joined[2]!) <= ITEM_WORDS;
    const items = !fits ? 0 : joined[1] === undefined ? end - first + 1 : words(joined[1]) <= ITEM_WORDS ? end - first + 2 : 0;
    if (items >= MIN_ITEMS) counts.push(items);
    first = end - 1;
  }
  return counts;
}
