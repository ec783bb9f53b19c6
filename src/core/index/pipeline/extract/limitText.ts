/** The lines a document over a per-file limit gets (../fileLimits.ts): the limit, and how to raise it. */
import { formatCount, raiseFileLimit } from '../fileLimits';

/** The document's text was cut: what follows the first `maxChars` characters is not indexed. */
export function charLimitWarning(maxChars: number): string {
  return `only the first ${formatCount(maxChars)} characters indexed (text limit per file: ${raiseFileLimit('maxChars')})`;
}

/**
 * Cuts `pages` (in place) so that together they hold at most `maxChars` characters; true when
 * something was cut. Pages after the limit are kept empty, so page numbers stay the file's.
 */
export function capPageText(pages: string[], maxChars: number): boolean {
  let kept = 0;
  let cut = false;
  for (let index = 0; index < pages.length; index++) {
    const page = pages[index] as string;
    if (kept + page.length > maxChars) {
      pages[index] = page.slice(0, Math.max(0, maxChars - kept));
      cut = true;
    }
    kept += pages[index]!.length;
  }
  return cut;
}
