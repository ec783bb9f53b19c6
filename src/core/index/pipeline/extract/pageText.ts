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
// pdf.js often ends a line just before a word's trailing punctuation ("littleCMS\n. The command",
// "(Zeroconf\n) in addition"; ~690 times in the eval corpus's PDFs); it goes back to its word.
// A closing bracket alone on its line is left alone: that is usually code.
const STRANDED_PUNCTUATION = /(?<=[\p{L}\p{N}])\n(?:([.,;:!?]+)(?: (?=\p{L})|(?=\n|$))|([)\]]+[.,;:!?]*) (?=\p{L}))/gu;

/**
 * Page text made friendly to chunking and full-text search: odd spaces and invisible characters
 * normalised, lines trimmed, runs of blank lines collapsed. Line structure is otherwise kept,
 * since chunkers split on it. Line-break hyphens are handled per document (dehyphenate.ts).
 */
export function normalizePageText(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      .replace(ODD_SPACES, ' ')
      .replace(INVISIBLE, '')
      // A soft hyphen inside a line is invisible; one at a line end is a word break (dehyphenate).
      .replace(/\u00ad(?!\n)/g, '')
      .replace(/ {2,}/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(STRANDED_PUNCTUATION, (match, mark: string | undefined, bracket: string | undefined) => {
        const punctuation = mark ?? bracket ?? '';
        return match.endsWith(' ') ? `${punctuation}\n` : punctuation;
      })
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
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
