/**
 * Synthesis: the answer, streamed token by token, from the retrieved passages only, each claim
 * cited as [n] → file + page/lines. It is sent the passages grading was sent, in the same block
 * (../evidence: the server has read them already), and which of them grading called relevant;
 * without a grade, the top passages (lowest ranked dropped first to fit the model's context).
 * When the stream breaks (Ollama died mid-answer), the turn falls back to the extractive answer
 * rather than leaving half a sentence.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { ContextOverflowError, isAbortError } from '../../llm/errors';
import { degradeIfDown, problemOf } from '../llmDown';
import { evidenceQuestion, passageBlock, passagesBudget } from '../evidence';
import { citationOf, citationsIn } from '../passages';
import { contextWindow, decision, preparePrompt, promptGuard, runtimeOf } from '../runtime';
import type { ResearchStateType, ResearchUpdate } from '../state';

export const NOT_FOUND_ANSWER = "The documents don't contain the answer to this: the search found no passage about it.";

export async function synthesisNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  const question = state.strategy?.standaloneQuestion || state.question;
  const next = runtime.config.validate ? 'validation' : 'end';
  if (state.retryCount > 0) runtime.emit({ type: 'reset' });

  if (state.chunks.length === 0 || !runtime.llm) {
    runtime.emit({ type: 'token', text: NOT_FOUND_ANSWER });
    return {
      draftAnswer: NOT_FOUND_ANSWER,
      citations: [],
      passages: [],
      route: 'answer',
      nextAgent: 'end',
      decisions: [decision('synthesis', 'not-found', 'no passages to answer from', started)],
    };
  }
  const llm = runtime.llm;
  let text = '';
  const graded = state.graded?.hits.length ? state.graded : null;
  let passages = graded?.hits ?? state.chunks.slice(0, runtime.config.maxPassages);
  try {
    const numCtx = await contextWindow(runtime, llm, 'synthesis');
    const budget = passagesBudget(numCtx, runtime.config, question);
    const block = passageBlock(await promptGuard(runtime, 'synthesis'), passages, evidenceQuestion(state), budget);
    if (block.hits.length === 0) throw new ContextOverflowError(numCtx - budget + block.firstTokens, numCtx);
    passages = block.hits;
    const relevant = graded?.relevant.filter((n) => n <= passages.length) ?? [];
    const values = {
      question,
      graded: relevant.length > 0 && relevant.length < passages.length ? `- The search graded ${numberList(relevant)} as relevant.\n` : '',
      evidence_note: state.evidenceWeak
        ? "\nNote: the search graded these passages as weak matches. If they do not answer the question, say plainly that the documents don't contain the answer.\n"
        : '',
      feedback: state.feedback ? `\nA reviewer rejected your previous draft: ${state.feedback}\nWrite a corrected answer that fixes this.\n` : '',
    };
    const prepared = await preparePrompt(runtime, 'synthesis', 'synthesis', values, block.data);
    runtime.emit({ type: 'sources', citations: passages.map((hit, i) => citationOf(hit, i + 1)) });
    const result = await llm.chatStream({
      agent: 'synthesis',
      model: prepared.model,
      messages: prepared.messages,
      temperature: prepared.temperature,
      numCtx,
      keepAliveMinutes: runtime.config.keepAliveMinutes,
      maxTokens: runtime.config.answerTokens,
      prompt: prepared.ref,
      onToken: (token) => {
        text += token;
        runtime.emit({ type: 'token', text: token });
      },
      ...(runtime.signal ? { signal: runtime.signal } : {}),
    });
    text = result.text.trim();
  } catch (error) {
    if (isAbortError(error, runtime.signal)) throw error;
    const down = degradeIfDown(error, 'synthesis', runtime, started);
    if (down) return { ...down, draftAnswer: '' };
    runtime.logger.warn('synthesis failed; answering extractively', error);
    const problem = problemOf(error, 'The language model failed while answering.');
    return {
      draftAnswer: '',
      nextAgent: 'degraded',
      problem,
      decisions: [decision('synthesis', 'failed', `${problem.message}${text ? ` after ${text.length} characters` : ''}`, started)],
    };
  }
  const citations = citationsIn(text, passages);
  return {
    draftAnswer: text,
    citations,
    passages,
    route: 'answer',
    nextAgent: next,
    decisions: [
      decision(
        'synthesis',
        state.retryCount > 0 ? 'regenerate' : 'answer',
        `${passages.length} passages, ${citations.length} cited${state.feedback ? ', with validation feedback' : ''}`,
        started,
      ),
    ],
  };
}

/** "passage 2", "passages 1 and 3", "passages 1, 2 and 5". */
function numberList(numbers: readonly number[]): string {
  if (numbers.length === 1) return `passage ${numbers[0]}`;
  return `passages ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}
