/**
 * Research: plan the search (query analysis when the orchestrator did not), run hybrid retrieval
 * per sub-query with the document filters, merge and de-duplicate, then let the LLM grade the top
 * chunks: proceed, re-query with reformulated queries (at most maxRequeries times, counted in
 * state), or fall back (the documents do not seem to hold the answer).
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { SearchHit } from '../../index/types';
import { fitCount } from '../../llm/budget';
import { isAbortError, isLlmDown } from '../../llm/errors';
import { askJson } from '../ask';
import { resolveDocumentFilters } from '../filters';
import { degradeIfDown } from '../llmDown';
import { absenceOf } from '../notInDocuments';
import { mergeHits, renderConversation, renderPassage, renderedData } from '../passages';
import { keepPaperReference, namedPapersProgress, relevantPaths, renderLibrary } from '../libraryPrompt';
import { contextWindow, decision, promptGuard, runtimeOf, type GraphRuntime } from '../runtime';
import { QualityGrade, QueryAnalysis } from '../schemas';
import { heuristicStandalone } from '../standalone';
import type { ResearchStateType, ResearchUpdate, Strategy } from '../state';
import type { Decision } from '../api';

const GRADE_PASSAGE_CHARS = 1200;

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
  const chunks = mergeHits(isRequery ? [state.chunks, ...lists] : lists);
  decisions.push(
    decision('research', 'retrieve', `${queries.length} quer${queries.length === 1 ? 'y' : 'ies'}${filterNote}: ${chunks.length} unique chunks`, started),
  );

  const absence = await absenceOf(runtime, strategy.standaloneQuestion, chunks);
  const base: ResearchUpdate = { strategy: { ...strategy, documentFilters: filters }, chunks, pendingQueries: [], absence };
  if (chunks.length === 0) {
    return {
      ...base,
      evidenceWeak: true,
      qualityScore: 0,
      nextAgent: 'synthesis',
      decisions: [...decisions, decision('research', 'fallback', 'no chunks found', started)],
    };
  }
  if (!runtime.llm) return { ...base, nextAgent: absence?.absent ? 'notFound' : 'synthesis', decisions };
  // The index's verdict goes to the "not in your documents" answer only when the grader agrees
  // (fallback, nothing relevant) or could not tell (grading failed): a model that read the
  // passages and found the answer overrules word statistics. A re-query still runs first.
  const afterGrade = (weak: boolean): 'notFound' | 'synthesis' => (absence?.absent && weak ? 'notFound' : 'synthesis');

  const gradeStarted = performance.now();
  const top = chunks.slice(0, runtime.config.maxPassages);
  const attemptsLeft = runtime.config.maxRequeries - state.requeryCount;
  let grade;
  try {
    const clean = await promptGuard(runtime, 'research');
    const rendered = top.map((hit, i) => renderPassage(hit, i + 1, clean, GRADE_PASSAGE_CHARS));
    const numCtx = await contextWindow(runtime, runtime.llm, 'research');
    const fit = Math.max(1, fitCount(rendered, numCtx - 1200));
    grade = await askJson(runtime, runtime.llm, {
      agent: 'research',
      label: 'quality',
      prompt: 'quality',
      values: {
        question: strategy.standaloneQuestion,
        passages: renderedData(rendered.slice(0, fit).join('\n\n')),
        attempts_left: String(Math.max(0, attemptsLeft)),
      },
      schema: QualityGrade,
    });
  } catch (error) {
    if (isAbortError(error, runtime.signal)) throw error;
    const down = degradeIfDown(error, 'research', runtime, gradeStarted);
    if (down) return { ...base, ...down, decisions: [...decisions, ...down.decisions] };
    runtime.logger.warn('research: quality grading failed; proceeding with what was found', error);
    const code = (error as { code?: string }).code ?? 'error';
    return {
      ...base,
      qualityScore: null,
      nextAgent: afterGrade(true),
      decisions: [...decisions, decision('research', 'proceed', `grading failed (${code}): using the retrieved chunks`, gradeStarted)],
    };
  }

  const relevant = new Set(grade.relevant.filter((n) => n >= 1 && n <= top.length).map((n) => top[n - 1].id));
  // Relevant chunks first, in their retrieval order; the rest keep theirs.
  const ordered = [...chunks.filter((c) => relevant.has(c.id)), ...chunks.filter((c) => !relevant.has(c.id))];
  const queriesNext = grade.queries
    .map((q) => q.trim())
    .filter((q) => q && !queries.includes(q))
    .slice(0, 3);

  if (grade.verdict === 'requery' && attemptsLeft > 0 && queriesNext.length > 0) {
    return {
      ...base,
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
    chunks: ordered,
    qualityScore: grade.score,
    evidenceWeak: weak,
    nextAgent: afterGrade(weak),
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
        documents: renderLibrary(state.documents, state.papers, await relevantPaths(runtime, state)),
      },
      schema: QueryAnalysis,
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
