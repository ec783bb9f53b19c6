/**
 * The question to search for when no LLM rewrote it: a reply to our clarifying question only
 * makes sense together with the question it clarifies.
 */
import type { ResearchStateType } from './state';

export function heuristicStandalone(state: Pick<ResearchStateType, 'messages' | 'question' | 'previousWasClarification'>): string {
  if (!state.previousWasClarification) return state.question;
  // messages: ..., user (original question), assistant (our clarifying question), user (reply = question)
  const earlier = state.messages
    .slice(0, -2)
    .reverse()
    .find((m) => m.role === 'user');
  return earlier ? `${earlier.content} ${state.question}` : state.question;
}
