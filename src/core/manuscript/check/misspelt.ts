/**
 * A long name a page misspells by one letter ("Macinthosh" for "Macintosh", "Kolmogorv"): papers
 * and their PDFs' text carry typos, and a name of MIN_LENGTH letters or more that differs by one
 * letter (one inserted, dropped or changed, the first letter kept) is the same name. Shorter names
 * ("Hansen", "Hanson") are too often two people.
 */

/** Names at least this long may be misspelt by one letter. */
export const MIN_LENGTH = 8;

/** Whether `word` is `name` (both lower-case) with one letter inserted, dropped or changed. */
export function oneLetterOff(name: string, word: string): boolean {
  if (name.length < MIN_LENGTH || Math.abs(name.length - word.length) > 1 || name[0] !== word[0] || name === word) return false;
  let i = 0;
  while (i < name.length && i < word.length && name[i] === word[i]) i++;
  if (name.length === word.length) return name.slice(i + 1) === word.slice(i + 1);
  return name.length > word.length ? name.slice(i + 1) === word.slice(i) : name.slice(i) === word.slice(i + 1);
}
