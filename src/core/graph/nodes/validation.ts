/**
 * Validation: the LLM checks the draft for grounding (claims supported by the cited passages) and
 * relevance. A failed check regenerates with the feedback, at most maxValidationRetries times
 * (counted in state); after that the best attempt is returned with a visible caveat. A failing
 * validator never blocks an answer: the draft goes out as it is.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { isAbortError } from '../../llm/errors';
import { askJson } from '../ask';
import { evidenceQuestion, renderPassages } from '../evidence';
import { renderedData, type RenderedData } from '../passages';
import { estimateTokens, fitCount } from '../../llm/budget';
import { contextWindow, decision, promptGuard, runtimeOf, type GraphRuntime } from '../runtime';
import { REPLY_TOKENS, ValidationVerdict } from '../schemas';
import type { DraftAttempt, ResearchStateType, ResearchUpdate } from '../state';

export const CAVEAT_PREFIX = '\n\n> ⚠️ Caveat: this answer could not be fully verified against your documents';

export async function validationNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  if (!runtime.llm) return { nextAgent: 'end', decisions: [decision('validation', 'skipped', 'no LLM', started)] };
  const question = state.strategy?.standaloneQuestion || state.question;
  let verdict;
  try {
    verdict = await askJson(runtime, runtime.llm, {
      agent: 'validation',
      prompt: 'validation',
      values: { question, answer: state.draftAnswer },
      passages: await passagesToCheck(runtime, state, question),
      schema: ValidationVerdict,
      maxTokens: REPLY_TOKENS.validation,
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

/** Tokens (estimated) of the preamble, the passages' heading and the validation prompt around the question and the draft. */
const VALIDATION_PROMPT_TOKENS = 600;

/**
 * The passages synthesis was sent, as the same block (the server has read it already). When the
 * draft leaves too little room, passages the draft does not cite go first, from the end: grounding
 * is judged against what was cited, a small context must not drop the check, and the block's
 * opening stays the one the server has.
 */
async function passagesToCheck(runtime: GraphRuntime, state: ResearchStateType, question: string): Promise<RenderedData> {
  const cited = new Set(state.citations.map((c) => c.index));
  const clean = await promptGuard(runtime, 'validation');
  const numCtx = runtime.llm ? await contextWindow(runtime, runtime.llm, 'validation') : runtime.config.maxContextTokens;
  const budget = numCtx - REPLY_TOKENS.validation - VALIDATION_PROMPT_TOKENS - estimateTokens(question) - estimateTokens(state.draftAnswer);
  const render = (items: Array<{ n: number }>) =>
    renderPassages(
      items.map(({ n }) => state.passages[n - 1]!),
      evidenceQuestion(state),
      clean,
      items.map(({ n }) => n),
    );
  let kept = state.passages.map((_, i) => ({ n: i + 1 }));
  while (
    kept.length > 1 &&
    fitCount(
      render(kept).map((r) => r + '\n\n'),
      budget,
    ) < kept.length
  ) {
    const uncited = kept.findLastIndex(({ n }) => !cited.has(n));
    const drop = uncited >= 0 ? uncited : kept.length - 1;
    kept = kept.filter((_, i) => i !== drop);
  }
  return renderedData(render(kept).join('\n\n'));
}
