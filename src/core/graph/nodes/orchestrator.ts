/**
 * Orchestrator: decides whether to ask a clarifying question or research, in three layers:
 * 1. counter limit: enough clarifying questions in a row → research (count reset);
 * 2. pattern: the user is replying to our clarifying question → research, no LLM call, count unchanged;
 * 3. LLM decision on the recent conversation with structured output; any failure → research.
 * A clarify decision increments the count; research (layer 1 or 3) resets it.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { isAbortError } from '../../llm/errors';
import { askJson } from '../ask';
import { degradeIfDown } from '../llmDown';
import { libraryFits, namedPapersNote, relevantPaths, renderLibrary, renderNamedPapers, ROUTING_LIBRARY } from '../libraryPrompt';
import { decision, runtimeOf, type GraphRuntime } from '../runtime';
import { OrchestratorDecision, REPLY_TOKENS } from '../schemas';
import type { ResearchStateType, ResearchUpdate } from '../state';

export interface LayerDecision {
  layer: 1 | 2;
  update: ResearchUpdate;
  reason: string;
}

/** Layers 1 and 2: pure functions of the state, no I/O (benchmarked in microseconds). */
export function decideWithoutLlm(
  state: Pick<ResearchStateType, 'clarificationCount' | 'previousWasClarification' | 'question'>,
  maxClarifications: number,
): LayerDecision | null {
  if (state.clarificationCount >= maxClarifications) {
    return {
      layer: 1,
      reason: `clarification limit reached (${state.clarificationCount}/${maxClarifications}): researching with what we have`,
      update: { clarificationNeeded: false, clarificationCount: 0, nextAgent: 'research' },
    };
  }
  if (state.previousWasClarification && state.question.trim()) {
    return {
      layer: 2,
      reason: 'the user replied to our clarifying question',
      update: { clarificationNeeded: false, nextAgent: 'research' },
    };
  }
  return null;
}

export async function orchestratorNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  const fast = decideWithoutLlm(state, runtime.config.maxClarifications);
  if (fast) {
    return { ...fast.update, decisions: [decision('orchestrator', 'research', `layer ${fast.layer}: ${fast.reason}`, started)] };
  }
  const llm = runtime.llm;
  if (!llm) {
    return {
      clarificationNeeded: false,
      clarificationCount: 0,
      nextAgent: 'research',
      decisions: [decision('orchestrator', 'research', 'layer 3: no LLM available, researching', started)],
    };
  }
  try {
    const reply = await askJson(runtime, llm, {
      agent: 'orchestrator',
      prompt: 'orchestrator',
      values: {
        documents: await routingLibrary(runtime, state),
        today: new Date().toISOString().slice(0, 10),
        named_papers: renderNamedPapers(state.namedPapers),
        named_note: namedPapersNote(state.namedPapers),
      },
      schema: OrchestratorDecision,
      maxTokens: REPLY_TOKENS.orchestrator,
      messages: state.messages.slice(-runtime.config.maxHistory),
    });
    if (reply.decision === 'clarify') {
      return {
        clarificationNeeded: true,
        missingContext: reply.missing_context,
        clarificationCount: state.clarificationCount + 1,
        nextAgent: 'clarification',
        decisions: [decision('orchestrator', 'clarify', `layer 3: ${reply.reasoning || reply.missing_context}`, started)],
      };
    }
    const subQueries = reply.sub_queries
      .map((q) => q.trim())
      .filter(Boolean)
      .slice(0, 3);
    const standalone = reply.standalone_question.trim() || state.question;
    return {
      clarificationNeeded: false,
      clarificationCount: 0,
      nextAgent: 'research',
      strategy: {
        intent: reply.intent,
        standaloneQuestion: standalone,
        subQueries: subQueries.length ? subQueries : [standalone],
        documentFilters: reply.document_filters,
      },
      decisions: [decision('orchestrator', 'research', `layer 3: ${reply.reasoning || 'specific enough to research'}`, started)],
    };
  } catch (error) {
    if (isAbortError(error, runtime.signal)) throw error;
    const down = degradeIfDown(error, 'orchestrator', runtime, started);
    if (down) return down;
    runtime.logger.warn('orchestrator: LLM decision failed; researching', error);
    const code = (error as { code?: string }).code ?? 'error';
    return {
      clarificationNeeded: false,
      clarificationCount: 0,
      nextAgent: 'research',
      decisions: [decision('orchestrator', 'research', `layer 3: LLM decision failed (${code}); researching`, started)],
    };
  }
}

/**
 * The library as routing needs it: a library that fits is listed whole (the same text every
 * turn, so the server reuses it); a larger one by the documents a search of the question finds,
 * without the papers the question names (listed apart, with how they were named): six documents
 * in both lists, at least two found ones, and a count for the rest.
 */
async function routingLibrary(runtime: GraphRuntime, state: ResearchStateType): Promise<string> {
  const relevant = await relevantPaths(runtime, state, ROUTING_LIBRARY);
  if (libraryFits(state.documents, state.papers, ROUTING_LIBRARY)) return renderLibrary(state.documents, state.papers, relevant, ROUTING_LIBRARY);
  const named = new Set(state.namedPapers.map((p) => p.path));
  const entries = Math.max(2, (ROUTING_LIBRARY.entries ?? 0) - named.size);
  return renderLibrary(
    state.documents,
    state.papers,
    relevant.filter((path) => !named.has(path)),
    { ...ROUTING_LIBRARY, entries },
  );
}
