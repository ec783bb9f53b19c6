/**
 * Validation: the LLM checks the draft for grounding (claims supported by the cited passages) and
 * relevance. A failed check regenerates with the feedback, at most maxValidationRetries times
 * (counted in state); after that the best attempt is returned with a visible caveat. A failing
 * validator never blocks an answer: the draft goes out as it is.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { isAbortError } from '../../llm/errors';
import { askJson } from '../ask';
import { renderPassage, renderedData, type RenderedData } from '../passages';
import { fitCount } from '../../llm/budget';
import { contextWindow, decision, promptGuard, runtimeOf, type GraphRuntime } from '../runtime';
import { ValidationVerdict } from '../schemas';
import type { DraftAttempt, ResearchStateType, ResearchUpdate } from '../state';

export const CAVEAT_PREFIX = '\n\n> ⚠️ Caveat: this answer could not be fully verified against your documents';

export async function validationNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  if (!runtime.llm) return { nextAgent: 'end', decisions: [decision('validation', 'skipped', 'no LLM', started)] };
  let verdict;
  try {
    verdict = await askJson(runtime, runtime.llm, {
      agent: 'validation',
      prompt: 'validation',
      values: {
        question: state.strategy?.standaloneQuestion || state.question,
        passages: await passagesToCheck(runtime, state),
        answer: state.draftAnswer,
      },
      schema: ValidationVerdict,
    });
  } catch (error) {
    if (isAbortError(error, runtime.signal)) throw error;
    runtime.logger.warn('validation failed to run; returning the draft unchecked', error);
    const code = (error as { code?: string }).code ?? 'error';
    return { nextAgent: 'end', decisions: [decision('validation', 'skipped', `validator failed (${code}): answer returned unchecked`, started)] };
  }
  const passed = verdict.grounded && verdict.relevant;
  const result = { grounded: verdict.grounded, relevant: verdict.relevant, score: verdict.score, feedback: verdict.feedback, unsupported: verdict.unsupported };
  const attempt: DraftAttempt = {
    answer: state.draftAnswer,
    citations: state.citations,
    score: passed ? Math.max(verdict.score, 0.5) : Math.min(verdict.score, 0.49),
  };
  if (passed) {
    return {
      validationResult: result,
      attempts: [attempt],
      nextAgent: 'end',
      decisions: [decision('validation', 'pass', `grounded and relevant (score ${verdict.score})`, started)],
    };
  }
  const problems = [!verdict.grounded && 'not grounded', !verdict.relevant && 'not relevant'].filter(Boolean).join(', ');
  const feedback =
    verdict.feedback.trim() || (verdict.unsupported.length ? `Unsupported claims: ${verdict.unsupported.join('; ')}` : `The draft is ${problems}.`);
  if (state.retryCount < runtime.config.maxValidationRetries) {
    return {
      validationResult: result,
      attempts: [attempt],
      feedback,
      retryCount: state.retryCount + 1,
      nextAgent: 'synthesis',
      decisions: [decision('validation', 'retry', `${problems}: ${feedback} (retry ${state.retryCount + 1}/${runtime.config.maxValidationRetries})`, started)],
    };
  }
  // Out of retries: the best attempt (the latest among equals), with the caveat visible.
  const all = [...state.attempts, attempt];
  const best = all.reduce((a, b) => (b.score >= a.score ? b : a));
  const caveat = `${CAVEAT_PREFIX}: ${feedback}`;
  if (best !== attempt) {
    runtime.emit({ type: 'reset' });
    runtime.emit({ type: 'token', text: best.answer });
  }
  runtime.emit({ type: 'token', text: caveat });
  return {
    validationResult: result,
    attempts: [attempt],
    draftAnswer: best.answer + caveat,
    citations: best.citations,
    nextAgent: 'end',
    decisions: [decision('validation', 'caveat', `${problems} after ${state.retryCount} retries: returning the best attempt with a caveat`, started)],
  };
}

/**
 * The passages the draft cites (numbered as the draft numbers them), then the others while they
 * fit: grounding is judged against what was cited, and a small context must not drop the check.
 */
async function passagesToCheck(runtime: GraphRuntime, state: ResearchStateType): Promise<RenderedData> {
  const cited = new Set(state.citations.map((c) => c.index));
  const order = state.passages.map((hit, i) => ({ hit, n: i + 1 })).sort((a, b) => Number(cited.has(b.n)) - Number(cited.has(a.n)));
  const clean = await promptGuard(runtime, 'validation');
  const rendered = order.map(({ hit, n }) => renderPassage(hit, n, clean, 1500));
  const numCtx = runtime.llm ? await contextWindow(runtime, runtime.llm, 'validation') : runtime.config.maxContextTokens;
  const budget = numCtx - 1000 - Math.ceil(state.draftAnswer.length / 3);
  return renderedData(rendered.slice(0, Math.max(1, fitCount(rendered, budget))).join('\n\n'));
}
