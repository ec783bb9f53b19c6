/**
 * The absence signal's questions to the index (./absence.ts), answered by LanceDB's full-text
 * index, so a word is matched with the same tokenizer and stemmer as search ("threads" finds
 * "thread"). Counts are cached per retriever: the same words come back across a turn's queries.
 * The documents' name words come from the document list (./documentList.ts).
 */
import { FTS_TEXT_COLUMN } from './ftsQuery';
import { loadLanceDb } from '../store';
import type { IndexStore } from '../store/indexStore';
import { sqlIn } from '../sql';
import { DF_CAP, type TermLookup } from './absence';
import { documentNameWords } from './absenceCues';
import { cachedDocumentList, type DocumentList } from './documentList';

const CACHED_TERMS = 2000;

export function indexTermLookup(store: IndexStore, documentList: DocumentList = cachedDocumentList(store)): TermLookup {
  const counts = new Map<string, Promise<number>>();
  async function rows(term: string, phrase: boolean, filter: string | null, limit: number): Promise<Array<{ id: string }>> {
    const { MatchQuery, PhraseQuery } = await loadLanceDb();
    const match = phrase ? new PhraseQuery(term, FTS_TEXT_COLUMN) : new MatchQuery(term, FTS_TEXT_COLUMN);
    let query = store.table.query().fullTextSearch(match).select(['id']).limit(limit);
    if (filter) query = query.where(filter);
    return (await query.toArray()) as Array<{ id: string }>;
  }
  return {
    documentFrequency(term, phrase = false) {
      const key = `${phrase ? '"' : ''}${term}`;
      let count = counts.get(key);
      if (!count) {
        if (counts.size >= CACHED_TERMS) counts.clear();
        count = rows(term, phrase, null, DF_CAP).then((found) => found.length);
        counts.set(key, count);
        count.catch(() => counts.delete(key));
      }
      return count;
    },
    async containing(term, ids, phrase = false) {
      if (ids.length === 0) return new Set();
      return new Set((await rows(term, phrase, sqlIn('id', ids), ids.length)).map((row) => row.id));
    },
    total: () => store.countChunks(),
    documentNameWords: async () => documentNameWords(await documentList()),
  };
}
