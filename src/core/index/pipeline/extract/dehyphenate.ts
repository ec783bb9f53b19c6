/**
 * Line-break hyphens in PDF text. TeX and word processors split words at syllables
 * ("configu-" / "ration"), but manuals also break real compounds at their own hyphen
 * ("auto-multiple-" / "choice", "multiple-" / "choice"), and joining those would make command
 * names unfindable. The document itself decides: the words it uses elsewhere, unbroken, tell
 * which spelling is real.
 */

const WORD = /[\p{L}\p{M}\p{N}_]+(?:-[\p{L}\p{M}\p{N}_]+)*/gu;
// A word (possibly hyphenated already), a hyphen at the end of a line, the next line's word.
// Punctuation right after the word moves up with it ("com-" / "mand." -> "command.", "Zero-" /
// "conf)" -> "Zeroconf)").
// The lookbehind only lets a match start where a word starts: without it the engine retries
// from every letter of every word (quadratic in word length; it was half of this file's cost).
// It finds the same matches: a match starting mid-word would extend back to that word's start.
const BROKEN_WORD =
  /(?<![\p{L}\p{M}\p{N}_]|[\p{L}\p{M}\p{N}_]-)([\p{L}\p{M}\p{N}_]+(?:-[\p{L}\p{M}\p{N}_]+)*)([-\u00ad\u2010])\n([\p{L}\p{M}\p{N}_]+(?:-[\p{L}\p{M}\p{N}_]+)*)([.,;:!?)\]]*)[ ]*/gu;
/** Without a hyphen at a line end there is nothing to join (most pages): skip the scan. */
const LINE_END_HYPHEN = /[-\u00ad\u2010]\n/;

/** Adds the words of `text` (lowercased; hyphenated compounds whole) to `words`. */
export function collectWords(text: string, words: Set<string>): void {
  // match() rather than matchAll(): plain strings, no match objects (cheaper, same words).
  for (const word of text.match(WORD) ?? []) words.add(word.toLowerCase());
}

/**
 * Joins words split by a line-break hyphen, moving the rest of the word up to the first line. Kept as they are: a capitalised or numeric continuation ("Anglo-" / "Saxon", "page-" /
 * "12"), a part of a longer compound ("auto-multiple-" / "choice"), and a compound the document
 * spells with a hyphen elsewhere but never joined. Soft hyphens always join.
 */
export function dehyphenate(text: string, words: ReadonlySet<string>): string {
  if (!LINE_END_HYPHEN.test(text)) return text;
  return text.replace(BROKEN_WORD, (whole, before: string, hyphen: string, after: string, punctuation: string, offset: number) => {
    const lastPart = before.slice(before.lastIndexOf('-') + 1);
    const firstPart = after.split('-', 1)[0] ?? after;
    if (hyphen !== '\u00ad') {
      if (!/\p{Ll}$/u.test(lastPart) || !/^\p{Ll}/u.test(firstPart)) return whole;
      const joined = `${lastPart}${firstPart}`.toLowerCase();
      const compound = `${before}-${after}`.toLowerCase();
      if (!words.has(joined) && (before.includes('-') || after.includes('-') || words.has(compound))) return whole;
    }
    // The word was all the next line held: the line goes, rather than leave a blank line that a
    // chunker would read as a paragraph break.
    const end = offset + whole.length;
    const lineEmptied = end === text.length || text[end] === '\n';
    return lineEmptied ? `${before}${after}${punctuation}` : `${before}${after}${punctuation}\n`;
  });
}
