/**
 * Degraded path (no LLM configured or reachable, or it died mid-answer): an extractive answer.
 * The best passages are quoted with citations, trimmed to the sentences or code blocks that share
 * the most words with the question (./excerpt), plus one line on how to get full answers. No LLM call.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { isAbortError } from '../../llm/errors';
import { isIndexDamage } from '../../index/store/errors';
import { absenceOf, notInDocumentsAnswer, quoted } from '../notInDocuments';
import { citationOf, mergeHits } from '../passages';
import { decision, runtimeOf } from '../runtime';
import { heuristicStandalone } from '../standalone';
import { namedPapersProgress } from '../libraryPrompt';
import { citingFirst, citingHits } from '../citing';
import type { ResearchStateType, ResearchUpdate } from '../state';
import type { SearchHit } from '../../index/types';
import { NOT_FOUND_ANSWER } from './synthesis';
import { quotedPassages, withAnotherDocument } from '../severalDocuments';
import { asksAcrossDocuments } from '../../index/search/acrossDocuments';

const QUOTES = 3;
const DEFAULT_HINT = 'Install Ollama (https://ollama.com) and pull a chat model (e.g. `ollama pull llama3.2`) for full answers.';

export async function degradedNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  if (state.lastAgent === 'synthesis') runtime.emit({ type: 'reset' });
  const question = state.strategy?.standaloneQuestion || heuristicStandalone(state);
  let chunks = state.chunks;
  let citing: SearchHit[] = [];
  if (chunks.length === 0) {
    const searchingIn = namedPapersProgress(state.namedPapers);
    if (searchingIn) runtime.emit({ type: 'progress', agent: 'degraded', message: searchingIn });
    try {
      citing = await citingHits(runtime, 'degraded', question, state.namedPapers);
      const searchOptions = { k: runtime.config.retrievalK, ...(runtime.signal ? { signal: runtime.signal } : {}) };
      const hits = mergeHits([await runtime.retriever.search(question, searchOptions)]);
      chunks = citingFirst(
        citing,
        asksAcrossDocuments(question, state.namedPapers)
          ? await withAnotherDocument(runtime.retriever, question, hits, { ...searchOptions, named: state.namedPapers })
          : hits,
      );
    } catch (error) {
      // "The documents don't contain the answer" would be false: the index could not be read.
      if (isAbortError(error, runtime.signal) || isIndexDamage(error)) throw error;
      runtime.logger.warn('degraded: search failed', error);
    }
  }
  // A problem without a fix (HTTP 500, a garbled reply) is named by the host; "install Ollama" would mislead.
  const hintText = state.problem?.action
    ? `For full answers: ${state.problem.action}`
    : state.problem && state.problem.code !== 'llm-not-configured'
      ? null
      : DEFAULT_HINT;
  const hint = hintText ? `\n\n_${hintText}_` : '';
  const intro = introFor(state.lastAgent, state.problem);
  // Without a model to read the passages, the index's absence signal alone decides; but when a
  // model graded these passages as answering (and then stalled), its reading stands.
  const absence = state.absence ?? (citing.length > 0 ? null : await absenceOf(runtime, question, chunks));
  const gradedRelevant = state.qualityScore !== null && !state.evidenceWeak;
  if (absence?.absent && !gradedRelevant) {
    const found = notInDocumentsAnswer(question, chunks, absence);
    if (found.citations.length > 0) runtime.emit({ type: 'sources', citations: found.citations });
    runtime.emit({ type: 'token', text: found.answer + hint });
    return {
      chunks,
      absence,
      passages: found.passages,
      draftAnswer: found.answer + hint,
      citations: found.citations,
      route: 'fallback',
      notInDocuments: true,
      nextAgent: 'end',
      decisions: [decision('degraded', 'not-in-documents', absence.reason, started)],
    };
  }
  // A question across documents quotes each document's best passage (severalDocuments.ts).
  const top = quotedPassages(chunks, QUOTES, asksAcrossDocuments(question, state.namedPapers));
  let answer: string;
  if (top.length === 0) {
    answer = `${NOT_FOUND_ANSWER}${hint}`;
  } else {
    const quotes = top.map((hit, i) => quoted(hit, i + 1, question));
    answer = `${intro}\n\n${quotes.join('\n\n')}${hint}`;
  }
  if (top.length > 0) runtime.emit({ type: 'sources', citations: top.map((hit, i) => citationOf(hit, i + 1)) });
  runtime.emit({ type: 'token', text: answer });
  return {
    chunks,
    passages: top,
    draftAnswer: answer,
    citations: top.map((hit, i) => citationOf(hit, i + 1)),
    route: 'fallback',
    nextAgent: 'end',
    decisions: [decision('degraded', 'extractive', `quoted ${top.length} passage(s) without an LLM`, started)],
  };
}

const SAYS_WHAT_FAILED = new Set(['llm-timeout', 'key-refused', 'server-unreachable', 'served-model-missing']);

function introFor(lastAgent: string, problem: ResearchStateType['problem']): string {
  const tail = 'so here are the most relevant passages from your documents:';
  // These say what failed and where (a stalled limit, a refused key, a server not found); the fix follows in the hint.
  if (problem && SAYS_WHAT_FAILED.has(problem.code)) return `${problem.message}, ${tail}`;
  if (lastAgent !== 'synthesis') return `No language model is available, ${tail}`;
  if (problem?.code === 'context-overflow') return `The passages do not fit the model's context window, ${tail}`;
  return `The language model stopped while answering, ${tail}`;
}
