/**
 * Synthesis: the answer, streamed token by token, from the retrieved passages only, each claim
 * cited as [n] → file + page/lines. Passages are trimmed (lowest ranked first) to fit the model's
 * context. When the stream breaks (Ollama died mid-answer), the turn falls back to the extractive
 * answer rather than leaving half a sentence.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { estimateMessages, fitCount } from '../../llm/budget';
import { ContextOverflowError, isAbortError } from '../../llm/errors';
import { degradeIfDown, problemOf } from '../llmDown';
import { citationOf, citationsIn, renderPassage, renderedData } from '../passages';
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
  let passages = state.chunks.slice(0, runtime.config.maxPassages);
  try {
    const numCtx = await contextWindow(runtime, llm, 'synthesis');
    const values = {
      question,
      evidence_note: state.evidenceWeak
        ? "\nNote: the search graded these passages as weak matches. If they do not answer the question, say plainly that the documents don't contain the answer.\n"
        : '',
      feedback: state.feedback ? `\nA reviewer rejected your previous draft: ${state.feedback}\nWrite a corrected answer that fixes this.\n` : '',
    };
    const clean = await promptGuard(runtime, 'synthesis');
    const empty = await preparePrompt(runtime, 'synthesis', 'synthesis', { ...values, passages: '' });
    const rendered = passages.map((hit, i) => renderPassage(hit, i + 1, clean));
    const budget =
      numCtx -
      runtime.config.answerTokens -
      estimateMessages([
        { role: 'system', content: empty.system },
        { role: 'user', content: question },
      ]);
    const fit = fitCount(
      rendered.map((r) => r + '\n\n'),
      budget,
    );
    if (fit === 0) throw new ContextOverflowError(numCtx - budget + Math.ceil(rendered[0].length / 3), numCtx);
    passages = passages.slice(0, fit);
    const prepared = await preparePrompt(runtime, 'synthesis', 'synthesis', { ...values, passages: renderedData(rendered.slice(0, fit).join('\n\n')) });
    runtime.emit({ type: 'sources', citations: passages.map((hit, i) => citationOf(hit, i + 1)) });
    const result = await llm.chatStream({
      agent: 'synthesis',
      model: prepared.model,
      messages: [
        { role: 'system', content: prepared.system },
        { role: 'user', content: clean(question) },
      ],
      temperature: prepared.temperature,
      numCtx,
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
