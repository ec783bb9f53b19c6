/**
 * An LLM that timed out or cannot be reached mid-turn sends the turn straight to the extractive
 * answer (as the gate does when it is down from the start): every later call of the turn would
 * wait out the same limit or be refused again. Other failures keep each node's safe default.
 */
import { isLlmDown, LlmError } from '../llm/errors';
import type { Decision, TurnResult } from './api';
import { decision, type GraphRuntime } from './runtime';

type Problem = NonNullable<TurnResult['problem']>;

/** The problem a degraded turn reports: a typed LLM error's own words and fix, else `fallback`. */
export function problemOf(error: unknown, fallback: string): Problem {
  return error instanceof LlmError
    ? { code: error.code, message: error.message, ...(error.action ? { action: error.action } : {}) }
    : { code: 'llm-failed', message: fallback };
}

/** The update that ends the turn extractively, or null when `error` leaves the LLM usable. */
export function degradeIfDown(
  error: unknown,
  agent: string,
  runtime: GraphRuntime,
  started: number,
): { nextAgent: 'degraded'; problem: Problem; decisions: Decision[] } | null {
  if (!isLlmDown(error)) return null;
  // One line: the extractive answer repeats the reason and says how to fix it.
  runtime.logger.warn(`${agent}: ${error.message}; answering with quoted passages`);
  return {
    nextAgent: 'degraded' as const,
    problem: problemOf(error, error.message),
    decisions: [decision(agent, 'degraded', error.message, started)],
  };
}
