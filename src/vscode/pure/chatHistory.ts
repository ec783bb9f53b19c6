/**
 * What VS Code's chat history gives back, read into the graph's history. The stable API has no
 * session id and keeps only the Markdown parts and the `ChatResult` of earlier turns, so what the
 * graph needs from the last turn (clarification count, last agent, citations, decisions) travels
 * in `ChatResult.metadata` and is read back behind a type guard: metadata from an older version
 * of the extension, or from another participant, is ignored rather than trusted. The VS Code
 * turns are turned into the plain `ChatTurn`s below by ../chat/history.ts; no `vscode` import here.
 */
import type { HistoryTurn, TurnInput, TurnMetadata } from '../../core/graph/api';
import { isTurnMetadata } from '../../core/graph/history';
import { BREAK } from './chatMarkdown';
import { unlinkCitations } from './citationLinks';
import { PARTICIPANT_ID } from './commandIds';

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

/** Written by ../chat/render.ts before the citations. */
export const SOURCES_HEADING = '\n\n**Sources**\n';

/** An assistant turn's Markdown as the user saw it, back to the answer the model wrote. */
export function answerText(markdown: string): string {
  // The sources list is our rendering of the citations (kept in metadata), not part of the answer.
  const sources = markdown.indexOf(SOURCES_HEADING);
  // Without the zero-width breaks that kept links and images from rendering (./chatMarkdown).
  return unlinkCitations(sources >= 0 ? markdown.slice(0, sources) : markdown)
    .replaceAll(BREAK, '')
    .trim();
}

/** A chat turn as plain data: a request's prompt, or a response's Markdown and result metadata. */
export type ChatTurn = { participant: string } & ({ kind: 'request'; prompt: string } | { kind: 'response'; markdown: string; metadata: unknown });

/**
 * Turns the chat history into graph history, oldest first, keeping the last `maxTurns` exchanges.
 * Only turns addressed to this participant count; other participants' exchanges are not ours.
 */
export function historyFromTurns(history: readonly ChatTurn[], maxTurns: number): HistoryTurn[] {
  const turns: HistoryTurn[] = [];
  for (const turn of history) {
    if (turn.participant !== PARTICIPANT_ID) continue;
    if (turn.kind === 'request') {
      turns.push({ role: 'user', content: turn.prompt });
    } else {
      turns.push({ role: 'assistant', content: answerText(turn.markdown), ...(isResearchMetadata(turn.metadata) ? { metadata: turn.metadata.turn } : {}) });
    }
  }
  // maxTurns counts exchanges (a question and its answer).
  return maxTurns <= 0 ? [] : turns.slice(-maxTurns * 2);
}

export function turnInput(request: { prompt: string }, history: HistoryTurn[]): TurnInput {
  return { question: request.prompt.trim(), history };
}
