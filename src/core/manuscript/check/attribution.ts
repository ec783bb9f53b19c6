/**
 * Whom the library credits for a claim. A draft cites X for a sentence; a library paper P states
 * the same thing in a sentence that cites Y ("…, as shown by Zeileis (2004)"): the check says so,
 * "Hothorn et al. (2006) say this citing Zeileis (2004) [their p. 3]; cite Zeileis (2004)?". P is
 * X itself (X credits the claim to Y), or a paper the sentence's library search found when X does
 * not say it. Read from the reference lists the index run stored (Retriever.citationsIn): the
 * sentence of each in-text citation, and the entry it cites, linked to the library or not.
 *
 * Precision first, as for library links: nothing is said when the citing sentence credits X
 * itself (or an entry that names X: same first author and year), when the draft's sentence cites
 * Y already, or when the library sentence is not the claim (it must hold ATTRIBUTED of the
 * claim's words and every fact, and the claim must hold SAME_SUBJECT of its words).
 */
import type { Retriever } from '../../index';
import type { LinkedEntry } from '../../papers/references/graph';
import { citedName } from '../../papers/references/name';
import { contentStems, wordsOf } from './claimTerms';
import { judgePassage, type Claim } from './passageSupport';
import type { Attribution, CitationCheck, CitationLibrary } from './citationCheck';

/** Share of the claim's words a library sentence holds to state the same claim. */
export const ATTRIBUTED = 0.6;
/** Share of the library sentence's own words (citations left out) the claim holds: the sentence is about the claim, not more. */
export const SAME_SUBJECT = 0.5;
/** Papers besides the cited one whose citing sentences are read (the library search's first). */
const OTHER_PAPERS = 6;

/** Each paper's linked entries, read once per check. */
export type CitationsCache = Map<string, Promise<LinkedEntry[] | null>>;

export interface AttributionContext {
  claim: Claim;
  /** The cited paper of each check (same order), null when the key names none. */
  paths: ReadonlyArray<string | null>;
  /** Every key the draft's sentence cites, with its paper when it names one. */
  keys: ReadonlyArray<{ key: string; path: string | null }>;
  /** Papers the sentence's library search found, best first (drafts left out). */
  found: readonly string[];
  retriever: Retriever;
  library: CitationLibrary;
  cache: CitationsCache;
  signal?: AbortSignal;
}

/** The checks with `attribution` set where a library paper credits the claim to another work. */
export async function withAttributions(checks: CitationCheck[], context: AttributionContext): Promise<CitationCheck[]> {
  if (!context.retriever.citationsIn) return checks;
  await Promise.all(
    checks.map(async (check, i) => {
      const path = context.paths[i];
      if (!path || check.verdict === 'not-in-library') return;
      const attribution = await attributionOf(path, check.verdict === 'supported', context);
      if (attribution) check.attribution = attribution;
    }),
  );
  return checks;
}

interface Candidate {
  path: string;
  page: number;
  sentence: string;
  works: LinkedEntry[];
  coverage: number;
}

