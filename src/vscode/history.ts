/**
 * Rebuilds the graph's input from VS Code's chat history. The stable API has no session id and
 * keeps only the markdown parts and the `ChatResult` of earlier turns, so everything the graph
 * needs from the last turn (clarification count, last agent, citations, decisions) travels in
 * `ChatResult.metadata` and is read back here behind a type guard: metadata from an older
 * version of the extension, or from another participant, is ignored rather than trusted.
 */
import * as vscode from 'vscode';
import { BREAK } from './chatMarkdown';
import { unlinkCitations } from './citations/links';
import type { HistoryTurn, TurnInput, TurnMetadata } from '../core/graph/api';

export const PARTICIPANT_ID = 'local-research.research';

/** The metadata we put on every `ChatResult`, tagged so we recognise our own. */
export interface ResearchResultMetadata {
  kind: 'local-research-turn';
  turn: TurnMetadata;
  /** Suggested answers to a clarifying question; the follow-up provider shows them as buttons. */
  followups: Array<{ label: string; prompt: string }>;
  /** The slash command that produced this result, if any. */
  command?: string;
}

export function isResearchMetadata(value: unknown): value is ResearchResultMetadata {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ResearchResultMetadata>;
  return v.kind === 'local-research-turn' && isTurnMetadata(v.turn) && Array.isArray(v.followups);
}

export function isTurnMetadata(value: unknown): value is TurnMetadata {
  if (!value || typeof value !== 'object') return false;
  const m = value as Partial<TurnMetadata>;
  return (
    typeof m.clarificationCount === 'number' &&
    typeof m.lastAgent === 'string' &&
    Array.isArray(m.citations) &&
    Array.isArray(m.decisions) &&
    typeof m.conversationId === 'string'
  );
}

/** The text of an assistant turn as the user saw it (markdown parts only: that is all history keeps). */
export function responseText(turn: vscode.ChatResponseTurn): string {
  const text = turn.response.map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : '')).join('');
  // The sources list is our rendering of the citations (kept in metadata), not part of the answer.
  const sources = text.indexOf(SOURCES_HEADING);
  // Without the zero-width breaks that kept links and images from rendering (../chatMarkdown).
  return unlinkCitations(sources >= 0 ? text.slice(0, sources) : text).replaceAll(BREAK, '').trim();
}

/** Must match what render.ts writes before the citations. */
export const SOURCES_HEADING = '\n\n**Sources**\n';

/**
 * Turns `context.history` into graph history, oldest first, keeping the last `maxTurns` turns.
 * Only turns addressed to this participant count; other participants' exchanges are not ours.
 */
export function historyFromContext(history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn>, maxTurns: number): HistoryTurn[] {
  const turns: HistoryTurn[] = [];
  for (const turn of history) {
    if (turn.participant !== PARTICIPANT_ID) continue;
    if (turn instanceof vscode.ChatRequestTurn) {
      turns.push({ role: 'user', content: turn.prompt });
    } else {
      const metadata = turn.result.metadata;
      turns.push({ role: 'assistant', content: responseText(turn), ...(isResearchMetadata(metadata) ? { metadata: metadata.turn } : {}) });
    }
  }
  // maxTurns counts exchanges (a question and its answer).
  return maxTurns <= 0 ? [] : turns.slice(-maxTurns * 2);
}

export function turnInput(request: { prompt: string }, history: HistoryTurn[]): TurnInput {
  return { question: request.prompt.trim(), history };
}
