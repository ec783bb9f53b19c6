/**
 * Questions whose answer lies in more than one document ("Which two papers analyse the alzheimer
 * data?", "… in both the ctree vignette and the mob paper", "Which reports the bigger speed-up:
 * the Rcpp sugar benchmark or the RcppArmadillo Kalman filter benchmark?"), and the passages an
 * answer without a model quotes for them: the best passage of each document first. Quoting the
 * three best-ranked passages gave such a question three passages of one paper, so the answer
 * cited one of the two papers it needs.
 */
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

/**
 * For a question across documents whose hits all come from one document (a paper that repeats
 * the question's words on every page fills the list), the best hit of one more search outside
 * that document, placed second: "which two papers" then quotes both. Otherwise `hits` as they are.
 */
export async function withAnotherDocument(
  retriever: Pick<Retriever, 'search' | 'listDocuments'>,
  question: string,
  hits: SearchHit[],
  options: { k: number; signal?: AbortSignal },
): Promise<SearchHit[]> {
  const found = new Set(hits.map((hit) => hit.path));
  if (hits.length === 0 || found.size > 1) return hits;
  const others = (await retriever.listDocuments()).map((d) => d.path).filter((path) => !found.has(path));
  if (others.length === 0) return hits;
  const more = await retriever.search(question, { k: options.k, paths: others, ...(options.signal ? { signal: options.signal } : {}) });
  return more.length > 0 ? [hits[0]!, more[0]!, ...hits.slice(1)] : hits;
}
