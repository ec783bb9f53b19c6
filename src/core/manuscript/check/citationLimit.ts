/**
 * How many cited keys one check judges. Each costs a search of the library and a read of the
 * cited paper's pages; a thesis cites a few hundred to a couple of thousand, while a hostile draft
 * (`[@a ` repeated for a megabyte) cites hundreds of thousands. Past the limit the rest of the
 * draft is not checked, and a note says where the check stopped and how to check the rest.
 */
import type { CitedSentence } from '../parsedDraft';

export const MAX_CHECKED_CITATIONS = 2000;

export interface LimitedSentences {
  /** The sentences checked: the first ones, up to the limit (the last one cut to fit). */
  sentences: CitedSentence[];
  /** Cited keys in all the sentences given. */
  total: number;
  /** Cited keys kept. */
  kept: number;
  /** 1-based line of the last key kept; null when nothing was cut. */
  lastLine: number | null;
}

export function limitCitations(sentences: readonly CitedSentence[], max = MAX_CHECKED_CITATIONS): LimitedSentences {
  const total = sentences.reduce((n, s) => n + keysOf(s), 0);
  if (total <= max) return { sentences: [...sentences], total, kept: total, lastLine: null };
  const kept: CitedSentence[] = [];
  let count = 0;
  for (const sentence of sentences) {
    if (count + keysOf(sentence) <= max) {
      kept.push(sentence);
      count += keysOf(sentence);
      continue;
    }
    // The sentence that crosses the limit keeps its first keys, cut inside a citation if need be.
    const citations: CitedSentence['citations'] = [];
    for (const citation of sentence.citations) {
      if (count === max) break;
      const keys = citation.keys.slice(0, max - count);
      citations.push({ ...citation, keys });
      count += keys.length;
    }
    if (citations.length > 0) kept.push({ ...sentence, citations });
    break;
  }
  const last = kept[kept.length - 1]?.citations.at(-1)?.keys.at(-1);
  return { sentences: kept, total, kept: count, lastLine: last ? last.range.start.line : null };
}

function keysOf(sentence: CitedSentence): number {
  return sentence.citations.reduce((n, c) => n + c.keys.length, 0);
}

/** The note a check cut at the limit adds: what was checked, and how to check the rest. */
export function limitNote(draftName: string, limited: LimitedSentences): string | null {
  if (limited.lastLine === null) return null;
  return (
    `${draftName} cites ${limited.total.toLocaleString('en')} keys: only the first ${limited.kept.toLocaleString('en')} (to line ${limited.lastLine}) ` +
    `were checked, the most one check takes; check the rest a part at a time (in the editor, select it and run Check Citations)`
  );
}
