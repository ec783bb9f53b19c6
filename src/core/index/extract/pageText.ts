/** One run of text as pdf.js reports it (`TextItem`); marked-content entries have no `str`. */
export interface PdfTextItem {
  str: string;
  hasEOL?: boolean;
}

/** Joins a page's text items into lines, the way pdf.js marks line ends. */
export function joinTextItems(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    if (typeof item !== 'object' || item === null || !('str' in item)) continue;
    const { str, hasEOL } = item as PdfTextItem;
    text += str;
    if (hasEOL) text += '\n';
  }
  return text;
}

// Unicode spaces that break word matching in full-text search if left as they are.
const ODD_SPACES = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
// Control and zero-width characters carry nothing a reader sees.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200d\u2060\ufeff]/g;
// "exam-\nple" with lowercase letters on both sides is a word split by the line break; the rest of
// the word moves up so the line count stays the same. Capitalised or digit parts ("Fig-\n3",
// "Anglo-\nSaxon") keep their hyphen: it is more likely a real one.
const LINE_BREAK_HYPHEN = /(\p{Ll})[-\u00ad\u2010]\n(\p{Ll}[\p{L}\p{M}]*)[ ]*/gu;

/**
 * Page text made friendly to chunking and full-text search: odd spaces and invisible characters
 * normalised, line-break hyphens removed, trailing spaces and runs of blank lines collapsed. Line
 * structure is otherwise kept, since chunkers split on it.
 */
export function cleanPageText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(ODD_SPACES, ' ')
    .replace(INVISIBLE, '')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(LINE_BREAK_HYPHEN, '$1$2\n')
    .replace(/\u00ad/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "page 4", "pages 6-11", "pages 2, 5-7": short ranges of 1-based page numbers for messages. */
export function describePages(pageNumbers: readonly number[]): string {
  const ranges: string[] = [];
  let start = pageNumbers[0];
  let previous = start;
  for (const page of [...pageNumbers.slice(1), Number.NaN]) {
    if (start === undefined || previous === undefined) break;
    if (page === previous + 1) {
      previous = page;
      continue;
    }
    ranges.push(start === previous ? `${start}` : `${start}-${previous}`);
    start = page;
    previous = page;
  }
  const plural = pageNumbers.length > 1 ? 'pages' : 'page';
  return `${plural} ${ranges.join(', ')}`;
}
