/**
 * A question about who cites a work, or how a paper cites it, answered from the library's
 * reference links (Retriever.citingPassages): the passages where the citing papers cite it come
 * first, so the answer cites each citing sentence's page. Only a refinement: a retriever without
 * the links, or a question not about citations, leaves the search's passages as they are.
 */
import { isAbortError } from '../llm/errors';
import { isIndexDamage } from '../index/store/errors';
import type { NamedPaper, SearchHit } from '../index/types';
import { dataLine } from './passages';
import type { GraphRuntime } from './runtime';

export async function citingHits(runtime: GraphRuntime, agent: string, question: string, named: readonly NamedPaper[]): Promise<SearchHit[]> {
  if (!runtime.retriever.citingPassages) return [];
  try {
    const found = await runtime.retriever.citingPassages(question, { named: named.map((p) => p.path), ...(runtime.signal ? { signal: runtime.signal } : {}) });
    if (!found || found.hits.length === 0) return [];
    const papers = found.citing.length;
    runtime.emit({
      type: 'progress',
      agent,
      message: `Reading where ${papers} paper${papers === 1 ? '' : 's'} of the library cite${papers === 1 ? 's' : ''} ${dataLine(found.works.join(', '))}`,
    });
    return found.hits;
  } catch (error) {
    if (isAbortError(error, runtime.signal) || isIndexDamage(error)) throw error;
    runtime.logger.warn("citations: the library's reference links could not be read; searching as usual", error);
    return [];
  }
}

/** The citing passages first, then the search's own (without the ones already listed). */
export function citingFirst(citing: readonly SearchHit[], chunks: readonly SearchHit[]): SearchHit[] {
  if (citing.length === 0) return [...chunks];
  const ids = new Set(citing.map((h) => h.id));
  return [...citing, ...chunks.filter((h) => !ids.has(h.id))];
}
