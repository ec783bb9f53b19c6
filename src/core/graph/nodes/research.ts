/**
 * Research: plan the search (query analysis when the orchestrator did not), run hybrid retrieval
 * per sub-query with the document filters, merge and de-duplicate, then let the LLM grade the top
 * chunks: proceed, re-query with reformulated queries (at most maxRequeries times, counted in
 * state), or fall back (the documents do not seem to hold the answer).
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Absence, SearchHit } from '../../index/types';
import { isAbortError, isLlmDown } from '../../llm/errors';
import { askJson } from '../ask';
import { resolveDocumentFilters } from '../filters';
import { degradeIfDown } from '../llmDown';
import { absenceOf } from '../notInDocuments';
import { mergeHits, renderConversation } from '../passages';
import { evidenceQuestion, passageBlock, passagesBudget, type PassageBlock } from '../evidence';
import { keepPaperReference, namedPapersProgress, relevantPaths, renderLibrary, ROUTING_LIBRARY } from '../libraryPrompt';
import { citingFirst, citingHits } from '../citing';
import { contextWindow, decision, promptGuard, runtimeOf, type GraphRuntime } from '../runtime';
import { QualityGrade, QueryAnalysis, REPLY_TOKENS } from '../schemas';
import { heuristicStandalone } from '../standalone';
import type { ResearchStateType, ResearchUpdate, Strategy } from '../state';
import type { Decision } from '../api';

export async function researchNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const decisions: Decision[] = [];
  const isRequery = state.pendingQueries.length > 0;

  let strategy = state.strategy;
  if (!strategy) {
    const started = performance.now();
    try {
      strategy = await analyse(state, runtime);
    } catch (error) {
      const down = degradeIfDown(error, 'research', runtime, started);
      if (!down) throw error;
      return down;
    }
    decisions.push(
      decision(
        'research',
        'plan',
        `query analysis: ${strategy.subQueries.map((q) => JSON.stringify(q)).join(', ')}${strategy.documentFilters.length ? ` in ${strategy.documentFilters.join(', ')}` : ''}`,
        started,
      ),
    );
  }

  const started = performance.now();
  if (!isRequery) {
    const searchingIn = namedPapersProgress(state.namedPapers);
    if (searchingIn) runtime.emit({ type: 'progress', agent: 'research', message: searchingIn });
  }
  const queries = (isRequery ? state.pendingQueries : strategy.subQueries).map((q) => keepPaperReference(q, state.namedPapers));
  const filters = resolveDocumentFilters(strategy.documentFilters, state.documents);
  let lists = await searchAll(runtime, queries, filters);
  let filterNote = filters.length ? ` in ${filters.length} named document(s)` : '';
  if (filters.length && lists.every((l) => l.length === 0)) {
    lists = await searchAll(runtime, queries, []);
    filterNote = ' (nothing in the named documents: searched all)';
  }
  // Who cites a work, or how a paper cites it: the citing sentences' passages first (./citing.ts).
  const citing = isRequery ? [] : await citingHits(runtime, 'research', strategy.standaloneQuestion, state.namedPapers);
  const chunks = citingFirst(citing, mergeHits(isRequery ? [state.chunks, ...lists] : lists));
  decisions.push(
    decision(
      'research',
      'retrieve',
      `${queries.length} quer${queries.length === 1 ? 'y' : 'ies'}${filterNote}: ${chunks.length} unique chunks${citing.length ? ` (${citing.length} citing the work asked about)` : ''}`,
      started,
    ),
  );

  // The index's "not in your documents" signal is read only once the grade is in: it runs beside
  // the grading call rather than before it, and the answer's first token comes that much sooner.
  // The library's own links say where a work is cited: not a question the documents lack.
  const absenceTask = citing.length > 0 ? Promise.resolve(null) : absenceOf(runtime, strategy.standaloneQuestion, chunks);
  // Awaited on every path below; a rejection before then must not count as unhandled.
  absenceTask.catch(() => undefined);
  const baseWith = async (): Promise<ResearchUpdate & { absence: Absence | null }> => ({
    strategy: { ...strategy, documentFilters: filters },
    chunks,
    pendingQueries: [],
    absence: await absenceTask,
  });
  if (chunks.length === 0) {
    return {
      ...(await baseWith()),
      evidenceWeak: true,
      qualityScore: 0,
      nextAgent: 'synthesis',
      decisions: [...decisions, decision('research', 'fallback', 'no chunks found', started)],
    };
  }
  if (!runtime.llm) {
    const base = await baseWith();
    return { ...base, nextAgent: base.absence?.absent ? 'notFound' : 'synthesis', decisions };
  }
  // The index's verdict goes to the "not in your documents" answer only when the grader agrees
  // (fallback, nothing relevant) or could not tell (grading failed): a model that read the
  // passages and found the answer overrules word statistics. A re-query still runs first.
  const afterGrade = (absence: Absence | null, weak: boolean): 'notFound' | 'synthesis' => (absence?.absent && weak ? 'notFound' : 'synthesis');

  const gradeStarted = performance.now();
  const top = chunks.slice(0, runtime.config.maxPassages);
  const attemptsLeft = runtime.config.maxRequeries - state.requeryCount;
  const question = strategy.standaloneQuestion;
  let block: PassageBlock | null = null;
  let grade;
  try {
    const numCtx = await contextWindow(runtime, runtime.llm, 'research');
    // The block synthesis and validation will be sent too: the server reads it once.
    block = passageBlock(
      await promptGuard(runtime, 'research'),
      top,
      evidenceQuestion({ question: state.question, strategy }),
      passagesBudget(numCtx, runtime.config, question),
      true,
    );
    grade = await askJson(runtime, runtime.llm, {
      agent: 'research',
      label: 'quality',
      prompt: 'quality',
      values: { question, attempts_left: String(Math.max(0, attemptsLeft)) },
      passages: block.data,
      schema: QualityGrade,
      maxTokens: REPLY_TOKENS.quality,
    });
  } catch (error) {
    if (isAbortError(error, runtime.signal)) throw error;
    const down = degradeIfDown(error, 'research', runtime, gradeStarted);
    const base = await baseWith();
    if (down) return { ...base, ...down, decisions: [...decisions, ...down.decisions] };
    runtime.logger.warn('research: quality grading failed; proceeding with what was found', error);
    const code = (error as { code?: string }).code ?? 'error';
    return {
      ...base,
      graded: block ? { hits: block.hits, relevant: [] } : null,
      qualityScore: null,
      nextAgent: afterGrade(base.absence, true),
      decisions: [...decisions, decision('research', 'proceed', `grading failed (${code}): using the retrieved chunks`, gradeStarted)],
    };
  }

  const base = await baseWith();
  const absence = base.absence;
  const graded = block.hits;
  const relevantNumbers = [...new Set(grade.relevant.filter((n) => n >= 1 && n <= graded.length))].sort((a, b) => a - b);
  const relevant = new Set(relevantNumbers.map((n) => graded[n - 1]!.id));
  // Relevant chunks first, in their retrieval order; the rest keep theirs (the extractive and
  // "not in your documents" answers quote from the top). Synthesis keeps the graded order.
  const ordered = [...chunks.filter((c) => relevant.has(c.id)), ...chunks.filter((c) => !relevant.has(c.id))];
  const gradedUpdate = { graded: { hits: graded, relevant: relevantNumbers } };
  const queriesNext = grade.queries
    .map((q) => q.trim())
    .filter((q) => q && !queries.includes(q))
    .slice(0, 3);

  if (grade.verdict === 'requery' && attemptsLeft > 0 && queriesNext.length > 0) {
    return {
      ...base,
      ...gradedUpdate,
      chunks: ordered,
      qualityScore: grade.score,
      requeryCount: state.requeryCount + 1,
      pendingQueries: queriesNext,
      nextAgent: 'research',
      decisions: [
        ...decisions,
        decision(
          'research',
          'requery',
          `score ${grade.score}: ${grade.reason} → ${queriesNext.map((q) => JSON.stringify(q)).join(', ')} (${state.requeryCount + 1}/${runtime.config.maxRequeries})`,
          gradeStarted,
        ),
      ],
    };
  }
  const weak = grade.verdict === 'fallback' || (grade.verdict === 'requery' && grade.score < 0.3) || relevant.size === 0;
  const why = grade.verdict === 'requery' ? `re-query limit reached (${state.requeryCount}/${runtime.config.maxRequeries})` : grade.reason;
  return {
    ...base,
    ...gradedUpdate,
    chunks: ordered,
    qualityScore: grade.score,
    evidenceWeak: weak,
    nextAgent: afterGrade(absence, weak),
    decisions: [
      ...decisions,
      decision('research', weak ? 'fallback' : 'proceed', `score ${grade.score}: ${why}`, gradeStarted),
      ...(absence?.absent ? [decision('research', weak ? 'not-in-documents' : 'answer-anyway', absence.reason, gradeStarted)] : []),
    ],
  };
}

async function analyse(state: ResearchStateType, runtime: GraphRuntime): Promise<Strategy> {
  const fallback = heuristicStandalone(state);
  if (!runtime.llm) return { intent: 'other', standaloneQuestion: fallback, subQueries: [fallback], documentFilters: [] };
  try {
    const reply = await askJson(runtime, runtime.llm, {
      agent: 'research',
      label: 'query-analysis',
      prompt: 'query-analysis',
      values: {
        conversation: renderConversation(state.messages.slice(0, -1).slice(-runtime.config.maxHistory)),
        question: state.question,
        documents: renderLibrary(state.documents, state.papers, await relevantPaths(runtime, state, ROUTING_LIBRARY), ROUTING_LIBRARY),
      },
      schema: QueryAnalysis,
      maxTokens: REPLY_TOKENS['query-analysis'],
    });
    const standalone = reply.standalone_question.trim() || fallback;
    const subQueries = reply.sub_queries
      .map((q) => q.trim())
      .filter(Boolean)
      .slice(0, 3);
    return {
      intent: reply.intent,
      standaloneQuestion: standalone,
      subQueries: subQueries.length ? subQueries : [standalone],
      documentFilters: reply.document_filters,
    };
  } catch (error) {
    if (isAbortError(error, runtime.signal) || isLlmDown(error)) throw error;
    runtime.logger.warn('research: query analysis failed; searching the question as asked', error);
    return { intent: 'other', standaloneQuestion: fallback, subQueries: [fallback], documentFilters: [] };
  }
}

async function searchAll(runtime: GraphRuntime, queries: readonly string[], paths: string[]): Promise<SearchHit[][]> {
  return Promise.all(
    queries.map((query) =>
      runtime.retriever.search(query, {
        k: runtime.config.retrievalK,
        ...(paths.length ? { paths } : {}),
        ...(runtime.signal ? { signal: runtime.signal } : {}),
      }),
    ),
  );
}
