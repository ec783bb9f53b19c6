/**
 * Finds an indexed passage (a chunk's text, a quote) in the text items pdf.js gives for its pages,
 * so a viewer can highlight exactly what was cited. Pure: bundled into the webview too.
 * Algorithm and measured accuracy: README.md beside this file.
 */
import { GramIndex, matchingBlocks, maximalBlocks, type Block } from './align';
import { foldPages, foldText, type FoldedPages } from './fold';
import { edgeLineMask } from './edges';

/** A text run as pdf.js getTextContent() reports it; marked-content entries have no `str`. */
export interface LocatorItem {
  str?: string;
  hasEOL?: boolean;
}
export interface LocatorPage {
  page: number;
  items: readonly LocatorItem[];
}
/** [start, end) UTF-16 offsets inside items[item].str of that page; item = index in the page's items array as given (marked-content entries included in the counting). */
export interface LocatedSpan {
  page: number;
  item: number;
  start: number;
  end: number;
}
export interface PassageLocation {
  /** In reading order. */
  spans: LocatedSpan[];
  /** Pages holding at least one span, ascending. */
  pages: number[];
  /** The located text as it appears in the items (joined, for tests/reports). */
  text: string;
  /** true: the whole passage matched; false: anchored match with a gap tolerance. */
  exact: boolean;
}

/**
 * Below this many letters and digits a passage must match exactly: an approximate match of a few
 * words is as likely to be chance as the passage.
 */
const MIN_APPROXIMATE = 24;
/** Shortest common run that counts as evidence in an approximate match (align.ts). */
const GRAM = 5;
/**
 * Share of the passage that may be missing from the match, and share of page text (outside
 * running headers and footers) that may sit inside it unmatched.
 */
const TOLERANCE = 0.1;
/** The letters one ligature glyph stands for (ff, fi, fl, ffi, ffl), one or more in a row. */
const LIGATURE_LETTERS = /^(?:ff[il]?|f[il])+$/;
/** How many of the longest common runs are tried as the anchor of an approximate match. */
const MAX_ANCHORS = 8;

/** Locates `passage` in `pages` (consecutive pages, e.g. a chunk's pageStart..pageEnd); null when it cannot be located with confidence. */
export function locatePassage(passage: string, pages: readonly LocatorPage[]): PassageLocation | null {
  const target = foldText(passage);
  if (target.length === 0) return null;
  const folded = foldPages(pages);
  // The first occurrence is also the one that starts on the earliest page given.
  const at = folded.text.indexOf(target);
  if (at >= 0) return located(passage, pages, folded, [[at, at + target.length]], true);
  const ranges = approximate(target, folded, pages);
  return ranges ? located(passage, pages, folded, ranges, false) : null;
}

/**
 * Locates `passage` inside an earlier location (e.g. the best sentence inside the cited chunk's
 * highlight): only the text `within` covers is searched, so a sentence that also occurs elsewhere
 * on the page is found where the chunk is. Item indexes and offsets are those of `pages`.
 */
export function locateWithin(passage: string, pages: readonly LocatorPage[], within: PassageLocation): PassageLocation | null {
  const covered = pages.map((page) => ({
    page: page.page,
    // Text outside the spans becomes spaces: lengths, hence offsets, stay as they are.
    items: page.items.map((item, index) => {
      const spans = within.spans.filter((s) => s.page === page.page && s.item === index);
      if (spans.length === 0 || typeof item.str !== 'string') return {};
      let str = ' '.repeat(item.str.length);
      for (const span of spans) str = str.slice(0, span.start) + item.str.slice(span.start, span.end) + str.slice(span.end);
      return { str, hasEOL: item.hasEOL };
    }),
  }));
  const location = locatePassage(passage, covered);
  return location && { ...location, text: spanText(pages, location.spans) };
}

/**
 * The ranges of folded page text that make up an approximate match, or null. Text that is in the
 * pages but not in the passage is allowed free only on running-header/footer lines (the chunker
 * drops those, so a chunk crossing a page break lacks them); anything else counts against it.
 * Each long common run is tried as the anchor: a page can hold two near-copies of a passage
 * (GLPK's "%U"/"%W" entries differ in one word), and the longest run may be in the wrong one.
 * Letters of a ligature missing from the page are not counted missing from the passage: pdf.js
 * drops ligature glyphs that a font does not map to Unicode (TeX's Type 1 fonts in the GLPK
 * manuals read "speci ed", "the rst"), so the items and the index built from them lack those
 * letters while a quote or a claim has them.
 */
function approximate(target: string, folded: FoldedPages, pages: readonly LocatorPage[]): Array<[number, number]> | null {
  if (target.length < MIN_APPROXIMATE) return null;
  const index = new GramIndex(folded.text, GRAM);
  const edge = edgeLineMask(pages, folded);
  let best: Alignment | null = null;
  for (const anchor of anchors(target, index)) {
    const alignment = alignAround(anchor, target, index, edge);
    // Anchors come in page order: on equal scores the earlier occurrence stays.
    if (alignment && (!best || alignment.score > best.score)) best = alignment;
  }
  return best?.ranges ?? null;
}

interface Alignment {
  ranges: Array<[number, number]>;
  /** Matched passage characters minus unexplained page characters. */
  score: number;
}

/** Candidate anchors: the longest common runs (at least half the longest), in page order. */
function anchors(target: string, index: GramIndex): Block[] {
  const blocks = maximalBlocks(target, index, MIN_APPROXIMATE / 2);
  const longest = Math.max(0, ...blocks.map((b) => b.size));
  return blocks
    .filter((b) => b.size >= longest / 2)
    .sort((x, y) => y.size - x.size)
    .slice(0, MAX_ANCHORS)
    .sort((x, y) => x.b - y.b);
}

