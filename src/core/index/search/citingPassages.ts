/**
 * Where the library's papers cite a work a question names ("Which papers in my library cite
 * Chaussé (2010)?", "What does the lme4 paper say about Pinheiro and Bates (2000)?"): the stored
 * reference lists linked to the library (src/core/papers/references/question.ts), each citation
 * found in the passage of its page that prints it. Search alone ranks the reference lists, not
 * the sentences that cite, and cannot tell "Zeileis (2004)" cited from written about.
 */
import type { PaperSource } from '../papers/paperSource';
import { readStoredReferences } from '../papers/storedReferences';
import { citationGraph } from '../../papers/references/graph';
import { citingPlaces, namedWorks } from '../../papers/references/question';
import type { IndexStore } from '../store/indexStore';
import type { CitingPassages, SearchHit } from '../types';
import { documentPassages } from './documentPassages';

/** Passages kept: enough for a synthesis to name every citing paper of a much-cited work, few enough for its context. */
export const MAX_CITING_PASSAGES = 12;

export async function citingPassages(
  store: IndexStore,
  papers: PaperSource | undefined,
  question: string,
  options: { named?: readonly string[]; signal?: AbortSignal } = {},
): Promise<CitingPassages | null> {
  const { signal } = options;
  // Cheap first: no work named by author and year, nothing to read.
  if (namedWorks(question).length === 0) return null;
  const library = papers ? await papers.current(signal) : null;
  const graph = citationGraph(library ? library.records.values() : [], await readStoredReferences(store));
  const found = citingPlaces(question, graph, options.named ?? []);
  if (!found) return null;
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  const citing = new Set<string>();
  // Round-robin over the citing papers, so a paper that cites the work twenty times leaves room for the others.
  const queues = found.places.map((place) => ({ place, mentions: [...place.mentions] }));
  while (hits.length < MAX_CITING_PASSAGES && queues.some((q) => q.mentions.length > 0)) {
    for (const queue of queues) {
      const mention = queue.mentions.shift();
      if (!mention || hits.length >= MAX_CITING_PASSAGES) continue;
      const page = await documentPassages(store, queue.place.path, {
        pages: { from: mention.page, to: mention.page },
        limit: 100,
        ...(signal ? { signal } : {}),
      });
      const printed = folded(mention.text);
      const start = folded(mention.sentence).slice(0, 60);
      const passage = page.find((p) => folded(p.text).includes(printed)) ?? (start ? page.find((p) => folded(p.text).includes(start)) : undefined);
      citing.add(queue.place.path);
      if (!passage || seen.has(passage.id)) continue;
      seen.add(passage.id);
      const paper = library?.ref(passage.path);
      hits.push({ ...passage, score: 1, ...(paper ? { paper } : {}) });
    }
  }
  return { works: found.works.map((w) => w.text), citing: [...citing], hits };
}

function folded(text: string): string {
  return text.replace(/-\s+/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}