async function attributionOf(cited: string, supported: boolean, context: AttributionContext): Promise<Attribution | null> {
  // A paper that says the claim itself is its own source: only its own sentences are read then.
  const others = supported ? [] : context.found.filter((p) => p !== cited);
  const papers = [cited, ...new Set(others)].slice(0, 1 + OTHER_PAPERS);
  let best: Candidate | null = null;
  for (const path of papers) {
    const entries = await citationsOf(path, context);
    for (const candidate of citingSentences(path, entries ?? [])) {
      candidate.coverage = statesClaim(context.claim, candidate);
      if (candidate.coverage > (best?.coverage ?? 0)) best = candidate;
    }
  }
  if (!best) return null;
  const xName = context.library.nameOf?.(cited) ?? null;
  // The sentence credits the cited paper itself: the draft cites the source.
  if (best.works.some((w) => w.library === cited || (w.library === null && sameName(citedName(w), xName)))) return null;
  const credited = best.works.filter((w) => w.library !== best!.path && !alreadyCited(w, context.keys));
  if (credited.length === 0) return null;
  const works = credited.map((w) => ({
    name: (w.library ? context.library.nameOf?.(w.library) : null) ?? citedName(w) ?? w.title ?? w.raw.slice(0, 80),
    path: w.library,
    key: w.library ? (context.library.keyForPath?.(w.library) ?? null) : null,
  }));
  const by = context.library.nameOf?.(best.path) ?? best.path.split('/').pop()!;
  const page = context.library.pageLabel?.(best.path, best.page) ?? String(best.page);
  const listed = (names: string[]) => (names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
  const plural = / et al\.| and /.test(by.replace(/\s*\(.*$/, ''));
  const suggestion = works.map((w) => (w.key ? `${w.name}, key ${w.key}` : w.name)).join(' or ');
  return {
    path: best.path,
    page: best.page,
    sentence: best.sentence,
    works,
    text: `${by} ${plural ? 'say' : 'says'} this citing ${listed(works.map((w) => w.name))} [their p. ${page}]; cite ${suggestion}?`,
  };
}

function citationsOf(path: string, context: AttributionContext): Promise<LinkedEntry[] | null> {
  let read = context.cache.get(path);
  if (!read) {
    read = context.retriever.citationsIn!(path, context.signal ? { signal: context.signal } : {}).catch(() => null);
    context.cache.set(path, read);
  }
  return read;
}

/**
 * Each statement of the paper that cites something, with the works it cites there. A sentence is
 * cut where a semicolon, or a conjunction right after a citation ("… due to McCullagh (1980) and
 * with a log-log link, the model is …"), starts another statement: each part is read with its own
 * citations, so a claim is not credited to a work its sentence cites for something else.
 */
function citingSentences(path: string, entries: readonly LinkedEntry[]): Candidate[] {
  const sentences = new Map<string, { page: number; sentence: string; texts: Map<string, LinkedEntry[]> }>();
  for (const entry of entries) {
    for (const mention of entry.mentions) {
      if (!mention.sentence) continue;
      const id = `${mention.page}\u0000${mention.sentence}`;
      let known = sentences.get(id);
      if (!known) sentences.set(id, (known = { page: mention.page, sentence: mention.sentence, texts: new Map() }));
      const cited = known.texts.get(mention.text) ?? [];
      if (!cited.includes(entry)) cited.push(entry);
      known.texts.set(mention.text, cited);
    }
  }
  return [...sentences.values()].flatMap(({ page, sentence, texts }) => {
    // Each citation marked by its number; the citations' own words (names, years) are not the claim's.
    const works: LinkedEntry[][] = [];
    let marked = sentence;
    for (const [text, cited] of texts) {
      if (!text || !marked.includes(text)) continue;
      marked = marked.split(text).join(`\u0001${works.length}\u0002`);
      works.push(cited);
    }
    if (works.length === 0) return [{ path, page, sentence, works: [...new Set([...texts.values()].flat())], coverage: 0 }];
    return marked.split(STATEMENT_BREAK).flatMap((part) => {
      const ids = [...part.matchAll(/\u0001(\d+)\u0002/gu)].map((m) => Number(m[1]));
      if (ids.length === 0) return [];
      return [{ path, page, sentence: part.replace(/\u0001\d+\u0002/gu, ' '), works: [...new Set(ids.flatMap((i) => works[i]!))], coverage: 0 }];
    });
  });
}

/** Where one statement of a sentence ends: a semicolon, or a conjunction right after a citation. */
const STATEMENT_BREAK = /(?<=\u0002)[\s,]*\b(?:and|but|while|whereas)\s+|;\s+/u;

/** How much of the claim the sentence states, 0 when it is not the same claim. */
function statesClaim(claim: Claim, candidate: Candidate): number {
  const judged = judgePassage(claim, candidate.sentence, new Map());
  if (judged.missing.length > 0 || judged.coverage < ATTRIBUTED) return 0;
  const own = contentStems(candidate.sentence);
  const claimed = new Set([...claim.stems, ...claim.contextStems]);
  const held = own.filter((stem) => claimed.has(stem)).length;
  return own.length > 0 && held / own.length >= SAME_SUBJECT ? judged.coverage : 0;
}

/** The draft's sentence cites the work already: by its library paper, or by a key naming its first author and year. */
function alreadyCited(work: LinkedEntry, keys: AttributionContext['keys']): boolean {
  if (work.library !== null) return keys.some((k) => k.path === work.library);
  const family = work.authors[0]?.family ? wordsOf(work.authors[0].family).join('') : '';
  const year = work.year?.match(/\d{4}/)?.[0];
  return family !== '' && year !== undefined && keys.some((k) => k.key.toLowerCase().includes(family) && k.key.includes(year));
}

/** Two names of a work ("Zeileis (2004)", "Zeileis et al. (2004)") with one first author and year. */
function sameName(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const first = (name: string) => wordsOf(name)[0] ?? '';
  const year = (name: string) => name.match(/\b\d{4}\b/)?.[0] ?? null;
  return first(a) === first(b) && year(a) !== null && year(a) === year(b);
}
