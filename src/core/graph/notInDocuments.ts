/**
 * The "not in your documents" answer: said plainly, with the closest passages quoted and cited (so
 * the user can check the verdict, and see what the documents do say nearby), and a rephrase to try.
 * Used by the notFound node (after research) and by the extractive path (no LLM); no LLM call.
 */
import { isIndexDamage } from '../index/store/errors';
import type { Absence, SearchHit } from '../index/types';
import { isAbortError } from '../llm/errors';
import type { Citation } from './api';
import { excerpt } from './excerpt';
import { citationOf, placeOfHit } from './passages';
import { citationLabel } from '../citations/citationLabel';
import type { GraphRuntime } from './runtime';

/** Closest passages shown: enough to check the verdict, few enough to read. */
const CLOSEST = 3;

export interface NotInDocuments {
  answer: string;
  passages: SearchHit[];
  citations: Citation[];
}

export function notInDocumentsAnswer(question: string, hits: readonly SearchHit[], absence: Absence): NotInDocuments {
  const passages = hits.slice(0, CLOSEST);
  const lead = 'This is not in your documents: none of the indexed passages answers it.';
  const closest = passages.map((hit, i) => quoted(hit, i + 1, question));
  const missing = absence.missing?.length ? ` None of them mentions ${absence.missing.map((w) => `"${w}"`).join(' or ')};` : '';
  const rephrase = `${missing} if the documents use other words for it, ask again with those, or name the document to search.`;
  const answer = [
    lead,
    ...(closest.length ? ['The closest passages:', ...closest] : []),
    `_Try rephrasing:${rephrase.charAt(0) === ' ' ? rephrase : ` ${rephrase}`}_`,
  ].join('\n\n');
  return { answer, passages, citations: passages.map((hit, i) => citationOf(hit, i + 1)) };
}

/** A passage as a block quote with its citation marker and source line (as the extractive answer quotes). */
export function quoted(hit: SearchHit, n: number, question: string): string {
  const { markdown, endsWithCode } = excerpt(hit.text, question);
  const body = markdown
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  // After a closing fence the marker needs its own line: "``` [1]" would not close the block.
  const marker = endsWithCode ? `\n>\n> [${n}]` : ` [${n}]`;
  return `${body}${marker}\n\n— ${citationLabel(placeOfHit(hit))}`;
}

/**
 * The retriever's absence verdict on these hits, or null when it has none (a retriever without the
 * signal, a failed lookup): without a verdict the turn answers as before, never refuses.
 */
export async function absenceOf(runtime: GraphRuntime, question: string, hits: readonly SearchHit[]): Promise<Absence | null> {
  if (!runtime.retriever.assessAbsence || hits.length === 0) return null;
  try {
    return await runtime.retriever.assessAbsence(question, hits);
  } catch (error) {
    if (isAbortError(error, runtime.signal) || isIndexDamage(error)) throw error;
    runtime.logger.warn('the "not in your documents" check failed; answering from the passages found', error);
    return null;
  }
}
