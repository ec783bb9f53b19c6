/**
 * Context budgeting. Ollama silently truncates a prompt longer than `num_ctx`, which drops the
 * instructions at the start; so we estimate and trim ourselves. The estimate is deliberately
 * pessimistic (3 characters per token; real tokenizers average ~4 on English prose).
 */
import { ContextOverflowError } from './errors';
import type { LlmMessage, LlmRequest } from './llmClient';

const CHARS_PER_TOKEN = 3;
/** Per-message overhead of chat templates (role markers etc.). */
const MESSAGE_OVERHEAD = 8;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessages(messages: readonly LlmMessage[]): number {
  let total = 0;
  for (const m of messages) total += estimateTokens(m.content) + MESSAGE_OVERHEAD;
  return total;
}

/**
 * Keeps the newest messages that fit in `budgetTokens` (always the last one, shortened from the
 * start if it alone is too long), oldest dropped first.
 */
export function trimHistory<T extends { content: string }>(messages: readonly T[], budgetTokens: number): T[] {
  const kept: T[] = [];
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const cost = estimateTokens(messages[i].content) + MESSAGE_OVERHEAD;
    if (used + cost > budgetTokens) {
      if (kept.length === 0) {
        const chars = Math.max(0, (budgetTokens - MESSAGE_OVERHEAD) * CHARS_PER_TOKEN);
        kept.unshift({ ...messages[i], content: messages[i].content.slice(-chars) });
      }
      break;
    }
    kept.unshift(messages[i]);
    used += cost;
  }
  return kept;
}

/** Keeps items in order (best first) while their rendered size fits; returns how many fit. */
export function fitCount(items: readonly string[], budgetTokens: number): number {
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    used += estimateTokens(items[i]);
    if (used > budgetTokens) return i;
  }
  return items.length;
}

/** Throws ContextOverflowError when a request with `numCtx` cannot fit its prompt and answer. */
export function checkFits(request: LlmRequest): void {
  if (!request.numCtx) return;
  const needed = estimateMessages(request.messages) + (request.maxTokens ?? 0);
  if (needed > request.numCtx) throw new ContextOverflowError(needed, request.numCtx);
}
