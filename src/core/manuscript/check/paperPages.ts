/**
 * The cited paper's pages a sentence is judged on. A paper is read whole, once per check, when the
 * index can list its passages and it has at most MAX_PAPER_PASSAGES of them: every page is judged,
 * so the page that says a claim is found wherever it is, and "not found" means no page says it.
 * A longer document (a book, a manual) is searched instead (the sentence as the query, inside that
 * document), with the locator's pages read besides. Search hits are read by page: hits that start
 * on one page are judged together, a chunk crossing a page break cited by the page its
 * best-matching sentence lies on (./pageOfHit.ts). A paper read whole is judged passage by passage
 * (a claim lies within a passage or the overlap two share), each cited by its page the same way.
 */
import type { Retriever, SearchHit, SearchOptions } from '../../index';
import type { Page } from './judgeCitation';
import { carriedOver, pageOfHit, placeOfHit } from './pageOfHit';
import type { Claim } from './passageSupport';

/** A paper of up to this many passages (about 150 pages) is read whole. */
export const MAX_PAPER_PASSAGES = 600;
/** Passages searched inside a document too long to read whole. */
export const CITED_PASSAGES = 10;

export interface CitedPages {
  pages: Page[];
  /** Every page of the paper was read. */
  whole: boolean;
  /** The locator's pages were read (false: judge as if the citation had none). */
  locatorRead: boolean;
}

export interface PaperReader {
  read(path: string, claim: Claim, locatorPages: readonly number[] | null): Promise<CitedPages>;
}

export interface PaperReaderOptions {
  mode?: SearchOptions['mode'];
  signal?: AbortSignal;
  /**
   * What the index holds of a document now (its path, content hash and passage count), or null
   * when the index does not say: a paper read whole is kept in memory under it for the next check
   * (the editor checks a draft again and again); a paper whose stamp changed is read again.
   */
  stampOf?: (path: string) => Promise<string | null>;
}

/** A reader for one check: each paper read whole once, shared by every sentence that cites it, and kept for later checks while the index's stamp of it holds. */
export function paperReader(retriever: Retriever, options: PaperReaderOptions): PaperReader {
  const papers = new Map<string, Promise<WholePaper | null>>();
  const whole = (path: string) => {
    let read = papers.get(path);
    if (!read) {
      read = keptOrRead(path, options.stampOf, () => readWhole(retriever, path, options.signal));
      papers.set(path, read);
    }
    return read;
  };
  return {
    async read(path, claim, locatorPages) {
      const all = await whole(path);
      if (all) {
        const pages = wholePages(all, claim);
        return { pages, whole: true, locatorRead: locatorPages !== null && pages.some((p) => p.page !== null) };
      }
      const searched = byPage(await retriever.search(claim.text, { mode: options.mode, signal: options.signal, paths: [path], k: CITED_PASSAGES }), claim);
      if (!locatorPages || !retriever.passagesOf) return { pages: searched, whole: false, locatorRead: false };
      const from = Math.max(1, locatorPages[0]! - 1);
      const to = locatorPages[locatorPages.length - 1]! + 1;
      const onPages = (await retriever.passagesOf(path, { pages: { from, to }, limit: MAX_PAPER_PASSAGES, signal: options.signal })).map((hit) => ({
        path: hit.path,
        page: pageOfHit(hit, claim),
        text: hit.text,
      }));
      const known = new Set(onPages.map((p) => p.page));
      return { pages: [...onPages, ...searched.filter((p) => !known.has(p.page))], whole: false, locatorRead: onPages.length > 0 };
    },
  };
}

/**
 * A paper read whole as pages: each passage on the page the claim's sentence in it lies on (a
 * passage crossing a break, on the page of the claim's sentence in it), the passages of a page
 * judged together; a document without pages, passage by passage.
 */
