/**
 * Clarifying "which paper?" with the library's papers. When the question refers to a paper it does
 * not name ("use the approach from the paper"), or names one ambiguously ("Hothorn et al. (2006)"),
 * the suggested answers are papers of the library that fit the conversation: the papers the
 * reference fits, then the papers whose passages the question's topic finds. A model's suggestion
 * that names no paper of the library is replaced: a click must lead to a paper the index has.
 */
import { paperName } from '../citations/citationLabel';
import { isIndexDamage } from '../index/store/errors';
import type { LibraryPaper, SearchHit } from '../index/types';
import { isAbortError } from '../llm/errors';
import type { Followup } from './api';
import { isAmbiguous } from './libraryPrompt';
import type { GraphRuntime } from './runtime';
import type { ResearchStateType } from './state';

/** Words that refer to a document rather than say what it is about ("the approach from the paper"). */
const DOCUMENT_WORDS = /\b(paper|papers|article|articles|study|studies|publication|vignette|preprint|report|authors?|approach|method)\b/i;
const OPTIONS = 4;
const MIN_CHOICES = 2;

/** True when the clarification is about which paper: the question refers to one, or names several ambiguously. */
export function asksWhichPaper(state: Pick<ResearchStateType, 'question' | 'missingContext' | 'papers' | 'namedPapers'>): boolean {
  if (state.papers.length < 2) return false;
  return isAmbiguous(state.namedPapers) || DOCUMENT_WORDS.test(state.question) || /\bpaper|article|study\b/i.test(state.missingContext);
}

/** The question without the words that only point at a document: what it is about, for the search that finds candidate papers. */
export function topicOf(question: string): string {
  const topic = question.replace(new RegExp(DOCUMENT_WORDS.source, 'gi'), ' ').replace(/\s+/g, ' ').trim();
  return topic.length >= 3 ? topic : question;
}

/** Candidate papers, best first: those the reference fits, then those a search of the question's topic finds. */
export async function candidatePapers(runtime: Pick<GraphRuntime, 'retriever' | 'signal' | 'logger'>, state: ResearchStateType): Promise<LibraryPaper[]> {
  const byPath = new Map(state.papers.map((p) => [p.path, p]));
  const ordered: LibraryPaper[] = state.namedPapers.map((p) => ({ path: p.path, paper: p.paper }));
  let hits: SearchHit[] = [];
  try {
    hits = await runtime.retriever.search(topicOf(state.question), { k: 20, ...(runtime.signal ? { signal: runtime.signal } : {}) });
  } catch (error) {
    if (isAbortError(error, runtime.signal) || isIndexDamage(error)) throw error;
    runtime.logger.warn('clarification: the search for candidate papers failed', error);
  }
  for (const hit of hits) {
    const paper = byPath.get(hit.path);
    if (paper) ordered.push(paper);
  }
  const seen = new Set<string>();
  const found = ordered.filter((p) => !seen.has(p.path) && seen.add(p.path));
  // A choice needs two: when the topic finds one paper, the library's next one is offered beside it.
  for (const paper of state.papers) {
    if (found.length >= MIN_CHOICES) break;
    if (!seen.has(paper.path) && seen.add(paper.path)) found.push(paper);
  }
  return found;
}

/** "In Leisch (2004)": the question again, naming the paper by author, year and title. */
export function paperOption(question: string, candidate: LibraryPaper): Followup {
  const name = paperName(candidate.paper) ?? candidate.path;
  const title = candidate.paper.authors && candidate.paper.title ? `, ${candidate.paper.title}` : '';
  return { label: name, prompt: `${question.replace(/[?.!]\s*$/, '')} (in ${name}${title})?` };
}

/**
 * The model's options that name a paper of the library (the retriever's own mention matching
 * decides), then candidates not already offered, up to OPTIONS; an option naming no paper is
 * dropped.
 */
export async function checkedPaperOptions(
  runtime: Pick<GraphRuntime, 'retriever'>,
  question: string,
  fromModel: readonly Followup[],
  candidates: readonly LibraryPaper[],
): Promise<Followup[]> {
  const kept: Followup[] = [];
  const offered = new Set<string>();
  for (const option of fromModel) {
    const named = (await runtime.retriever.namedPapers?.(`${option.label}. ${option.prompt}`)) ?? [];
    // A paper it names outright, or the one paper a weaker reference fits ("the FlexMix paper" fits two: not named).
    const strong = named.filter((p) => p.strength >= 0.75);
    const weaker = named.filter((p) => p.strength >= 0.6);
    const names = strong.length > 0 ? strong : weaker.length === 1 ? weaker : [];
    if (names.length === 0 || names.every((p) => offered.has(p.path))) continue;
    names.forEach((p) => offered.add(p.path));
    kept.push(option);
  }
  for (const candidate of candidates) {
    if (kept.length >= OPTIONS) break;
    if (!offered.has(candidate.path)) {
      offered.add(candidate.path);
      kept.push(paperOption(question, candidate));
    }
  }
  return kept.slice(0, OPTIONS);
}
