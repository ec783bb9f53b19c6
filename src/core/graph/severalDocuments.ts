/**
 * Questions whose answer lies in more than one document ("Which two papers analyse the alzheimer
 * data?", "… in both the ctree vignette and the mob paper", "Which reports the bigger speed-up:
 * the Rcpp sugar benchmark or the RcppArmadillo Kalman filter benchmark?"), and the passages an
 * answer without a model quotes for them: the best passage of each document first. Quoting the
 * three best-ranked passages gave such a question three passages of one paper, so the answer
 * cited one of the two papers it needs.
 */
import { analyzeQuery } from '../index/search/query';
import { asksAcrossDocuments } from '../index/search/acrossDocuments';
import type { NamedPaper, Retriever, SearchHit } from '../index/types';

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
/** A paper named by its first author's family name alone, no year (papers/mentions.ts). */
const NAMED_BY_NAME_ALONE = 0.4;
/** The documents an answer without a model quotes first (degraded.ts's QUOTES). */
const QUOTED_DOCUMENTS = 3;

/**
 * For a question across documents, the documents it is about placed first in `hits`. "Which two
 * papers fit a mixture of regressions to the NPreg data?" is about the documents that hold its
 * rarest word held by more than one document (its shared subject: `NPreg`, `Boston`, `GBSG2`,
 * `Titanic`). Among them, the ones the question's words gather in come first ("the mob paper":
 * the holder of `GBSG2` that holds most of the passages of `mob`, not the party vignette, which
 * holds `GBSG2` too), and from each, its best full-text hit for the question that holds the
 * subject (the NPreg example, not an introduction page that shares "mixture of regressions"):
 * one of them second, after the first hit, when the first hit's document holds the subject; two
 * first when it does not (the survival papers a question about the Titanic survival data reaches
 * by "survival" never name the data), keeping the first hit's document among the quoted ones.
 * Not for a question that names two documents or more (`named`): search reaches each of them, and
 * "In Hothorn, Bretz and Westfall (2008), …" names two candidates of one document, where a second
 * one in its place took its answer's quote (papers-heldout-1 ph06); nor for one only its named
 * paper makes a question across documents. Without such a word (every shared word common), when
 * every hit comes from one document, the best hit of a search outside it comes second. Otherwise
 * `hits` as they are.
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
  // A family name alone (Bates's other paper beside "Bates's 'Comparing Least Squares Calculations'") is a candidate search weighs, not a named document.
  const named = new Set((options.named ?? []).filter((paper) => paper.strength > NAMED_BY_NAME_ALONE).map((paper) => paper.path));
  if (named.size >= 2) return asksAcrossDocuments(question) ? withEachNamed(retriever, question, hits, [...named], { k: options.k, ...signal }) : hits;
  const subject = named.size === 0 || asksAcrossDocuments(question) ? await sharedSubject(retriever, question, signal) : null;
  if (subject) {
    const firstHolds = subject.documents.has(first);
    const others = [...subject.documents].filter((path) => path !== first).sort((a, b) => subject.gathered(b) - subject.gathered(a));
    const wanted: SearchHit[] = [];
    for (const path of others.slice(0, firstHolds ? 1 : QUOTED_DOCUMENTS - 1)) {
      // Deep enough to reach its passages that hold the subject (fewer than SUBJECT_MAX_PASSAGES).
      const inside = await retriever.search(question, { k: SUBJECT_MAX_PASSAGES, paths: [path], mode: 'fts', ...signal });
      const best = inside.find((hit) => subject.heldBy(hit.text)) ?? inside[0];
      if (best) wanted.push(best);
    }
    if (wanted.length === 0) return hits;
    const rest = hits.filter((hit) => !wanted.some((w) => w.id === hit.id));
    return firstHolds ? [hits[0]!, ...wanted, ...rest.slice(1)] : [...wanted, ...rest];
  }
  const found = new Set(hits.map((hit) => hit.path));
  if (found.size > 1) return hits;
  const others = (await retriever.listDocuments()).map((d) => d.path).filter((path) => !found.has(path));
  if (others.length === 0) return hits;
  const more = await retriever.search(question, { k: options.k, paths: others, ...signal });
  return more.length > 0 ? [hits[0]!, more[0]!, ...hits.slice(1)] : hits;
}

/** Each named document among the first quoted ones: the best hit of a search inside each one they lack, after the first hit. */
async function withEachNamed(
  retriever: Pick<Retriever, 'search'>,
  question: string,
  hits: SearchHit[],
  named: readonly string[],
  options: { k: number; signal?: AbortSignal },
): Promise<SearchHit[]> {
  const quoted = [...new Set(hits.map((hit) => hit.path))].slice(0, QUOTED_DOCUMENTS);
  const wanted: SearchHit[] = [];
  for (const path of named.filter((p) => !quoted.includes(p)).slice(0, QUOTED_DOCUMENTS - 1)) {
    const best = (await retriever.search(question, { ...options, paths: [path] }))[0];
    if (best) wanted.push(best);
  }
  return wanted.length === 0 ? hits : [hits[0]!, ...wanted, ...hits.slice(1).filter((hit) => !wanted.some((w) => w.id === hit.id))];
}

interface SharedSubject {
  /** The documents holding the subject word. */
  documents: Set<string>;
  /** Whether a passage's text holds the subject word. */
  heldBy(text: string): boolean;
  /** How much of the question's words a document holds: per word, its share of the passages full-text search found for the word alone. */
  gathered(path: string): number;
}

/**
 * The question's rarest content word held by more than one document (the fewest passages found
 * for it alone, by full-text search, fewer than SUBJECT_MAX_PASSAGES) and the documents holding
 * it; null when no such word.
 */
async function sharedSubject(retriever: Pick<Retriever, 'search'>, question: string, signal: { signal?: AbortSignal }): Promise<SharedSubject | null> {
  let rarest: { word: string; passages: number; documents: Set<string> } | null = null;
  const shares = new Map<string, number>();
  for (const term of analyzeQuery(question).terms) {
    const found = await retriever.search(term, { k: SUBJECT_MAX_PASSAGES, mode: 'fts', ...signal });
    for (const hit of found) shares.set(hit.path, (shares.get(hit.path) ?? 0) + 1 / found.length);
    const documents = new Set(found.map((hit) => hit.path));
    if (found.length >= SUBJECT_MAX_PASSAGES || documents.size < 2) continue;
    if (!rarest || found.length < rarest.passages) rarest = { word: term, passages: found.length, documents };
  }
  if (!rarest) return null;
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${rarest.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');
  return { documents: rarest.documents, heldBy: (text) => word.test(text), gathered: (path) => shares.get(path) ?? 0 };
}
