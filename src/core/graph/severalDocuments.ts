/**
 * Questions whose answer lies in more than one document ("Which two papers analyse the alzheimer
 * data?", "… in both the ctree vignette and the mob paper", "Which reports the bigger speed-up:
 * the Rcpp sugar benchmark or the RcppArmadillo Kalman filter benchmark?"), and the passages an
 * answer without a model quotes for them: the best passage of each document first. Quoting the
 * three best-ranked passages gave such a question three passages of one paper, so the answer
 * cited one of the two papers it needs.
 */
import { analyzeQuery } from '../index/search/query';
import type { NamedPaper, Retriever, SearchHit } from '../index/types';

const DOCUMENT = '(?:papers?|articles?|vignettes?|documents?|manuals?|books?|studies|reports?|guides?)';
/** "two papers", "both sandwich papers", "the three vignettes", "which papers", "different articles". */
const COUNTED = new RegExp(`\\b(?:two|three|four|both|several|different|which|what)\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,2}${DOCUMENT}\\b`, 'iu');
/** "in both the ctree vignette and the mob paper", "the e1071 SVM article and the kernlab paper". */
const BOTH = /\bboth\b/i;
const PAIRED = new RegExp(`\\b${DOCUMENT}\\s+and\\s+(?:the|in|of)\\b`, 'i');
/** "Which reports the bigger speed-up: A or B?": a comparison of two things named apart. */
const COMPARED = /\b(?:which|who)\b[^?]*\b(?:bigger|larger|smaller|faster|slower|more|fewer|less|higher|lower|better|worse|longer|shorter)\b[^?]*\bor\b/i;
/** A singular document noun right after "which": "Which paper …" asks for one. */
const ONE = new RegExp(`\\b(?:which|what)\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,2}(?:paper|article|vignette|document|manual|book|study|report|guide)\\b(?!s)`, 'iu');

/** Whether the question asks about (or compares) more than one document. */
export function asksAcrossDocuments(question: string, named: readonly NamedPaper[] = []): boolean {
  if (new Set(named.map((p) => p.path)).size >= 2) return true;
  if (COUNTED.test(question) && !(ONE.test(question) && !/\b(?:two|three|four|both|several|different)\b/i.test(question))) return true;
  return BOTH.test(question) || PAIRED.test(question) || COMPARED.test(question);
}

/**
 * `count` passages to quote from `hits` (best first): for a question across documents the best
 * passage of each document in rank order, then the rest in rank order; otherwise the first `count`.
 */
export function quotedPassages(hits: readonly SearchHit[], count: number, acrossDocuments: boolean): SearchHit[] {
  if (!acrossDocuments) return hits.slice(0, count);
  const seen = new Set<string>();
  const firsts = hits.filter((hit) => !seen.has(hit.path) && seen.add(hit.path));
  const picked = firsts.slice(0, count);
  const rest = hits.filter((hit) => !picked.includes(hit)).slice(0, count - picked.length);
  // Kept in rank order, so the quotes read best first.
  return hits.filter((hit) => picked.includes(hit) || rest.includes(hit));
}

/** A word held by fewer passages than this is rare enough to name what a question is about. */
const SUBJECT_MAX_PASSAGES = 40;
/** The documents an answer without a model quotes first (degraded.ts's QUOTES). */
const QUOTED_DOCUMENTS = 3;

/**
 * For a question across documents, a second document placed second in `hits` when its first
 * documents lack one: "Which two papers fit a mixture of regressions to the NPreg data?" asks
 * about the documents that hold its rarest word (the shared subject: `NPreg`, `Boston`, `GBSG2`),
 * so when no other document among the first quoted ones holds the rarest word that the first hit's
 * document shares with others, the best hit of a search inside those others comes second. Not for
 * a question that names papers (`named`): "In Hothorn, Bretz and Westfall (2008), …" names its
 * document, and a second one in its place took its answer's quote (papers-heldout-1 ph06). Without
 * such a word (every shared word common), as before: when every
 * hit comes from one document, the best hit of a search outside it. Otherwise `hits` as they are.
 */
export async function withAnotherDocument(
  retriever: Pick<Retriever, 'search' | 'listDocuments'>,
  question: string,
  hits: SearchHit[],
  options: { k: number; signal?: AbortSignal; named?: readonly NamedPaper[] },
): Promise<SearchHit[]> {
  if (hits.length === 0) return hits;
  const signal = options.signal ? { signal: options.signal } : {};
  const first = hits[0]!.path;
  // Papers the question names are its documents (search reaches each of them): no subject to look for.
  const holders = (options.named?.length ?? 0) === 0 ? await sharedSubject(retriever, question, first, signal) : null;
  if (holders) {
    const quoted = [...new Set(hits.map((hit) => hit.path))].slice(0, QUOTED_DOCUMENTS);
    if (quoted.some((path) => path !== first && holders.has(path))) return hits;
    const more = await retriever.search(question, { k: options.k, paths: [...holders].filter((path) => path !== first), ...signal });
    return more.length > 0 ? [hits[0]!, more[0]!, ...hits.slice(1).filter((hit) => hit.id !== more[0]!.id)] : hits;
  }
  const found = new Set(hits.map((hit) => hit.path));
  if (found.size > 1) return hits;
  const others = (await retriever.listDocuments()).map((d) => d.path).filter((path) => !found.has(path));
  if (others.length === 0) return hits;
  const more = await retriever.search(question, { k: options.k, paths: others, ...signal });
  return more.length > 0 ? [hits[0]!, more[0]!, ...hits.slice(1)] : hits;
}

/**
 * The documents holding the question's rarest content word among those `first` holds with at
 * least one other document (the fewest passages found for it alone, by full-text search, fewer
 * than SUBJECT_MAX_PASSAGES); null when no such word.
 */
async function sharedSubject(
  retriever: Pick<Retriever, 'search'>,
  question: string,
  first: string,
  signal: { signal?: AbortSignal },
): Promise<Set<string> | null> {
  let rarest: { passages: number; documents: Set<string> } | null = null;
  for (const term of analyzeQuery(question).terms) {
    const found = await retriever.search(term, { k: SUBJECT_MAX_PASSAGES, mode: 'fts', ...signal });
    const documents = new Set(found.map((hit) => hit.path));
    if (found.length >= SUBJECT_MAX_PASSAGES || !documents.has(first) || documents.size < 2) continue;
    if (!rarest || found.length < rarest.passages) rarest = { passages: found.length, documents };
  }
  return rarest?.documents ?? null;
}
