/**
 * The pages a citation's locator names (`p. 19`, `pp.~3--5`, `p.~xii`, `19f`, `233-45`), and the
 * PDF pages they are. A locator is written as the reader numbers pages: the PDF's printed label
 * when the PDF has page labels (a journal article printed as pp. 253-270), else the page itself;
 * `resolveLocator` turns it into physical pages through the library's labels, so printed labels and
 * PDF pages stay apart. A locator that names something else (`chap. 2`, `sec. 3.1`, `fig. 4`) names
 * no page; one that cannot be a page (`p.`, `pp. 9-3`, `p. 10^9`, a page the paper does not have)
 * is reported in one line and the citation is judged as if it had none.
 */

export type Locator =
  /** No locator, or one that names no page (a chapter, section, figure, note). */
  | { kind: 'none' }
  /** Page labels as written, each range's first and last (equal for a single page). */
  | { kind: 'pages'; text: string; ranges: Array<{ first: string; last: string }> }
  | { kind: 'malformed'; text: string; problem: string };

const PAGE_WORD = /^(?:pp?|pgs?|pages?|s|ss)\b\.?\s*/i;
/** Locator terms that name something other than a page: the citation names no page. */
const OTHER_WORD =
  /^(?:ch(?:ap(?:ter)?)?s?|sec(?:t(?:ion)?)?s?|§+|fig(?:ure)?s?|tab(?:le)?s?|eqs?|equations?|n|nn|notes?|fn|footnotes?|para(?:graph)?s?|l|ll|lines?|vols?|volumes?|app(?:endix)?|art(?:icle)?s?|thm|theorem|def(?:inition)?|ex(?:ample)?|algorithm|listing|slides?)\b\.?/i;
/** A page as written: digits, a roman numeral, or a letter and digits (`A3`, `S12`, `e101`). */
const PAGE = String.raw`(?:\d{1,6}|[ivxlcdm]{1,8}|[a-z]{1,2}\d{1,5})`;
const ITEM = new RegExp(String.raw`^(${PAGE})(?:\s*-+\s*(${PAGE})|\s*(ff?)\.?)?(?![\p{L}\p{N}^])`, 'iu');

/** What a locator names, from its text as written (`p.~19`, `pp. 3--5`, `19`). */
export function parseLocator(written: string): Locator {
  const text = written
    .replace(/\\[ ,;:]|~|\u00a0|\\nobreakspace\{\}/g, ' ')
    .replace(/[\u2010-\u2015]|\\textendash\{?\}?/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return { kind: 'none' };
  const word = PAGE_WORD.exec(text);
  if (!word && OTHER_WORD.test(text)) return { kind: 'none' };
  let rest = word ? text.slice(word[0].length) : text;
  // Without "p." a locator that does not start with a page ("see below", "emphasis added") names none.
  if (!word && !ITEM.test(rest)) return { kind: 'none' };
  if (rest === '' || /^[,;.]?$/.test(rest)) return { kind: 'malformed', text, problem: `${text} gives no page number` };
  const ranges: Array<{ first: string; last: string }> = [];
  for (;;) {
    const item = ITEM.exec(rest);
    if (!item) break;
    const [whole, first, rangeEnd, following] = item;
    const range = rangeOf(first!, rangeEnd, following);
    if ('problem' in range) return { kind: 'malformed', text, problem: range.problem };
    ranges.push(range);
    rest = rest.slice(whole.length).trim();
    const separator = /^(?:,|;|and\b|&)\s*(?:pp?\.?\s*)?/i.exec(rest);
    if (!separator || !ITEM.test(rest.slice(separator[0].length))) break;
    rest = rest.slice(separator[0].length);
  }
  if (ranges.length === 0) return { kind: 'malformed', text, problem: `${text} is not a page number` };
  // Anything after the pages may qualify them (`p. 19, n. 3`, `pp. 3-5 and Table 2`), but a number
  // glued to more of itself (`10^9`, `12.5`) is not a page.
  if (/^[\^.\d]/.test(rest) && rest !== '.') return { kind: 'malformed', text, problem: `${text} is not a page number` };
  return { kind: 'pages', text, ranges };
}

function rangeOf(first: string, end: string | undefined, following: string | undefined): { first: string; last: string } | { problem: string } {
  if (following) {
    // "19f": the page and the next; "19ff": and the pages after it, read as the next two.
    if (!/^\d+$/.test(first)) return { first, last: first };
    return { first, last: String(Number(first) + (following.toLowerCase() === 'ff' ? 2 : 1)) };
  }
  if (end === undefined) return { first, last: first };
  if (/^\d+$/.test(first) && /^\d+$/.test(end)) {
    // An elided range keeps the first page's leading digits: 233-45 is 233-245.
    const last = end.length < first.length ? first.slice(0, first.length - end.length) + end : end;
    if (Number(last) < Number(first)) return { problem: `the range ${first}-${end} runs backwards` };
    return { first, last };
  }
  return { first, last: end };
}

/** How the check reads a paper's pages: its number of pages and, when the PDF has them, its printed labels. */
export interface PageNumbering {
  /** Physical pages of the document, or null when unknown. */
  count: number | null;
  /** The printed label of a physical page (1-based), or the page number itself when the PDF has no labels. */
  label(page: number): string;
}

/** The physical pages a locator names (sorted, each once), or why it names none of this paper's pages. */
export function resolveLocator(locator: Locator, numbering: PageNumbering): { pages: number[] } | { problem: string } | null {
  if (locator.kind === 'none') return null;
  if (locator.kind === 'malformed') return { problem: locator.problem };
  const pages = new Set<number>();
  for (const { first, last } of locator.ranges) {
    const from = physicalPage(first, numbering);
    const to = physicalPage(last, numbering);
    if (from === null || to === null) {
      const missing = from === null ? first : last;
      const count = numbering.count;
      return {
        problem: /^\d+$/.test(missing) && count !== null ? `p. ${missing} is beyond the paper's ${count} pages` : `the paper has no page ${missing}`,
      };
    }
    if (to < from) return { problem: `the range ${first}-${last} runs backwards in the PDF's page labels` };
    for (let page = from; page <= to; page++) pages.add(page);
  }
  return { pages: [...pages].sort((a, b) => a - b) };
}

/** A page as written to the physical page: the page whose printed label it is, else (a number) that page of the PDF. */
function physicalPage(written: string, numbering: PageNumbering): number | null {
  const count = numbering.count;
  if (count !== null) {
    const wanted = written.toLowerCase();
    for (let page = 1; page <= count; page++) if (numbering.label(page).toLowerCase() === wanted) return page;
  }
  if (!/^\d+$/.test(written)) return null;
  const page = Number(written);
  return page >= 1 && (count === null || page <= count) ? page : null;
}