function wholePages(paper: WholePaper, claim: Claim): Page[] {
  const pages = new Map<number, Page & { parts: string[] }>();
  const unpaged: Page[] = [];
  paper.passages.forEach((hit, i) => {
    const place = placeOfHit(hit, claim, paper.carried[i]);
    if (place.page === null) return void unpaged.push({ path: hit.path, page: null, text: hit.text });
    let page = pages.get(place.page);
    if (!page) pages.set(place.page, (page = { path: hit.path, page: place.page, text: '', parts: [] }));
    page.parts.push(hit.text);
    if (place.first !== null && place.last !== null && place.first !== place.last) {
      page.span = { first: Math.min(place.first, page.span?.first ?? place.first), last: Math.max(place.last, page.span?.last ?? place.last) };
    }
  });
  const ordered = [...pages.values()].sort((a, b) => a.page! - b.page!);
  for (const page of ordered) page.text = page.parts.join('\n\n');
  // A claim the page break cuts in two (its first numbers at the foot of one page, the rest at the
  // top of the next) is read across the break: each two pages in a row also as one.
  const across = ordered.slice(1).flatMap((next, i): Page[] => {
    const page = ordered[i]!;
    if (next.page !== page.page! + 1) return [];
    return [{ path: page.path, page: page.page, text: `${page.text}\n\n${next.text}`, parts: [...page.parts, ...next.parts], across: [page, next] }];
  });
  return [...ordered, ...across, ...unpaged];
}

/** Papers read whole by earlier checks, by their stamp (least recently used out). */
const KEPT = new Map<string, Promise<WholePaper | null>>();
/** About a library's worth of papers: a few megabytes of text. */
const KEPT_CAP = 200;

/** The paper as an earlier check read it when the index's stamp of it is the same, else read now (and kept once read). */
async function keptOrRead(path: string, stampOf: PaperReaderOptions['stampOf'], read: () => Promise<WholePaper | null>): Promise<WholePaper | null> {
  const stamp = stampOf ? await stampOf(path) : null;
  if (stamp === null) return read();
  const known = KEPT.get(stamp);
  if (known) {
    KEPT.delete(stamp);
    KEPT.set(stamp, known);
    return known;
  }
  const reading = read();
  KEPT.set(stamp, reading);
  if (KEPT.size > KEPT_CAP) KEPT.delete(KEPT.keys().next().value!);
  // A read that failed (cancelled, the index unreadable) is not kept: the next check tries again.
  reading.catch(() => {
    if (KEPT.get(stamp) === reading) KEPT.delete(stamp);
  });
  return reading;
}

/** A paper's passages in reading order, each with how much of its start repeats the passage before it. */
interface WholePaper {
  passages: SearchHit[];
  carried: number[];
}

async function readWhole(retriever: Retriever, path: string, signal?: AbortSignal): Promise<WholePaper | null> {
  if (!retriever.passagesOf) return null;
  const passages = await retriever.passagesOf(path, { limit: MAX_PAPER_PASSAGES + 1, signal });
  if (passages.length === 0 || passages.length > MAX_PAPER_PASSAGES) return null;
  return { passages, carried: passages.map((hit, i) => (i > 0 && hit.pageStart !== hit.pageEnd ? carriedOver(passages[i - 1]!.text, hit.text) : 0)) };
}

/**
 * Search hits grouped by document and page, in the search's order, their texts joined; a hit
 * crossing a page break is on the page its sentence closest to the claim lies on (./pageOfHit.ts).
 */
export function byPage(hits: readonly SearchHit[], claim: Claim): Page[] {
  const pages = new Map<string, Page>();
  for (const hit of hits) {
    const page = pageOfHit(hit, claim);
    const key = `${hit.path}\u0000${page ?? `lines ${hit.lineStart}`}`;
    const known = pages.get(key);
    if (known) known.text += `\n\n${hit.text}`;
    else pages.set(key, { path: hit.path, page, text: hit.text });
  }
  return [...pages.values()];
}
