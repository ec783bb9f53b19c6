/**
 * Clarification: one targeted question plus 2-4 clickable answers, grounded in where the
 * question's words actually occur in the index, so a click leads straight to an answer.
 * On any LLM failure, a generic question whose options are still built from the index.
 * It ends the turn.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { SearchHit } from '../../index/types';
import { isAbortError } from '../../llm/errors';
import type { Followup } from '../api';
import { askJson } from '../ask';
import { citationLabel } from '../../citations/citationLabel';
import { renderLibrary } from '../libraryPrompt';
import { asksWhichPaper, candidatePapers, checkedPaperOptions, paperOption, topicOf } from '../paperOptions';
import { dataLine, placeOfHit, renderConversation } from '../passages';
import { snippetOf } from '../../text/snippet';
import { decision, runtimeOf } from '../runtime';
import { ClarificationReply, REPLY_TOKENS } from '../schemas';
import type { ResearchStateType, ResearchUpdate } from '../state';

export async function clarificationNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  // "Which paper?": the options are papers of the library that fit (../paperOptions.ts).
  const aboutPapers = asksWhichPaper(state);
  let hits: SearchHit[] = [];
  try {
    hits = await runtime.retriever.search(aboutPapers ? topicOf(state.question) : state.question, {
      k: 8,
      ...(runtime.signal ? { signal: runtime.signal } : {}),
    });
  } catch (error) {
    if (isAbortError(error, runtime.signal)) throw error;
    runtime.logger.warn('clarification: grounding search failed', error);
  }
  const candidates = aboutPapers ? await candidatePapers(runtime, state) : [];
  const fallbackOptions = () => (aboutPapers ? candidates.slice(0, 4).map((c) => paperOption(state.question, c)) : groundedOptions(state.question, hits));
  let question: string;
  let followups: Followup[];
  let how: string;
  try {
    if (!runtime.llm) throw new Error('no LLM');
    const reply = await askJson(runtime, runtime.llm, {
      agent: 'clarification',
      prompt: 'clarification',
      values: {
        question: state.question,
        conversation: renderConversation(state.messages.slice(0, -1).slice(-runtime.config.maxHistory)),
        missing_context: state.missingContext || '(not stated)',
        locations: renderLocations(hits),
        papers: renderLibrary(state.documents, state.papers, [...candidates.map((c) => c.path), ...hits.map((h) => h.path)]),
      },
      schema: ClarificationReply,
      maxTokens: REPLY_TOKENS.clarification,
    });
    question = reply.question.trim();
    followups = reply.options
      .map((o) => ({ label: o.label.trim(), prompt: o.prompt.trim() }))
      .filter((o) => o.label && o.prompt)
      .slice(0, 4);
    if (aboutPapers) followups = await checkedPaperOptions(runtime, state.question, followups, candidates);
    else if (followups.length < 2) followups = mergeFollowups(followups, groundedOptions(state.question, hits));
    how = aboutPapers ? 'asked which paper' : 'asked a targeted question';
  } catch (error) {
    if (isAbortError(error, runtime.signal)) throw error;
    runtime.logger.warn('clarification: LLM failed; asking a generic question', error);
    question = aboutPapers
      ? 'Which paper do you mean?'
      : 'Could you say a bit more about what you are looking for: which program, document or setting do you mean?';
    followups = fallbackOptions();
    how = 'LLM failed: generic question';
  }
  runtime.emit({ type: 'token', text: question });
  return {
    draftAnswer: question,
    followups,
    route: 'clarification',
    nextAgent: 'end',
    citations: [],
    decisions: [decision('clarification', 'ask', `${how} (${state.missingContext || 'vague question'})`, started)],
  };
}

/** Where the question's words appear: the citation (paper or path, and place), heading, a short excerpt (sanitised with the other prompt values). */
function renderLocations(hits: readonly SearchHit[]): string {
  if (hits.length === 0) return '(the search found nothing)';
  return hits.map((h) => dataLine(`- ${citationLabel(placeOfHit(h))}${h.heading ? ` (section: ${h.heading})` : ''}: "${snippetOf(h.text, 140)}"`)).join('\n');
}

/** Options from the index alone: "in <document>" for the distinct documents the search hit; a paper by its name. */
export function groundedOptions(question: string, hits: readonly SearchHit[]): Followup[] {
  const docs = [...new Map(hits.map((h) => [h.path, h])).values()].slice(0, 4);
  return docs.map((hit) => {
    if (hit.paper) return paperOption(question, { path: hit.path, paper: hit.paper });
    const name = hit.path
      .split('/')
      .pop()!
      .replace(/\.[a-z0-9]+$/i, '');
    return { label: `In ${name}`, prompt: `${question.replace(/\?\s*$/, '')} (in ${hit.path})?` };
  });
}

function mergeFollowups(a: Followup[], b: Followup[]): Followup[] {
  const out = [...a];
  for (const f of b) if (out.length < 4 && !out.some((o) => o.prompt === f.prompt)) out.push(f);
  return out;
}
