/**
 * Rebuilds the graph's starting state from what a host keeps between turns: the messages and,
 * on assistant turns we produced, our metadata. VS Code chat turns are stateless and may drop
 * metadata; a history file may never have had it. Without it only counter-based routing works,
 * and the clarification count is reconstructed from the messages as well as possible.
 */
import { createHash, randomUUID } from 'node:crypto';
import { citationMarkers } from '../citations/citationMarkers';
import type { HistoryTurn, TurnMetadata } from './api';
import type { ChatMessage, ResearchUpdate } from './state';

/** The one guard for metadata a host hands back (a CLI history file, VS Code's `ChatResult`): every field its type promises. */
export function isTurnMetadata(value: unknown): value is TurnMetadata {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.clarificationCount === 'number' &&
    typeof m.lastAgent === 'string' &&
    typeof m.conversationId === 'string' &&
    Array.isArray(m.citations) &&
    Array.isArray(m.decisions)
  );
}

/**
 * Without metadata: consecutive trailing assistant turns that read as a clarifying question (a
 * question, no citations) are counted as clarifications. Deliberately structural, not keywords.
 */
export function looksLikeClarification(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > 800) return false;
  if (citationMarkers().test(trimmed)) return false;
  return /\?\s*$/m.test(trimmed);
}

export function reconstructClarificationCount(history: readonly HistoryTurn[]): number {
  let count = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    if (turn.role === 'user') continue;
    if (isTurnMetadata(turn.metadata)) return turn.metadata.clarificationCount + count;
    if (!looksLikeClarification(turn.content)) break;
    count += 1;
  }
  return count;
}

export function conversationIdOf(history: readonly HistoryTurn[], question: string): string {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i].metadata;
    if (history[i].role === 'assistant' && isTurnMetadata(m) && m.conversationId) return m.conversationId;
  }
  // Stable across turns without metadata: derived from the conversation's first user message.
  const first = history.find((t) => t.role === 'user')?.content ?? question;
  return 'conv-' + createHash('sha256').update(first).digest('hex').slice(0, 16);
}

export function initialStateFrom(question: string, history: readonly HistoryTurn[]): ResearchUpdate {
  const messages: ChatMessage[] = history
    .filter((t) => (t.role === 'user' || t.role === 'assistant') && typeof t.content === 'string')
    .map((t) => ({ role: t.role, content: t.content }));
  messages.push({ role: 'user', content: question });
  const lastAssistant = [...history].reverse().find((t) => t.role === 'assistant');
  const meta = lastAssistant && isTurnMetadata(lastAssistant.metadata) ? lastAssistant.metadata : null;
  const previousWasClarification = meta?.lastAgent === 'clarification' && history[history.length - 1]?.role === 'assistant';
  return {
    messages,
    question,
    clarificationCount: meta ? meta.clarificationCount : reconstructClarificationCount(history),
    previousWasClarification,
    previousClarifyingQuestion: previousWasClarification ? (meta?.clarifyingQuestion ?? lastAssistant?.content ?? null) : null,
    conversationId: conversationIdOf(history, question),
    correlationId: randomUUID(),
  };
}
