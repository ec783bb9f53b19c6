/**
 * Degraded path (no LLM configured or reachable, or it died mid-answer): an extractive answer.
 * The best passages are quoted with citations, trimmed to the sentences that share the most
 * words with the question, plus one line on how to get full answers. No LLM call.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { isAbortError } from '../../llm/errors';
import { citationOf, locationOf, mergeHits } from '../passages';
import { decision, runtimeOf } from '../runtime';
import { heuristicStandalone } from '../standalone';
import type { ResearchStateType, ResearchUpdate } from '../state';
import { NOT_FOUND_ANSWER } from './synthesis';

const QUOTES = 3;
const DEFAULT_HINT = 'Install Ollama (https://ollama.com) and pull a chat model (e.g. `ollama pull llama3.2`) for full answers.';

export async function degradedNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  if (state.lastAgent === 'synthesis') runtime.emit({ type: 'reset' });
  const question = state.strategy?.standaloneQuestion || heuristicStandalone(state);
  let chunks = state.chunks;
  if (chunks.length === 0) {
    try {
      chunks = mergeHits([await runtime.retriever.search(question, { k: runtime.config.retrievalK, ...(runtime.signal ? { signal: runtime.signal } : {}) })]);
    } catch (error) {
      if (isAbortError(error, runtime.signal)) throw error;
      runtime.logger.warn('degraded: search failed', error);
    }
  }
  const hint = `_${state.problem?.action ? `For full answers: ${state.problem.action}` : DEFAULT_HINT}_`;
  const top = chunks.slice(0, QUOTES);
  let answer: string;
  if (top.length === 0) {
    answer = `${NOT_FOUND_ANSWER}\n\n${hint}`;
  } else {
    const intro = introFor(state.lastAgent === 'synthesis', state.problem?.code);
    const quotes = top.map((hit, i) => `${quote(bestSentences(hit.text, question))} [${i + 1}]\n— ${hit.path}${locationOf(hit) ? `, ${locationOf(hit)}` : ''}`);
    answer = `${intro}\n\n${quotes.join('\n\n')}\n\n${hint}`;
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

function introFor(fromSynthesis: boolean, code: string | undefined): string {
  const tail = 'so here are the most relevant passages from your documents:';
  if (!fromSynthesis) return `No language model is available, ${tail}`;
  if (code === 'context-overflow') return `The passages do not fit the model's context window, ${tail}`;
  return `The language model stopped while answering, ${tail}`;
}

function quote(text: string): string {
  return text.split('\n').map((line) => `> ${line}`).join('\n');
}

/** The one or two consecutive sentences sharing most words with the question (whole chunk if short). */
export function bestSentences(text: string, question: string, maxChars = 400): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const terms = new Set((question.toLowerCase().match(/[a-z0-9_]{3,}/g) ?? []));
  const sentences = flat.split(/(?<=[.!?])\s+/);
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i < sentences.length; i++) {
    const window = sentences[i] + ' ' + (sentences[i + 1] ?? '');
    const score = (window.toLowerCase().match(/[a-z0-9_]{3,}/g) ?? []).filter((w) => terms.has(w)).length;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  const picked = (sentences[best] + ' ' + (sentences[best + 1] ?? '')).trim();
  return picked.length > maxChars ? picked.slice(0, maxChars - 1) + '…' : picked;
}

