/**
 * The comparison form of text for locating a passage: letters and digits only, lowercased,
 * compatibility-decomposed with marks dropped. Everything extraction may change between pdf.js's
 * text items and an indexed chunk is outside that form: whitespace and line breaks, line-break
 * hyphens (removed when words are joined), punctuation moved back to its word, invisible
 * characters and soft hyphens. NFKD also makes a ligature glyph (U+FB01, which pdf.js reports as
 * is when its normalisation is off, as in the viewer's text layer) equal to the letters "fi".
 * Pure: bundled into the webview too.
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Folding is per code point, and pages repeat the same few characters: cache them.
const folded = new Map<string, string>();

/** The comparison form of one code point: '' for anything but letters and digits. */
export function foldCodePoint(codePoint: string): string {
  let result = folded.get(codePoint);
  if (result === undefined) {
    // Per code point, never per string: a passage and the items must fold the same way whatever
    // their segmentation, so composition across characters (e + U+0301) is never relied on.
    result = '';
    for (const char of codePoint.normalize('NFKD').toLowerCase()) if (LETTER_OR_DIGIT.test(char)) result += char;
    folded.set(codePoint, result);
  }
  return result;
}

/** The comparison form of a whole string. */
export function foldText(text: string): string {
  let result = '';
  for (const codePoint of text) result += foldCodePoint(codePoint);
  return result;
}

/** Where one character of the folded page text comes from. */
export interface FoldedSource {
  /** Index into the pages given. */
  pageIndex: number;
  /** Index into that page's items (marked-content entries counted). */
  item: number;
  /** UTF-16 range of the code point inside the item's `str`. */
  start: number;
  end: number;
}

/** Folded text of several pages, one source per folded character. */
export interface FoldedPages {
  text: string;
  sources: FoldedSource[];
}

/** A text run as pdf.js reports it; marked-content entries have no `str`. */
interface ItemLike {
  str?: string;
}

export function foldPages(pages: ReadonlyArray<{ items: readonly ItemLike[] }>): FoldedPages {
  let text = '';
  const sources: FoldedSource[] = [];
  pages.forEach((page, pageIndex) => {
    page.items.forEach((entry, item) => {
      const str = entry.str;
      if (typeof str !== 'string') return;
      let offset = 0;
      for (const codePoint of str) {
        const chars = foldCodePoint(codePoint);
        const end = offset + codePoint.length;
        // A ligature folds to several characters, each pointing at the same glyph; one source
        // per UTF-16 unit keeps `sources` indexed like `text`.
        text += chars;
        for (let unit = 0; unit < chars.length; unit++) sources.push({ pageIndex, item, start: offset, end });
        offset = end;
      }
    });
  });
  return { text, sources };
}
