/**
 * A long name a page misspells by one letter ("Macinthosh" for "Macintosh", "Kolmogorv"): papers
 * and their PDFs' text carry typos, and a name of MIN_LENGTH letters or more that differs by one
 * letter (one inserted, dropped or changed, the first letter kept) is the same name. Shorter names
 * ("Hansen", "Hanson") are too often two people.
 */

import { withinOneEdit } from '../../text/withinOneEdit';

/** Names at least this long may be misspelt by one letter. */
export const MIN_LENGTH = 8;

/** Whether `word` is `name` (both lower-case) with one letter inserted, dropped or changed. */
export function oneLetterOff(name: string, word: string): boolean {
  return name.length >= MIN_LENGTH && name[0] === word[0] && name !== word && withinOneEdit(name, word);
}
