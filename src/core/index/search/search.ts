/**
 * Search over the chunks table: full-text (BM25 over LanceDB's FTS index), vector (cosine over
 * the embeddings) or both fused by reciprocal rank (hybrid, the default when vectors exist).
 *
 * Each side fetches more candidates than asked for, so fusion can promote a chunk that one side
 * ranks modestly but the other ranks well. When one side fails (no FTS index yet, embedder down)
 * search degrades to the other and logs why; it throws only when no side can answer.
 */
import { isEmbedderDown } from '../embed/errors';
import type { Embedder } from '../embed/embedder';
import { candidateLists, NO_IDENTIFIER_ROWS, noNamedRows, type Row, type VectorRows } from './candidates';
import { reciprocalRankFusion } from './fusion';
import { passageKey } from './distinct';
import { bothFound, reachRareNames } from './rareNames';
import { agreedFirstPassage, lexicalOrder, withAgreedFirst } from './agreedFirst';
import { agreedInScope, keepAgreedInScope } from './scopedAgreement';
import { documentPassages, hitOfRow } from './documentPassages';
import { citingPassages } from './citingPassages';
import { citationsIn } from './citationsIn';
import { rerankBySentences } from './sentenceRerank';
import { storedSentenceVectors } from './storedSentenceVectors';
import { cachedSentenceEmbedder } from './sentenceVectorCache';
import { analyzeQuery, rerankTerms, splitQuestion, tokenPieces, withoutWords, type AnalyzedQuery } from './query';
import { sqlIn } from '../sql';
import { assessAbsence } from './absence';
import { asksAcrossDocuments } from './acrossDocuments';
import { asksAboutReferences, belowPassages, isReferenceList } from './referenceLists';
import { asksAboutContents, isContentsPassage } from './contentsPages';
import { EACH_PAPER_WITHIN, MIN_MENTION, paperGroups, PRECISE_MENTION, reachEachPaper, SIDE_BY_SIDE_MENTION } from './paperGroups';
import type { PaperMention } from '../../papers/mentions';
import { indexTermLookup } from './termLookup';
import { cachedDocumentList } from './documentList';
import { documentsNamedBy } from './docScope';
import { DEFAULT_VECTOR_INDEX_SEARCH } from './vectorIndexSearch';
import { isIndexDamage } from '../store/errors';
import type { IndexStore } from '../store/indexStore';
import type { DocumentInfo, DocumentKind, IndexStats, Retriever, SearchHit, SearchOptions } from '../types';
import type { RetrieverOptions } from './retrieverOptions';

export class SearchError extends Error {
  readonly code: 'no-search-method' | 'search-failed';
  constructor(code: SearchError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchError';
    this.code = code;
  }
}

const DEFAULT_K = 10;
/**
 * Measured on the dev questions with all-MiniLM-L6-v2 (docs/benchmarks.md): vectors alone found 0.61 at
 * hit@5 where BM25 found 0.89, and an equal vote let them push BM25's first hits down (hit@1 0.61
 * vs 0.72); at half weight they still rescue paraphrased questions (held-out hit@1 0.7 -> 0.8).
 */
const DEFAULT_VECTOR_WEIGHT = 0.5;
/** Questions that ask two things get a vector list per part (measured in docs/benchmarks.md). */
const DEFAULT_PART_WEIGHT = 0.5;
/**
 * The rerank: the first 8 fused hits, the 2 sentences of each richest in the question's words
 * embedded (16 a query). Measured in docs/benchmarks.md over 4 question sets against 1-4 sentences and
 * 3-10 hits: the fewest sentences that bring dev hit@1 back to 0.78 (lexical order alone: 0.67)
 * while keeping every held-out hit@1 and hit@5 at or above full-text's. Fewer hits (3, 5)
 * or one sentence each lost held-out rank-1 hits; every sentence of 10 hits (~90) gained nothing
 * more at five times the cost.
 */
