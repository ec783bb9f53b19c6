/**
 * "Not in your documents": research found that the passages lack the answer (the index's absence
 * signal, with the grader agreeing or unable to tell). Says so plainly, cites the closest passages
 * and suggests a rephrase (../notInDocuments). No LLM call: a model asked to answer from passages
 * that do not hold the answer is the one most tempted to stretch them.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { notInDocumentsAnswer } from '../notInDocuments';
import { decision, runtimeOf } from '../runtime';
import type { ResearchStateType, ResearchUpdate } from '../state';

export async function notFoundNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  const question = state.strategy?.standaloneQuestion || state.question;
  const absence = state.absence ?? { absent: true, confidence: 1, reason: 'no verdict recorded', missing: [] };
  const found = notInDocumentsAnswer(question, state.chunks, absence);
  if (found.citations.length > 0) runtime.emit({ type: 'sources', citations: found.citations });
  runtime.emit({ type: 'token', text: found.answer });
  return {
    draftAnswer: found.answer,
    passages: found.passages,
    citations: found.citations,
    route: 'fallback',
    notInDocuments: true,
    nextAgent: 'end',
    decisions: [decision('notFound', 'not-in-documents', absence.reason, started)],
  };
}