/** The alignment grown from one anchor, if it passes the tolerance. */
function alignAround(anchor: Block, target: string, index: GramIndex, edge: { mask: Uint8Array; count: number }): Alignment | null {
  const text = index.text;
  // The rest is searched only as far from the anchor as an acceptable match could reach.
  const reach = (length: number) => length + Math.ceil(TOLERANCE * target.length) + edge.count;
  const blocks: Block[] = [];
  matchingBlocks(target, index, 0, anchor.a, Math.max(0, anchor.b - reach(anchor.a)), anchor.b, blocks, 'late');
  blocks.push(anchor);
  const tail = target.length - anchor.a - anchor.size;
  matchingBlocks(
    target,
    index,
    anchor.a + anchor.size,
    target.length,
    anchor.b + anchor.size,
    Math.min(text.length, anchor.b + anchor.size + reach(tail)),
    blocks,
  );

  // A block at either end that adds more unexplained page text than it matches is chance.
  const cost = (left: Block, right: Block) => gapCost(left, right, edge.mask);
  while (blocks.length > 1 && cost(blocks[0]!, blocks[1]!) >= blocks[0]!.size) blocks.shift();
  while (blocks.length > 1 && cost(blocks.at(-2)!, blocks.at(-1)!) >= blocks.at(-1)!.size) blocks.pop();

  let matched = 0;
  let extra = 0;
  const ranges: Array<[number, number]> = [];
  blocks.forEach((block, i) => {
    matched += block.size;
    const previous = blocks[i - 1];
    if (!previous) ranges.push([block.b, block.b + block.size]);
    else {
      extra += cost(previous, block);
      if (block.b === previous.b + previous.size && LIGATURE_LETTERS.test(target.slice(previous.a + previous.size, block.a)))
        matched += block.a - previous.a - previous.size;
      // Page text between two blocks is shown with the match, unless it is a running header or footer.
      if (isBoilerplate(previous, block, edge.mask)) ranges.push([block.b, block.b + block.size]);
      else ranges.at(-1)![1] = block.b + block.size;
    }
  });
  const limit = TOLERANCE * target.length;
  return target.length - matched <= limit && extra <= limit ? { ranges, score: matched - extra } : null;
}

/** Unmatched page text between two blocks beyond what the passage has there, unless it is all boilerplate. */
function gapCost(left: Block, right: Block, edge: Uint8Array): number {
  if (isBoilerplate(left, right, edge)) return 0;
  const pageGap = right.b - (left.b + left.size);
  const passageGap = right.a - (left.a + left.size);
  return Math.max(0, pageGap - passageGap);
}

function isBoilerplate(left: Block, right: Block, edge: Uint8Array): boolean {
  const from = left.b + left.size;
  if (right.b <= from) return false;
  for (let j = from; j < right.b; j++) if (edge[j] !== 1) return false;
  return true;
}

function located(
  passage: string,
  pages: readonly LocatorPage[],
  folded: FoldedPages,
  ranges: ReadonlyArray<readonly [number, number]>,
  exact: boolean,
): PassageLocation {
  const spans: LocatedSpan[] = [];
  const spanPages: number[] = [];
  for (const [from, to] of ranges) {
    for (let j = from; j < to; j++) {
      const source = folded.sources[j]!;
      const page = pages[source.pageIndex]!.page;
      const last = spans.at(-1);
      if (last && last.page === page && last.item === source.item) last.end = Math.max(last.end, source.end);
      else {
        spans.push({ page, item: source.item, start: source.start, end: source.end });
        if (spanPages.at(-1) !== page) spanPages.push(page);
      }
    }
  }
  extendOverPunctuation(passage, pages, spans);
  return { spans, pages: spanPages, text: spanText(pages, spans), exact };
}

/** Opening and closing punctuation of the passage ("(see", "effect.") is highlighted too when the items have it there. */
function extendOverPunctuation(passage: string, pages: readonly LocatorPage[], spans: LocatedSpan[]): void {
  const strOf = (span: LocatedSpan) => pages.find((p) => p.page === span.page)?.items[span.item]?.str ?? '';
  const first = spans[0];
  const lead = /^\s*([^\p{L}\p{N}\s]+)/u.exec(passage)?.[1];
  if (first && lead && strOf(first).slice(0, first.start).endsWith(lead)) first.start -= lead.length;
  const last = spans.at(-1);
  const trail = /([^\p{L}\p{N}\s]+)\s*$/u.exec(passage)?.[1];
  if (last && trail && strOf(last).startsWith(trail, last.end)) last.end += trail.length;
}

/** The spans' text in reading order; what lies between two spans is kept when it holds no letters or digits. */
function spanText(pages: readonly LocatorPage[], spans: readonly LocatedSpan[]): string {
  let text = '';
  spans.forEach((span, i) => {
    const items = pages.find((p) => p.page === span.page)!.items;
    const previous = spans[i - 1];
    if (previous) text += between(pages, previous, span);
    text += (items[span.item]?.str ?? '').slice(span.start, span.end);
  });
  return text;
}

function between(pages: readonly LocatorPage[], left: LocatedSpan, right: LocatedSpan): string {
  if (left.page !== right.page) return '\n';
  const items = pages.find((p) => p.page === left.page)!.items;
  let gap = (items[left.item]?.str ?? '').slice(left.end) + (items[left.item]?.hasEOL ? '\n' : '');
  for (let item = left.item + 1; item < right.item; item++) gap += (items[item]?.str ?? '') + (items[item]?.hasEOL ? '\n' : '');
  gap += (items[right.item]?.str ?? '').slice(0, right.start);
  if (foldText(gap) !== '') return ' … ';
  return gap.length > 0 ? gap : '';
}