const DEFAULT_SENTENCE_RERANK = 8;
const DEFAULT_SENTENCE_VECTORS = 2;
/**
 * Measured in docs/benchmarks.md on four question sets: in full-text search weight 1 lifted dev hit@1
 * (0.72 -> 0.78) and weight 2 cost two held-out hit@1s; in hybrid search weight 1 left the one dev
 * miss (q030) at rank 8 and weight 2 brought it to 4, changing nothing else. A defining entry
 * ("Name: what it does") is short and embeds poorly, so the vector lists rarely vote for it.
 */
const DEFAULT_DEFINITION_WEIGHT = { fullText: 1, hybrid: 2 };
/**
 * After the embedder timed out or could not be reached, queries go full-text only for this long:
 * a turn searches several queries, and each would otherwise wait out the same limit again.
 */
const EMBEDDER_RETRY_MS = 60_000;

export function createRetriever(store: IndexStore, embedder: Embedder | null, options: RetrieverOptions = {}): Retriever {
  const candidateFactor = options.candidateFactor ?? 4;
  const minCandidates = options.minCandidates ?? 40;
  const ftsWeight = options.ftsWeight ?? 1;
  const vectorWeight = options.vectorWeight ?? DEFAULT_VECTOR_WEIGHT;
  const namedDocWeight = options.namedDocWeight ?? 1;
  const logger = options.logger;

  const stripNameWords = options.stripNameWords ?? true;
  const partWeight = options.partWeight ?? DEFAULT_PART_WEIGHT;
  const sentenceRerank = options.sentenceRerank ?? DEFAULT_SENTENCE_RERANK;
  const sentenceVectors = options.sentenceVectors ?? DEFAULT_SENTENCE_VECTORS;
  const identifierWeight = options.identifierWeight ?? 1;
  const sentenceEmbedder = embedder && cachedSentenceEmbedder(embedder);
  const loadStoredSentences = sentenceEmbedder && storedSentenceVectors(store, sentenceEmbedder, logger);
  let embedderDownUntil = 0;
  // One read of the document list serves the named-document list and the absence signal's names.
  const documentList = options.documentList ?? cachedDocumentList(store);
  const termLookup = indexTermLookup(store, documentList);

  /** Says once per outage why search is full-text only; other failures are logged each time. */
  function vectorFailed(error: unknown): void {
    const down = isEmbedderDown(error);
    if (!down) return void logger?.warn('vector search failed; using full-text search only', error);
    if (performance.now() < embedderDownUntil) return;
    embedderDownUntil = performance.now() + EMBEDDER_RETRY_MS;
    const action = (error as { action?: unknown }).action;
    logger?.warn(`vector search failed; using full-text search only: ${error.message}${typeof action === 'string' ? ` (${action})` : ''}`);
  }

  const paperWeight = options.paperWeight ?? 1;
  const stripPaperWords = options.stripPaperWords ?? true;

  /** The papers a question names inside the allowed documents, and the words that named them. */
  async function mentionsOf(query: string, allowed: readonly string[] | undefined, signal?: AbortSignal): Promise<PaperMention[]> {
    if (!options.papers) return [];
    const library = await options.papers.current(signal);
    const mentions = library.namedBy(query).filter((m) => m.strength >= MIN_MENTION);
    return allowed && allowed.length > 0 ? mentions.filter((m) => allowed.includes(m.path)) : mentions;
  }

  const { ftsSide, vectorSide, namedDocumentRows, paperRows, identifierRows } = candidateLists(store, embedder, {
    phrases: options.phrases,
    stripNameWords,
    vectorIndex: options.vectorIndex ?? DEFAULT_VECTOR_INDEX_SEARCH,
    logger,
  });

  /** Hits from rows, each carrying its paper's reference when the library knows it. */
  async function hitMaker(signal?: AbortSignal): Promise<(row: Row, score: number) => SearchHit> {
    const library = options.papers ? await options.papers.current(signal) : null;
    return (row, score) => {
      const hit = hitOfRow(row, score);
      const paper = library?.ref(hit.path);
      const own = library?.isOwnWords(hit.path) ? { ownWords: true as const } : {};
      return paper ? { ...hit, paper, ...own } : { ...hit, ...own };
    };
  }

  return {
    async search(query: string, searchOptions: SearchOptions = {}): Promise<SearchHit[]> {
      const { signal } = searchOptions;
      signal?.throwIfAborted();
      const k = Math.max(1, searchOptions.k ?? DEFAULT_K);
      if (query.trim() === '') return [];
      const filter = searchOptions.paths && searchOptions.paths.length > 0 ? sqlIn('path', searchOptions.paths) : null;
      const limit = Math.max(k * candidateFactor, minCandidates);
      const requested = searchOptions.mode ?? 'auto';
      // Only an explicit vector search still asks an embedder that just failed.
      const canVector = embedder !== null && store.hasVectors() && (requested === 'vector' || performance.now() >= embedderDownUntil);
      const useFts = requested !== 'vector';
      const useVector = canVector && (requested === 'vector' || requested === 'hybrid' || requested === 'auto');
      if (!useFts && !useVector) {
        throw new SearchError('no-search-method', 'vector search needs an index built with embeddings and an embedder to embed the query');
      }

      const analyzed = analyzeQuery(query);
      const found = await mentionsOf(query, searchOptions.paths, signal);
      // A title the question echoes that the file's name also echoes is searched as before, by the
      // named-document list (a manual's "Auto Multiple Choice" is its file's name too).
      // Matched once and shared with the named-document list (5,000 paths in a library: ~80 ms).
      const namedPaths = useFts && namedDocWeight > 0 ? documentList().then((list) => documentsNamedBy(query, list)) : null;
      namedPaths?.catch(() => undefined);
      const namedByPath = namedPaths && found.length > 0 ? new Set(await namedPaths) : new Set<string>();
      const mentions = found.filter((m) => m.strength >= PRECISE_MENTION || !namedByPath.has(m.path));
      const naming = new Set(mentions.flatMap((m) => m.words));
      const groups = paperWeight > 0 ? paperGroups(mentions, paperWeight) : [];
      const mainQuery = stripPaperWords && naming.size > 0 ? unlessEmpty(withoutWords(analyzed, naming), analyzed) : analyzed;
      const definitionWeight = options.definitionWeight ?? DEFAULT_DEFINITION_WEIGHT[useVector ? 'hybrid' : 'fullText'];
      // One embedding of a two-part question averages two topics; BM25 already scores each term
      // on its own, so only the vector side is asked part by part. The parts run beside the main
      // lists (not after them): they are used only if the main vector list answered.
      const parts = useVector && partWeight > 0 ? splitQuestion(query) : [];
      const partRows =
        parts.length > 1
          ? Promise.all(parts.map((part) => vectorSide(part, searchOptions.paths, limit, signal).catch(ignoreUnlessDamage)))
          : Promise.resolve([]);
      partRows.catch(() => undefined);
      const [fts, vec, named, identified, papers] = await Promise.all([
        useFts ? settle(ftsSide(mainQuery, filter, limit)) : settle(Promise.resolve<Row[]>([])),
        useVector
          ? settle(vectorSide(query, searchOptions.paths, limit, signal))
          : settle(Promise.resolve<VectorRows>(Object.assign([], { queryVector: null }))),
        namedPaths ? namedDocumentRows(namedPaths, analyzed, searchOptions.paths, limit) : Promise.resolve(noNamedRows()),
        // Hybrid search uses only the definition lists of that query (see identifierWeight).
        useFts && (definitionWeight > 0 || identifierWeight > 0) ? identifierRows(analyzed, filter, limit) : Promise.resolve(NO_IDENTIFIER_ROWS),
        useFts && groups.length > 0 ? paperRows(groups, analyzed, limit) : Promise.resolve([]),
      ]);
      signal?.throwIfAborted();
      for (const side of [fts, vec]) if (!side.ok && isIndexDamage(side.error)) throw side.error;
      if (!fts.ok) logger?.warn('full-text search failed; using vector search only', fts.error);
      if (!vec.ok) vectorFailed(vec.error);
      if (!fts.ok && (!vec.ok || !useVector)) {
        throw new SearchError('search-failed', 'search failed: the index could not be queried', { cause: fts.error });
      }
      if (!vec.ok && !useFts) throw new SearchError('search-failed', 'vector search failed', { cause: vec.error });

      const ftsRows = fts.ok ? fts.value : [];
      const vecRows = vec.ok && useVector ? vec.value : [];
      const partLists = vecRows.length > 0 ? await partRows : [];
      signal?.throwIfAborted();
      const lists = [
        { items: ftsRows, weight: ftsWeight },
        { items: vecRows, weight: vectorWeight },
        { items: fts.ok ? named : [], weight: namedDocWeight },
        ...(fts.ok ? papers : []).map((items, i) => ({ items, weight: groups[i]!.weight })),
        ...partLists.map((items) => ({ items, weight: partWeight })),
        // Hybrid leaves the containing lists out (see identifierWeight); definitions go in both modes.
        ...(fts.ok && !useVector ? identified.containing : []).map((items) => ({ items, weight: identifierWeight })),
        ...(fts.ok ? identified.defining : []).map((items) => ({ items, weight: definitionWeight })),
      ].filter((list) => list.items.length > 0);
      const hit = await hitMaker(signal);
      // Reference lists and tables of contents share a question's words without answering it.
      const keepReferences = asksAboutReferences(query);
      const keepContents = asksAboutContents(query);
      const demote = <T extends { item: { text: string }; score: number }>(items: T[]) =>
        belowPassages(items, (text) => (!keepReferences && isReferenceList(text)) || (!keepContents && isContentsPassage(text)));
      if (lists.length === 1 && lists[0]!.items === ftsRows)
        return demote(ftsRows.map((row) => ({ item: row, score: row._score ?? 0 })))
          .slice(0, k)
          .map(({ item, score }) => hit(item, score));
      if (lists.length === 1 && lists[0]!.items === vecRows)
        return demote(vecRows.map((row) => ({ item: row, score: 1 - (row._distance ?? 1) })))
          .slice(0, k)
          .map(({ item, score }) => hit(item, score));
      // A passage and its copies are one item: a copy in the vector list votes for the full-text list's.
      let fused = demote(reciprocalRankFusion(lists, passageKey));
      // What full-text search alone would rank first, when the vector list ranks it first too (agreedFirst.ts).
      const lexicalLists = [
        { items: ftsRows, weight: ftsWeight },
        { items: named, weight: namedDocWeight },
        ...papers.map((items, i) => ({ items, weight: groups[i]!.weight })),
        ...identified.containing.map((items) => ({ items, weight: identifierWeight })),
        ...identified.defining.map((items) => ({ items, weight: options.definitionWeight ?? DEFAULT_DEFINITION_WEIGHT.fullText })),
      ];
      const agreed = fts.ok && useVector ? agreedFirstPassage(lexicalLists, vecRows[0], demote) : null;
      const queryVector = vec.ok ? vec.value.queryVector : null;
      if (sentenceRerank > 0 && queryVector && sentenceEmbedder && vecRows.length > 0) {
        try {
          if (sentenceVectors > 0) await loadStoredSentences!(fused.slice(0, sentenceRerank).map((f) => f.item.text));
          fused = await rerankBySentences(
            queryVector,
            fused,
            (row) => row.text,
            (row) => row.id,
            sentenceEmbedder,
            {
              top: sentenceRerank,
              signal,
              // Inside a named paper its title words weigh nothing, as a named document's name words.
              terms: rerankTerms(
                analyzed,
                new Set([...(fts.ok ? named.titleWords : []), ...naming, ...groups.flatMap((g) => (g.paths.length === 1 ? [...g.words] : []))]),
              ),
              names: analyzed.identifiers.flatMap(tokenPieces),
              embedPerChunk: sentenceVectors,
            },
          );
        } catch (error) {
          if (signal?.aborted) throw error;
          // Only a refinement: the fused order still answers. An embedder that went down after
          // the query's vector is skipped by the next queries too, instead of each waiting out
          // the same limit.
          if (isEmbedderDown(error)) vectorFailed(error);
          else logger?.warn('sentence rerank failed; keeping the fused order', error);
        }
      }
      fused = withAgreedFirst(fused, agreed);
      if (fts.ok && useVector) {
        // A rare name the question names (rareNames.ts); what full-text ranks first everywhere and inside the documents it names (scopedAgreement.ts).
        const lexical = lexicalOrder(lexicalLists, demote);
        fused = keepAgreedInScope(
          reachRareNames(fused, identified.containing, bothFound(lexical[0], [vecRows, ...partLists])),
          agreedInScope(ftsRows, [named, ...papers]),
          lexical,
        );
      }
      const sideBySide = [...new Set(found.filter((m) => m.strength >= SIDE_BY_SIDE_MENTION).map((m) => m.path))];
      if (sideBySide.length >= 2) fused = reachEachPaper(fused, sideBySide.slice(0, 3), Math.min(k, EACH_PAPER_WITHIN));
      return fused.slice(0, k).map(({ item, score }) => hit(item, score));
    },

    async assessAbsence(query, hits) {
      const allowed = [...new Set(hits.map((h) => h.path))];
      const mentions = await mentionsOf(query, allowed).catch(() => []);
      // Papers named side by side make a question across documents, as its wording does (acrossDocuments.ts).
      const sideBySide = mentions.filter((m) => m.strength >= SIDE_BY_SIDE_MENTION);
      return assessAbsence(query, hits, termLookup, new Map(mentions.map((m) => [m.path, new Set(m.words)])), asksAcrossDocuments(query, sideBySide));
    },

    async namedPapers(query) {
      if (!options.papers) return [];
      const library = await options.papers.current();
      return (await mentionsOf(query, undefined)).flatMap((m) => {
        const paper = library.ref(m.path);
        return paper ? [{ path: m.path, paper, strength: m.strength, kind: m.kind }] : [];
      });
    },

    async papers() {
      if (!options.papers) return [];
      const library = await options.papers.current();
      return [...library.records.keys()].flatMap((path) => {
        const paper = library.ref(path);
        return paper ? [{ path, paper }] : [];
      });
    },

    passagesOf: (path, passageOptions) => documentPassages(store, path, passageOptions),

    citingPassages: (question, citingOptions) => citingPassages(store, options.papers, question, citingOptions),

    citationsIn: (path, citationOptions) => citationsIn(store, options.papers, path, citationOptions?.signal),

    async listDocuments(): Promise<DocumentInfo[]> {
      const documents = await store.documents();
      return documents.map((d) => ({ path: d.path, kind: d.kind as DocumentKind, pages: d.pages, chunks: d.chunks, contentHash: d.contentHash }));
    },

    async stats(): Promise<IndexStats> {
      const meta = store.meta();
      const [documents, chunks] = await Promise.all([store.documents(), store.countChunks()]);
      return {
        documents: documents.length,
        chunks,
        embeddingModel: meta.embeddingModel,
        dimension: meta.dimension,
        lastIndexedAt: meta.lastIndexedAt,
        lastIndexedBy: meta.lastIndexedBy ?? null,
      };
    },
  };
}

/** For refinements: their failure costs only the refinement, unless the index is damaged. */
function ignoreUnlessDamage(error: unknown): Row[] {
  if (isIndexDamage(error)) throw error;
  return [];
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

function unlessEmpty(query: AnalyzedQuery, otherwise: AnalyzedQuery): AnalyzedQuery {
  return query.terms.length > 0 ? query : otherwise;
}
